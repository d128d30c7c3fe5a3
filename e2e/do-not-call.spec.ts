import AxeBuilder from '@axe-core/playwright';
import { expect as baseExpect, test } from './support/app-test';
import { createCallingAccount, type CallingAccount } from './support/calling-account';
import { deleteUser } from './support/users';
import { openCallForm, PLACE_CALL } from './support/call-form';
import { signIn } from './support/sign-in';

// The do-not-call list from the dashboard: a callee who opts out during a test call (555-0109)
// is listed for good, the account adds and removes its own numbers, and the test-call form is
// refused for a listed number and for a number the call API does not dial; test mode keeps a list
// of its own.
const expect = baseExpect.configure({ timeout: 30_000 });

test.describe('do not call', () => {
  let account: CallingAccount;
  test.afterEach(async () => deleteUser(account));

  test('a callee opts out, the account manages its own entries, listed numbers are refused', async ({
    page,
  }) => {
    account = await createCallingAccount({ prefix: 'dnc', credits: 5 });
    await signIn(page, account);

    await page.getByRole('tab', { name: 'Calls' }).click();
    const form = await openCallForm(page);
    // A number the call API does not dial is refused in the form, saying why.
    await form.getByLabel('Phone number').fill('900-555-0100');
    await form.getByLabel('Goal').fill('Confirm the delivery window for tomorrow.');
    await form.getByRole('button', { name: PLACE_CALL }).click();
    await expect(form.getByText(/is a premium-rate number/)).toBeVisible();

    await form.getByRole('button', { name: 'Use +1 415-555-0109' }).click();
    await form.getByRole('button', { name: PLACE_CALL }).click();
    const dialog = page.getByRole('dialog', { name: 'Call to +1 415-555-0109' });
    await expect(dialog.getByTestId('call-status')).toHaveText('Completed');
    await expect(dialog.getByText('Goal not achieved')).toBeVisible();
    await expect(dialog.getByText(/Please do not call me again/)).toBeVisible();
    await page.keyboard.press('Escape');

    await page.getByRole('tab', { name: 'Do Not Call' }).click();
    const callee = page.getByRole('row').filter({ hasText: '+1 415-555-0109' });
    await expect(callee.getByText('Callee asked')).toBeVisible();
    await expect(callee.getByText('Kept for good')).toBeVisible();
    await expect(callee.getByRole('button', { name: /Remove/ })).toHaveCount(0);

    await page.getByLabel('Phone number').fill('(415) 555-0133');
    await page.getByRole('button', { name: 'Add number' }).click();
    const own = page.getByRole('row').filter({ hasText: '+1 415-555-0133' });
    await expect(own.getByText('Added by you')).toBeVisible();
    const results = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
      .analyze();
    expect(
      results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical'),
    ).toEqual([]);

    // The form is refused for both listed numbers.
    await page.getByRole('tab', { name: 'Calls' }).click();
    await openCallForm(page);
    await form.getByLabel('Phone number').fill('415-555-0133');
    await form.getByLabel('Goal').fill('Confirm the delivery window for tomorrow.');
    await form.getByRole('button', { name: PLACE_CALL }).click();
    const refusal = page
      .getByRole('alert')
      .filter({ hasText: /\+14155550133 is on your do-not-call list/ });
    await expect(
      refusal.getByText('This number is on your do-not-call list', { exact: true }),
    ).toBeVisible();

    // The standalone page shows the same list; the account's own entry can be removed.
    await page.goto('/do-not-call');
    await page.getByRole('button', { name: 'Remove +1 415-555-0133' }).click();
    await expect(page.getByRole('row').filter({ hasText: '+1 415-555-0133' })).toHaveCount(0);
    await expect(page.getByRole('row').filter({ hasText: '+1 415-555-0109' })).toHaveCount(1);

    // Test mode has a list of its own: the live opt-out is not on it, and what is added there
    // stays there.
    await page.getByRole('group', { name: 'Mode' }).getByRole('button', { name: 'Test' }).click();
    await expect(page.getByText(/This is the test list/)).toBeVisible();
    await expect(page.getByText('No numbers on your do-not-call list.')).toBeVisible();
    await page.getByLabel('Phone number').fill('415-555-0144');
    await page.getByRole('button', { name: 'Add number' }).click();
    await expect(page.getByRole('row').filter({ hasText: '+1 415-555-0144' })).toHaveCount(1);
    await page
      .getByRole('group', { name: 'Mode' })
      .getByRole('button', { name: 'Live · $0.01/min' })
      .click();
    await expect(page.getByRole('row').filter({ hasText: '+1 415-555-0109' })).toHaveCount(1);
    await expect(page.getByRole('row').filter({ hasText: '+1 415-555-0144' })).toHaveCount(0);
  });
});
