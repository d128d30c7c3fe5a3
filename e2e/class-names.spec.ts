import { expect, test } from './support/app-test';
import { paths } from '../src/config/paths';
import { createCallingAccount, type CallingAccount } from './support/calling-account';
import { listenForClassFights } from './support/class-fights';
import { publicRoutes } from './support/public-routes';
import { scrollThroughPage } from '../scripts/scroll-through-page';
import { openCallForm, PLACE_CALL } from './support/call-form';
import { signIn } from './support/sign-in';
import { deleteUser } from './support/users';

// Production joins class names without merging them (src/lib/cn.ts), so no component may pass
// two classes that fight (two paddings, two displays). The development build reports such a list
// on the console: every public page read top to bottom, and what only opens on a click (the
// menus, the dashboard's tabs and dialogs).

test('no public page passes classes that fight', async ({ page }) => {
  test.setTimeout(180_000);
  const fights = listenForClassFights(page);
  await page.emulateMedia({ reducedMotion: 'reduce' });
  await page.goto(paths.home.href);
  for (const route of publicRoutes) {
    // Within the app, as its own links go: one load of the dev server's modules for all pages.
    await page.evaluate((path) => {
      window.history.pushState(null, '', path);
      window.dispatchEvent(new PopStateEvent('popstate'));
    }, route);
    await expect(page).toHaveURL(route);
    await expect(page.locator('main h1').first()).toBeVisible();
    await scrollThroughPage(page);
  }
  expect(fights).toEqual([]);
});

test('the Use Cases menu passes no classes that fight, on a wide screen and on a phone', async ({
  page,
}) => {
  const fights = listenForClassFights(page);
  await page.goto(paths.home.href);
  await page.getByRole('button', { name: 'Use Cases' }).first().click();
  await expect(page.getByTestId('use-cases-panel')).toBeVisible();
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('button', { name: 'Menu', exact: true }).click();
  await page.getByRole('navigation', { name: 'Mobile' }).getByRole('button').first().click();
  expect(fights).toEqual([]);
});

test.describe('the dashboard', () => {
  let account: CallingAccount;
  test.afterEach(async () => deleteUser(account));

  test('passes no classes that fight in any tab or dialog', async ({ page }) => {
    test.setTimeout(120_000);
    account = await createCallingAccount({ prefix: 'classes', credits: 5 });
    const fights = listenForClassFights(page);
    await signIn(page, account);
    // Every tab of the dashboard, as its tab strip names them.
    const sections = page.getByRole('tablist', { name: 'Dashboard sections' });
    await expect(sections).toBeVisible();
    const tabs = await sections.getByRole('tab').allTextContents();
    expect(tabs.length).toBeGreaterThanOrEqual(8);
    for (const tab of tabs) {
      await sections.getByRole('tab', { name: tab, exact: true }).click();
      await expect(sections.getByRole('tab', { name: tab, exact: true })).toHaveAttribute(
        'aria-selected',
        'true',
      );
      await page.waitForLoadState('networkidle');
    }
    // A call's detail dialog and the key's confirmation dialog.
    await page.getByRole('tab', { name: 'Calls' }).click();
    const form = await openCallForm(page);
    await form.getByRole('button', { name: 'Use +1 415-555-0100' }).click();
    await form.getByLabel('Goal').fill('Confirm the dental appointment tomorrow at 3 pm.');
    await form.getByRole('button', { name: PLACE_CALL }).click();
    const dialog = page.getByRole('dialog', { name: 'Call to +1 415-555-0100' });
    await expect(dialog).toBeVisible({ timeout: 30_000 });
    await expect(dialog.getByTestId('call-status')).toHaveText('Completed', { timeout: 30_000 });
    await page.keyboard.press('Escape');
    // The per-call signing secret's Rotate lives on the Webhooks tab.
    await page.getByRole('tab', { name: 'Webhooks' }).click();
    await page.getByRole('button', { name: 'Rotate', exact: true }).click();
    await expect(page.getByRole('dialog', { name: 'Rotate the signing secret?' })).toBeVisible();
    await page.keyboard.press('Escape');
    for (const path of [paths.billing.href, paths.calls.href, paths.apiKey.href]) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
    }
    expect(fights).toEqual([]);
  });
});
