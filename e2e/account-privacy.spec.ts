import { readFile } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import { expect as baseExpect, test } from './support/app-test';
import { createCallingAccount, type CallingAccount } from './support/calling-account';
import { signIn } from './support/sign-in';
import { deleteUser } from './support/users';

// The privacy policy's rights from the Profile page: a copy of everything held about the account
// as a JSON download, and closing the account through a dialog that asks for its e-mail, after
// which the user is signed out, told, and cannot sign in again.
const expect = baseExpect.configure({ timeout: 30_000 });

test.describe('account privacy', () => {
  let account: CallingAccount;
  test.afterEach(async () => deleteUser(account));

  test('download my data, then delete the account through the dialog', async ({ page }) => {
    account = await createCallingAccount({ prefix: 'privacy', credits: 5 });
    await signIn(page, account);
    await page.goto('/profile');

    const download = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Download my data' }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^dialwise-account-\d{4}-\d{2}-\d{2}\.json$/);
    const text = await readFile((await file.path())!, 'utf8');
    const data = JSON.parse(text) as {
      account: { email: string };
      kyc: { legal_name: string } | null;
      api_keys: { key: string }[];
    };
    expect(data.account.email).toBe(account.email);
    expect(data.kyc).not.toBeNull();
    expect(data.api_keys.length).toBe(1);
    expect(text).not.toContain(account.apiKey);

    await page.getByRole('button', { name: 'Delete account' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
    await expect(dialog.getByText(/Unused credits are forfeited/)).toBeVisible();
    await expect(dialog.getByRole('link', { name: 'Contact us' })).toHaveAttribute(
      'href',
      '/contact',
    );
    const confirm = dialog.getByLabel(`Type ${account.email} to confirm`);
    await confirm.fill('someone-else@example.com');
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await expect(dialog.getByText('That is not the e-mail address of this account.')).toBeVisible();
    const results = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
      .analyze();
    expect(
      results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical'),
    ).toEqual([]);
    await page.screenshot({ path: 'test-results/delete-account-dialog.png' });

    await confirm.fill(account.email);
    await dialog.getByRole('button', { name: 'Delete my account' }).click();
    await expect(page.getByText('Your account is closed')).toBeVisible();
    await expect(page).toHaveURL(/\/$/);

    // Signing in again is refused.
    await page.goto('/auth');
    await page.getByLabel('Email').fill(account.email);
    await page.getByLabel('Password').fill(account.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page.getByText(/banned/i).first()).toBeVisible();
    await expect(page).toHaveURL(/\/auth/);
  });
});
