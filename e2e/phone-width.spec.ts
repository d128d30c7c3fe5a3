import { expect, test, type Page } from './support/app-test';
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

test('at 390 px no route scrolls sideways, and the Menu reaches every dashboard section', async ({
  page,
}) => {
  // Every public route and every dashboard tab: about a minute on the production build.
  test.setTimeout(240_000);
  const wide: string[] = [];
  // Measured once the page has settled: a page still loading may lay out wider for a moment.
  const note = async (where: string) => {
    await page.waitForLoadState('networkidle');
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

  await menu.click();
  await expect(page.getByRole('button', { name: 'Log Out' })).toBeVisible();
  expect(wide).toEqual([]);
});
