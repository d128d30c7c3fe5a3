import { test as base, type Page } from '@playwright/test';

/**
 * Playwright's `test`, whose pages wait, after each load of the app, until the app has taken the
 * page over (src/main.tsx marks `<html data-interactive>`). A prerendered page is painted before
 * its scripts run; a person's first click there may do nothing, a test's must not.
 *
 * `dashboardMode` is the Test / Live switch a browser starts with: the journeys of an onboarded
 * account start in Live, as its user left it; `null` is a new browser (Test, the default).
 */
export const test = base.extend<{ dashboardMode: 'live' | 'test' | null }>({
  dashboardMode: ['live', { option: true }],
  context: async ({ context, baseURL, dashboardMode }, use) => {
    if (dashboardMode)
      await context.addInitScript((mode) => {
        // A sandboxed frame (the mailbox's message, and a tab it opens) may not touch storage.
        try {
          if (!localStorage.getItem('dialwise.dashboard-mode'))
            localStorage.setItem('dialwise.dashboard-mode', mode);
        } catch {
          // Nothing to set where the page keeps no storage.
        }
      }, dashboardMode);
    context.on('page', (page) => waitForTheAppOnLoad(page, baseURL));
    await use(context);
  },
});

export { expect } from '@playwright/test';
export type { Page } from '@playwright/test';

function waitForTheAppOnLoad(page: Page, baseURL: string | undefined) {
  const appOrigin = baseURL ? new URL(baseURL).origin : null;
  const isApp = () => appOrigin !== null && page.url().startsWith(appOrigin);
  const waitForTheApp = () =>
    page.waitForFunction(
      // A file the server sends as it is (robots.txt) has no app to wait for.
      () =>
        document.getElementById('root') === null ||
        document.documentElement.hasAttribute('data-interactive'),
      null,
      { timeout: 30_000 },
    );
  /** `load`, then (on the app) the wait for the app to take the page over. */
  const thenWaitForTheApp =
    <Args extends unknown[], Result>(load: (...args: Args) => Promise<Result>) =>
    async (...args: Args) => {
      const response = await load(...args);
      if (isApp()) await waitForTheApp();
      return response;
    };
  page.goto = thenWaitForTheApp(page.goto.bind(page));
  page.reload = thenWaitForTheApp(page.reload.bind(page));
}
