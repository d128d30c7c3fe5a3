import { expect as baseExpect, test, type Page } from './support/app-test';
import {
  completeOnboarding,
  createConfirmedUser,
  deleteUser,
  type TestUser,
} from './support/users';
import { createCallingAccount, type CallingAccount } from './support/calling-account';
import { signIn } from './support/sign-in';
import { TEST_STACK } from './support/stack';
import { accountUrl } from './support/account-url';

// Buying credits as a person does: the billing tab → the local Stripe's checkout page → back.
const expect = baseExpect.configure({ timeout: 20_000 });

async function startCheckout(page: Page, amount: string) {
  await page.getByRole('tab', { name: 'Billing' }).click();
  await expect(page.getByText('No purchase history found.', { exact: false })).toBeVisible();
  const field = page.getByRole('spinbutton', { name: 'Amount (USD)' });
  await expect(field).toHaveValue('10');
  await field.fill(amount);
  await page.getByRole('button', { name: 'Purchase Credits' }).click();
  await expect(page.getByRole('heading', { name: 'Pay Dialwise' })).toBeVisible();
}

const balance = (page: Page) => page.getByTestId('balance-amount');

test.describe('buying credits', () => {
  let user: TestUser;
  test.beforeEach(async ({ page }) => {
    user = await createConfirmedUser('billing');
    await completeOnboarding(user.id);
    await signIn(page, user);
    await expect(balance(page)).toHaveText('$0.00');
  });
  test.afterEach(async () => deleteUser(user));

  test('buy $25 with the test card: back on the billing tab with the balance and the history', async ({
    page,
  }) => {
    await startCheckout(page, '25');
    await expect(page.getByText('$25.00').first()).toBeVisible();
    await expect(page.getByLabel('Email')).toHaveValue(user.email);
    await expect(page.getByLabel('Card number')).toHaveValue('4242 4242 4242 4242');
    await page.getByRole('button', { name: 'Pay $25.00' }).click();

    // Back on the billing tab; the checkout's own parameters are dropped, the tab stays.
    await expect(page).toHaveURL(accountUrl('/dashboard?tab=billing'));
    await expect(page.getByRole('tab', { name: 'Billing' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await expect(page.getByText('$25.00 in credits was added to your balance.')).toBeVisible();
    await expect(balance(page)).toHaveText('$25.00');
    const rows = page.getByRole('table').getByRole('row');
    await expect(rows).toHaveCount(2);
    await expect(rows.nth(1)).toContainText('$25.00');
    await expect(rows.nth(1)).toContainText('Credit Purchase');
    await expect(rows.nth(1)).toContainText(/[A-Z][a-z]{2} \d{1,2}, \d{4} • \d{1,2}:\d{2} [AP]M/);

    // A reload neither repeats the toast nor credits again.
    await page.reload();
    await expect(balance(page)).toHaveText('$25.00');
  });

  test('a declined card adds nothing', async ({ page }) => {
    await startCheckout(page, '40');
    await page.getByLabel('Card number').fill('4000 0000 0000 0002');
    await page.getByRole('button', { name: 'Pay $40.00' }).click();
    await expect(page.getByRole('alert')).toHaveText('Your card was declined.');
    await page.getByRole('link', { name: 'Cancel' }).click();
    await expect(page).toHaveURL(accountUrl('/dashboard?tab=billing'));
    await expect(page.getByText('No payment was made. Your balance is unchanged.')).toBeVisible();
    await expect(balance(page)).toHaveText('$0.00');
    await expect(
      page.getByText(
        'No purchase history found. Your transactions will appear here after you make a purchase.',
      ),
    ).toBeVisible();
  });

  test('a canceled checkout adds nothing', async ({ page }) => {
    await startCheckout(page, '10');
    await page.getByRole('link', { name: 'Cancel' }).click();
    await expect(page.getByRole('tab', { name: 'Billing' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await expect(page.getByText('Checkout canceled')).toBeVisible();
    await expect(balance(page)).toHaveText('$0.00');
    await expect(page.getByRole('spinbutton', { name: 'Amount (USD)' })).toBeEnabled();
  });

  test('the amount rules, and /billing with its side navigation', async ({ page }) => {
    await page.goto('/billing');
    const nav = page.getByRole('navigation', { name: 'Account' });
    for (const name of ['Profile', 'API Keys', 'Calls', 'Phone Agent', 'Dashboard'])
      await expect(nav.getByRole('link', { name })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Billing' })).toHaveCount(0);
    // The dashboard's frame: the balance and Log Out.
    await expect(balance(page)).toHaveText('$0.00');
    await expect(page.getByRole('button', { name: 'Log Out' })).toBeVisible();
    const field = page.getByRole('spinbutton', { name: 'Amount (USD)' });
    await field.fill('501');
    await page.getByRole('button', { name: 'Purchase Credits' }).click();
    await expect(page.getByText('Maximum purchase is $500')).toBeVisible();
    await field.fill('9');
    await expect(page.getByText('Minimum purchase is $10')).toBeVisible();
    await expect(page).toHaveURL(accountUrl('/billing'));
  });
});

test.describe('what calls not yet ended hold', () => {
  let account: CallingAccount;
  test.afterEach(async () => deleteUser(account));

  test('a call waiting for its retry shows its free minutes and credits as held, beside what is left', async ({
    page,
  }) => {
    account = await createCallingAccount({ prefix: 'holds', credits: 5, freeMinutesUsed: 90 });
    // 555-0106 goes unanswered first: the task waits 5 minutes for its retry, keeping its hold
    // of 15 minutes: the 10 free minutes left, and 5 cents of credits.
    const created = await fetch(`${TEST_STACK.apiUrl}/functions/v1/task`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${account.apiKey}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({
        phone_number: '+14155550106',
        goal: 'Confirm the appointment.',
        max_duration_minutes: 15,
        retry: { max_attempts: 2, interval_minutes: 5 },
      }),
    });
    expect(created.status).toBe(201);
    const { id } = (await created.json()) as { id: string };
    await expect
      .poll(
        async () => {
          const task = await fetch(`${TEST_STACK.apiUrl}/functions/v1/task/${id}`, {
            headers: { Authorization: `Bearer ${account.apiKey}` },
          });
          return ((await task.json()) as { status: string }).status;
        },
        { timeout: 30_000 },
      )
      .toBe('retry_scheduled');

    await signIn(page, account);
    await expect(balance(page)).toHaveText('$4.95');
    await expect(page.getByTestId('balance-held')).toHaveText('· $0.05 held for calls in progress');
    await page.getByRole('tab', { name: 'Billing' }).click();
    await expect(page.getByTestId('usage-free-minutes')).toHaveText(
      'Free minutes left0 of 10010 held for calls in progress',
    );
    await expect(page.getByTestId('usage-credits')).toHaveText(
      'Credits available$4.95$0.05 held for calls in progress',
    );
  });
});
