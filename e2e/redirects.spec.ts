import { expect as baseExpect, test, type Page } from './support/app-test';
import { paths } from '../src/config/paths';
import { createConfirmedUser, deleteUser, type TestUser } from './support/users';
import { accountUrl } from './support/account-url';

/**
 * Route rules that the other journeys do not walk: the deprecated onboarding
 * step, the protected pages for a signed-out visitor, a confirmation link whose token yields no
 * session, and the standalone pages' side navigation.
 */

// Redirects load lazy route chunks; on a busy machine the dev server can take a while.
const expect = baseExpect.configure({ timeout: 20_000 });

async function signIn(page: Page, user: TestUser) {
  await page.goto(paths.auth.href);
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  await expect(page).toHaveURL(accountUrl('/dashboard'));
}

/** The page names in the standalone pages' side navigation, in order. */
function sideNavigation(page: Page) {
  return page.getByRole('navigation', { name: 'Account' }).getByRole('listitem');
}

test.describe('signed out', () => {
  for (const path of [
    paths.profile.href,
    paths.apiKey.href,
    paths.phoneAgentSettings.href,
    paths.onboardingStep2.href,
  ]) {
    test(`${path} goes to /auth`, async ({ page }) => {
      await page.goto(path);
      await expect(page).toHaveURL(/\/auth$/);
      await expect(page.getByRole('button', { name: 'Sign in', exact: true })).toBeVisible();
    });
  }

  test('/onboarding-step-3 goes to /dashboard, which sends a visitor on to /auth', async ({
    page,
  }) => {
    const visited: string[] = [];
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) visited.push(new URL(frame.url()).pathname);
    });
    await page.goto(paths.onboardingStep3.href);
    await expect(page).toHaveURL(/\/auth$/);
    expect(visited.filter((path, i) => path !== visited[i - 1])).toEqual([
      paths.onboardingStep3.href,
      paths.dashboard.href,
      paths.auth.href,
    ]);
  });

  test('a confirmation link whose token yields no session lands on /auth', async ({ page }) => {
    await page.goto(
      `${paths.home.href}#access_token=forged-token&refresh_token=forged&expires_in=3600&token_type=bearer&type=signup`,
    );
    await expect(page).toHaveURL(/\/auth$/);
    await expect(page.getByText('Authentication Error', { exact: true })).toBeVisible();
    expect(await page.evaluate(() => window.location.hash)).toBe('');
  });
});

test.describe('signed in', () => {
  let user: TestUser;
  test.beforeAll(async () => {
    user = await createConfirmedUser('redirects');
  });
  test.afterAll(async () => deleteUser(user));

  test('/onboarding-step-3 goes to /dashboard', async ({ page }) => {
    await signIn(page, user);
    await page.goto(paths.onboardingStep3.href);
    await expect(page).toHaveURL(accountUrl('/dashboard'));
    await expect(page.getByText('Balance', { exact: true })).toBeVisible();
  });

  test('the side navigation of /billing offers every other page and hides Billing', async ({
    page,
  }) => {
    await signIn(page, user);
    await page.goto(paths.billing.href);
    await expect(page.getByRole('heading', { name: 'Billing', level: 1 })).toBeVisible();
    await expect(sideNavigation(page)).toHaveText([
      'Profile',
      'API Keys',
      'Calls',
      'Batches',
      'Request logs',
      'Do Not Call',
      'Numbers',
      'Webhooks',
      'Usage',
      'Phone Agent',
      'Agents',
      'Dashboard',
    ]);

    await sideNavigation(page).getByRole('link', { name: 'Profile' }).click();
    await expect(page).toHaveURL(accountUrl('/profile'));
    await expect(sideNavigation(page)).toHaveText([
      'API Keys',
      'Calls',
      'Batches',
      'Request logs',
      'Do Not Call',
      'Numbers',
      'Webhooks',
      'Usage',
      'Phone Agent',
      'Agents',
      'Billing',
      'Dashboard',
    ]);
    await sideNavigation(page).getByRole('link', { name: 'Billing' }).click();
    await expect(page).toHaveURL(accountUrl('/billing'));
    await expect(page.getByRole('heading', { name: 'Billing', level: 1 })).toBeVisible();
  });
});
