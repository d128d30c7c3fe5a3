import { expect as baseExpect, test, type Page } from './support/app-test';
import { createClient } from '@supabase/supabase-js';
import WebSocket from 'ws';
import { findVerifyLink, mailbox } from './support/mailbox';
import { TEST_STACK } from './support/stack';
import {
  completeOnboarding,
  createConfirmedUser,
  deleteUser,
  type TestUser,
} from './support/users';
import { accountUrl } from './support/account-url';

const expect = baseExpect.configure({ timeout: 20_000 });

/** Whether the auth server accepts this password for the user (a fresh client, no browser). */
async function passwordWorks(email: string, password: string): Promise<boolean> {
  const client = createClient(TEST_STACK.apiUrl, TEST_STACK.publishableKey, {
    auth: { persistSession: false, autoRefreshToken: false },
    realtime: { transport: WebSocket as never },
  });
  const { data } = await client.auth.signInWithPassword({ email, password });
  return !!data.session;
}

function collectConsoleErrors(page: Page, errors: string[] = []): string[] {
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  page.on('pageerror', (error) => errors.push(error.message));
  return errors;
}

test.describe('password reset', () => {
  let user: TestUser;
  test.beforeAll(async () => {
    user = await createConfirmedUser('reset');
    await completeOnboarding(user.id);
  });
  test.afterAll(async () => deleteUser(user));

  test('Forgot password? → the e-mail → a new password → signed in on /dashboard', async ({
    page: start,
  }) => {
    let page = start;
    const errors = collectConsoleErrors(page);
    await page.goto('/auth');
    await page.getByLabel('Email').fill(user.email);
    await page.getByRole('button', { name: 'Forgot password?' }).click();
    await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByRole('heading', { name: 'Check your email' })).toBeVisible();

    const mail = await mailbox.latestTo(user.email);
    expect(mail.Subject).toBe('Reset your Dialwise password');
    const link = findVerifyLink(mail);
    expect(link).toContain('type=recovery');
    // The link returns to this app's own origin (which moves with DIALWISE_PORT_OFFSET).
    expect(new URL(link).searchParams.get('redirect_to')).toBe(
      `${new URL(page.url()).origin}/reset-password`,
    );

    // Followed as a person would: from the mailbox's page, where the link opens in a new tab
    // (the message frame is sandboxed, and the app could not run inside it).
    // (The mailbox's own page is not the app: its console is not read.)
    const mailboxPage = await page.context().newPage();
    await mailboxPage.goto(`${TEST_STACK.mailboxUrl}/view/${mail.ID}`);
    const [tab] = await Promise.all([
      mailboxPage.waitForEvent('popup'),
      mailboxPage
        .frameLocator('iframe[title="Message"]')
        .getByRole('link', { name: 'Set a new password' })
        .click(),
    ]);
    page = tab!;
    collectConsoleErrors(page, errors);
    await expect(page).toHaveURL(/\/reset-password$/);
    await expect(page.getByRole('heading', { name: 'Set a new password' })).toBeVisible();
    await expect(page.getByText(user.email)).toBeVisible();
    // The link signed in only to set a password: nothing greets it as a finished sign-in.
    await expect(page.getByText('Sign in successful')).toHaveCount(0);
    await expect(page.getByLabel('New password', { exact: true })).toHaveAccessibleDescription(
      'At least 6 characters.',
    );
    const newPassword = 'a-brand-new-password';
    await page.getByLabel('New password', { exact: true }).fill(newPassword);
    await page.getByLabel('Confirm new password').fill(newPassword);
    await page.screenshot({ path: 'test-results/password-reset-form.png' });
    await page.getByRole('button', { name: 'Set new password' }).click();

    await expect(page.getByText('Password updated', { exact: true })).toBeVisible();
    await expect(page).toHaveURL(accountUrl('/dashboard'));
    await expect(page.getByText('Balance', { exact: true })).toBeVisible();
    expect(await passwordWorks(user.email, newPassword)).toBe(true);
    expect(await passwordWorks(user.email, user.password)).toBe(false);
    user.password = newPassword;

    // The link works once: a second visit, in a fresh browser, offers a new one.
    const fresh = await page.context().browser()!.newContext();
    const second = await fresh.newPage();
    await second.goto(link);
    await expect(second).toHaveURL(/\/auth$/);
    await expect(second.getByText('Authentication Error', { exact: true })).toBeVisible();
    await fresh.close();
    expect(errors).toEqual([]);
  });

  test('a signed-in user changes the password in Profile', async ({ page }) => {
    const errors = collectConsoleErrors(page);
    await page.goto('/auth');
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Password').fill(user.password);
    await page.getByRole('button', { name: 'Sign in', exact: true }).click();
    await expect(page).toHaveURL(/\/dashboard/);

    await page.goto('/profile');
    await expect(page.getByRole('heading', { name: 'Change password' })).toBeVisible();
    // The rule is shown before anything is submitted, as on sign-up and /reset-password.
    await expect(page.getByLabel('New password', { exact: true })).toHaveAccessibleDescription(
      'At least 6 characters.',
    );
    const changed = 'changed-in-profile';
    await page.getByLabel('New password', { exact: true }).fill(changed);
    await page.getByLabel('Confirm new password').fill('not-the-same');
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect(page.getByText('The passwords do not match')).toBeVisible();
    await page.getByLabel('Confirm new password').fill(changed);
    await page.getByRole('button', { name: 'Change password' }).click();
    await expect(page.getByText('Password updated', { exact: true })).toBeVisible();
    await expect(page.getByLabel('New password', { exact: true })).toHaveValue('');
    await page.screenshot({ path: 'test-results/profile-change-password.png', fullPage: true });

    expect(await passwordWorks(user.email, changed)).toBe(true);
    expect(await passwordWorks(user.email, user.password)).toBe(false);
    // Still signed in here: the page keeps working after the change.
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Change password' })).toBeVisible();
    expect(errors).toEqual([]);
  });
});
