import { expect, test, type Page } from '@playwright/test';
import { paths } from '../src/config/paths';
import { createCallingAccount, type CallingAccount } from './support/calling-account';
import { publicRoutes } from './support/public-routes';
import { signIn } from './support/sign-in';
import { deleteUser } from './support/users';

// A phone's width: every page fits it, and the account's Menu reaches every page from it.
test.use({ viewport: { width: 390, height: 844 } });

/** How far the page reaches past the viewport's right edge, in CSS pixels (0 when it fits). */
function overflow(page: Page): Promise<number> {
  return page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
}

let account: CallingAccount | undefined;
test.afterEach(async () => {
  if (account) await deleteUser(account);
});

test('at 390 px no route scrolls sideways, and the Menu reaches every account page', async ({
  page,
}) => {
  // Every public route, every dashboard tab and account page on the dev server: about two minutes.
  test.setTimeout(240_000);
  const wide: string[] = [];
  const note = async (where: string) => {
    const past = await overflow(page);
    if (past > 0) wide.push(`${where}: ${past} px`);
  };

  // The public pages and sign-in, one after another in the same tab.
  for (const route of publicRoutes) {
    await page.goto(route);
    await expect(page.locator('h1').first()).toBeVisible();
    await note(route);
  }

  // Signed in: every dashboard section through the Menu, which closes on each choice.
  account = await createCallingAccount({ prefix: 'phone-width', credits: 5 });
  await signIn(page, account);
  const menu = page.getByRole('button', { name: 'Menu', exact: true });
  // The tab strip lives in the Menu: hidden until it opens.
  const sections = page.getByRole('tablist', { name: 'Dashboard sections', includeHidden: true });
  await expect(sections).toBeAttached();
  await expect(sections).toBeHidden();
  const names = await sections.getByRole('tab', { includeHidden: true }).allTextContents();
  expect(names.length).toBeGreaterThanOrEqual(8);
  for (const name of names) {
    await menu.click();
    await sections.getByRole('tab', { name, exact: true }).click();
    await expect(sections).toBeHidden();
    await expect(menu.locator('..')).toContainText(name);
    await note(`dashboard ${name}`);
  }

  // The account's own pages, each reached from another's Menu.
  const pages = [
    ['Profile', paths.profile.href],
    ['API Keys', paths.apiKey.href],
    ['Calls', paths.calls.href],
    ['Batches', paths.batches.href],
    ['Phone Agent', paths.phoneAgentSettings.href],
    ['Billing', paths.billing.href],
  ] as const;
  await page.goto(paths.billing.href);
  for (const [name, href] of pages) {
    if (href === paths.billing.href) await page.goto(paths.calls.href);
    // A page that has just arrived may still settle its URL (a new history entry closes the
    // Menu), so open it until it stays open, as a person would click again.
    const account = page.getByRole('navigation', { name: 'Account' });
    await expect(async () => {
      if ((await menu.getAttribute('aria-expanded')) !== 'true') await menu.click();
      await expect(account).toBeVisible({ timeout: 1_000 });
    }).toPass({ timeout: 15_000 });
    await account.getByRole('link', { name, exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${href}$`));
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await note(href);
  }
  await menu.click();
  await expect(page.getByRole('button', { name: 'Log Out' })).toBeVisible();
  expect(wide).toEqual([]);
});
