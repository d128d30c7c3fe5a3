import { expect as baseExpect, test } from './support/app-test';
import { TEST_STACK } from './support/stack';
import {
  completeOnboarding,
  createConfirmedUser,
  deleteUser,
  DEMO_USER,
  type TestUser,
} from './support/users';
import { signIn } from './support/sign-in';
import { accountUrl } from './support/account-url';

// Redirects load lazy route chunks; on a busy machine the dev server can take a while.
const expect = baseExpect.configure({ timeout: 20_000 });

const AUTH_STORAGE_KEY = 'sb-127-auth-token';

test("the balance bar shows the seeded demo account's credits", async ({ page }) => {
  await signIn(page, DEMO_USER);
  await expect(page.getByText('Balance', { exact: true })).toBeVisible();
  await expect(page.getByText('$25.00')).toBeVisible();
});

test.describe('a signed-in user', () => {
  let user: TestUser;
  test.beforeEach(async () => {
    user = await createConfirmedUser('dashboard');
    await completeOnboarding(user.id);
  });
  test.afterEach(async () => deleteUser(user));

  test('tabs, the balance button and the profile', async ({ page }) => {
    await signIn(page, user);
    await expect(page.getByRole('tab', { name: 'Getting started' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await page.getByRole('tab', { name: 'Profile' }).click();
    await expect(page.getByText(user.email)).toBeVisible();
    await page.getByRole('button', { name: 'Add Credits' }).click();
    await expect(page.getByRole('tab', { name: 'Billing' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await page.goto('/profile');
    await expect(page.getByText(user.email)).toBeVisible();
  });

  test('the open tab is in the URL: reload and Back keep the place', async ({ page }) => {
    await signIn(page, user);
    await page.getByRole('tab', { name: 'Calls' }).click();
    // In live mode (this journey's) every account page says so in its URL.
    await expect(page).toHaveURL(/\/dashboard\?tab=calls&mode=live$/);
    await page.getByRole('tab', { name: 'Profile' }).click();
    await expect(page).toHaveURL(accountUrl('/dashboard?tab=profile'));
    await page.reload();
    await expect(page.getByRole('tab', { name: 'Profile' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    await expect(page.getByText(user.email)).toBeVisible();
    await page.goBack();
    await expect(page).toHaveURL(accountUrl('/dashboard?tab=calls'));
    await expect(page.getByRole('tab', { name: 'Calls' })).toHaveAttribute('aria-selected', 'true');
    await page.screenshot({ path: 'test-results/dashboard-calls-tab.png' });
  });

  test('/calls and /profile have the same frame: balance, sidebar and Log Out', async ({
    page,
  }) => {
    const errors: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    await signIn(page, user);
    for (const [path, title] of [
      ['/calls', 'Calls'],
      ['/profile', 'Profile'],
    ] as const) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
      await expect(page.getByText('Balance', { exact: true })).toBeVisible();
      await expect(page.getByTestId('balance-amount')).toBeVisible();
      await expect(page.getByRole('button', { name: 'Log Out' })).toBeVisible();
      await expect(
        page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name: 'Dashboard' }),
      ).toBeVisible();
    }
    await page.screenshot({ path: 'test-results/profile-page.png', fullPage: true });
    await page.getByRole('button', { name: 'Log Out' }).click();
    await expect(page).toHaveURL(/\/$/);
    expect(errors).toEqual([]);
  });

  test('unknown paths: under a protected prefix → /dashboard; public → 404 with Go to Dashboard', async ({
    page,
  }) => {
    await signIn(page, user);
    await page.goto('/billing/nope');
    await expect(page).toHaveURL(accountUrl('/dashboard'));
    await page.goto('/pricing?error=something');
    await expect(page).toHaveURL(accountUrl('/dashboard'));
    await page.goto('/definitely-not-here');
    await expect(page.getByRole('heading', { name: '404 Page not found' })).toBeVisible();
    await page.getByRole('link', { name: 'Go to Dashboard' }).click();
    await expect(page).toHaveURL(accountUrl('/dashboard'));
  });

  test('log out goes to / and the session is really gone', async ({ page, request }) => {
    await signIn(page, user);
    const refreshToken = await page.evaluate(
      (key) =>
        (JSON.parse(localStorage.getItem(key) ?? '{}') as { refresh_token?: string }).refresh_token,
      AUTH_STORAGE_KEY,
    );
    expect(refreshToken).toBeTruthy();

    await page.getByRole('button', { name: 'Log Out' }).click();
    await expect(page).toHaveURL(/\/$/);
    expect(await page.evaluate((key) => localStorage.getItem(key), AUTH_STORAGE_KEY)).toBeNull();

    const refused = await request.post(
      `${TEST_STACK.apiUrl}/auth/v1/token?grant_type=refresh_token`,
      {
        headers: { apikey: TEST_STACK.publishableKey, 'Content-Type': 'application/json' },
        data: { refresh_token: refreshToken },
      },
    );
    expect(refused.status()).toBe(400);

    await page.goto('/dashboard');
    await expect(page).toHaveURL(/\/auth$/);
  });
});
