import { expect as baseExpect, test, type Page } from './support/app-test';
import { findVerifyLink, mailbox } from './support/mailbox';
import { createConfirmedUser, deleteUser, uniqueEmail, type TestUser } from './support/users';
import { accountUrl } from './support/account-url';

// Redirects load lazy route chunks; on a busy machine the dev server can take a while.
const expect = baseExpect.configure({ timeout: 20_000 });

async function signIn(page: Page, email: string, password: string) {
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
}

/**
 * Stores a session the server will refuse, as supabase-js keeps it, and returns its storage key.
 * It is planted on a same-origin file that runs no app code: on an app page the lazily loaded
 * auth client could read it first, clear it and toast there.
 */
async function plantStoredSession(
  page: Page,
  { expiresInSeconds, email }: { expiresInSeconds: number; email: string },
): Promise<string> {
  await page.goto('/robots.txt');
  return page.evaluate(
    ({ expiresIn, userEmail }) => {
      const storageKey = 'sb-127-auth-token';
      const refused = {
        access_token: 'refused-access-token',
        refresh_token: 'refused-refresh-token',
        expires_at: Math.floor(Date.now() / 1000) + expiresIn,
        expires_in: 3600,
        token_type: 'bearer',
        user: { id: '00000000-0000-4000-8000-000000000000', email: userEmail },
      };
      localStorage.setItem(storageKey, JSON.stringify(refused));
      return storageKey;
    },
    { expiresIn: expiresInSeconds, userEmail: email },
  );
}

test.describe('sign-up', () => {
  const email = uniqueEmail('signup');
  test.afterAll(async () => deleteUser({ email }));

  test('sign up, confirm from the e-mail, land signed in on /dashboard', async ({ page }) => {
    await page.goto('/auth');
    await page.getByRole('tab', { name: 'Sign up' }).click();
    await expect(page.getByLabel('Password')).toHaveAttribute('autocomplete', 'new-password');
    // The password rule shows before the first submit.
    await expect(page.getByLabel('Password')).toHaveAccessibleDescription('At least 6 characters.');
    const submit = page.getByRole('button', { name: 'Sign up', exact: true });
    await expect(submit).toBeDisabled();
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('a-long-enough-password');
    await submit.click();

    await expect(page.getByRole('heading', { name: 'Check your email to continue' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Go to sign in' })).toBeVisible();

    const mail = await mailbox.latestTo(email);
    const link = findVerifyLink(mail);
    expect(link).toContain('type=signup');

    await page.goto(link);
    await expect(page).toHaveURL(accountUrl('/dashboard'), { timeout: 15_000 });
    await expect(page.getByText('Balance', { exact: true })).toBeVisible();
    // A new account lands on a usable dashboard: no paperwork is asked before going live.
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await page.getByRole('tab', { name: 'Profile' }).click();
    await expect(page.getByText(email)).toBeVisible();
  });

  test("the same confirmation link a second time shows 'Authentication Error'", async ({
    browser,
  }) => {
    // Runs after the journey above, which used the link once; a fresh browser has no session.
    const link = findVerifyLink(await mailbox.latestTo(email));
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(link);
    await expect(page).toHaveURL(/\/auth$/);
    await expect(page.getByText('Authentication Error', { exact: true })).toBeVisible();
    await expect(page.getByText('Email link is invalid or has expired')).toBeVisible();
    await context.close();
  });

  test("a password shorter than the auth server's minimum is refused before it is sent", async ({
    page,
  }) => {
    const signUps: string[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/auth/v1/signup')) signUps.push(request.url());
    });
    await page.goto('/auth');
    await page.getByRole('tab', { name: 'Sign up' }).click();
    await page.getByLabel('Email').fill(uniqueEmail('weak'));
    await page.getByLabel('Password').fill('abc');
    await page.getByRole('button', { name: 'Sign up', exact: true }).click();
    await expect(page.getByText('Use at least 6 characters.')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Check your email to continue' })).toHaveCount(
      0,
    );
    expect(signUps).toEqual([]);
  });
});

test.describe('sign-in', () => {
  let user: TestUser;
  test.beforeAll(async () => {
    user = await createConfirmedUser('signin');
  });
  test.afterAll(async () => deleteUser(user));

  test("a wrong password shows 'Login Error'", async ({ page }) => {
    await page.goto('/auth');
    await signIn(page, user.email, 'not-the-password');
    await expect(page.getByText('Login Error', { exact: true })).toBeVisible();
    await expect(page.getByText('Invalid login credentials')).toBeVisible();
    await expect(page).toHaveURL(/\/auth$/);
  });

  test('a protected path while signed out goes to /auth, and back there after sign-in', async ({
    page,
  }) => {
    await page.goto('/billing');
    await expect(page).toHaveURL(/\/auth$/);
    await signIn(page, user.email, user.password);
    await expect(page.getByText('Login successful!')).toBeVisible();
    await expect(page).toHaveURL(accountUrl('/billing'));
    await expect(page.getByRole('heading', { name: 'Billing', level: 1 })).toBeVisible();
  });

  test('signing in from /auth goes to /dashboard; a signed-in user on /auth is sent there too', async ({
    page,
  }) => {
    await page.goto('/auth');
    await signIn(page, user.email, user.password);
    await expect(page).toHaveURL(accountUrl('/dashboard'));
    await page.goto('/auth');
    await expect(page).toHaveURL(accountUrl('/dashboard'));
    await page.goto('/');
    await expect(page).toHaveURL(accountUrl('/dashboard'));
  });
});

test.describe('unknown paths and URL errors (signed out)', () => {
  test('a public unknown path shows the not-found page with the path and query', async ({
    page,
  }) => {
    await page.goto('/no-such-page?ref=mail');
    await expect(page.getByRole('heading', { name: '404 Page not found' })).toBeVisible();
    await expect(page.getByText('/no-such-page?ref=mail')).toBeVisible();
    await page.getByRole('link', { name: 'Go Back Home' }).click();
    await expect(page).toHaveURL(/\/$/);
  });

  test('an unknown path under a protected prefix goes to /auth when signed out', async ({
    page,
  }) => {
    await page.goto('/dashboard/nothing-here');
    await expect(page).toHaveURL(/\/auth$/);
  });

  test("?error=invalid_refresh_token shows 'Session expired' and goes to /auth", async ({
    page,
  }) => {
    await page.goto('/?error=invalid_refresh_token');
    await expect(page.getByText('Session expired', { exact: true })).toBeVisible();
    await expect(page.getByText('Your session has expired. Please sign in again.')).toBeVisible();
    await expect(page).toHaveURL(/\/auth$/);
  });

  test("stale stored tokens are cleared with 'Session expired'", async ({ page }) => {
    const key = await plantStoredSession(page, {
      expiresInSeconds: -60,
      email: 'gone@example.com',
    });
    await page.goto('/dashboard');
    await expect(page.getByText('Session expired', { exact: true })).toBeVisible();
    await expect(page).toHaveURL(/\/auth$/);
    expect(await page.evaluate((k) => localStorage.getItem(k), key)).toBeNull();
  });

  test("a sign-out the start-up cannot finish shows 'Logout Error' and still drops the tokens", async ({
    page,
  }) => {
    // Unexpired but forged: the server refuses the user, so the start-up signs it out.
    const key = await plantStoredSession(page, {
      expiresInSeconds: 3600,
      email: 'forged@example.com',
    });
    // The network drops the sign-out request; supabase-js then keeps the session it was asked
    // to drop, so the layer must clear it itself.
    await page.route('**/auth/v1/logout**', (route) => route.abort('internetdisconnected'));
    await page.goto('/dashboard');
    await expect(page.getByText('Logout Error', { exact: true })).toBeVisible();
    await expect(
      page.getByText('There was a problem logging out. Please try again.'),
    ).toBeVisible();
    await expect(page).toHaveURL(/\/auth$/);
    expect(await page.evaluate((k) => localStorage.getItem(k), key)).toBeNull();
  });

  test("/auth?error=… shows 'Authentication Error'", async ({ page }) => {
    await page.goto('/auth?error=access_denied&error_description=Link+expired');
    await expect(page.getByText('Authentication Error', { exact: true })).toBeVisible();
    await expect(page.getByText('Link expired')).toBeVisible();
  });
});
