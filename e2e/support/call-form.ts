import type { Page } from '@playwright/test';

/** Opens the Calls tab's form to place a call (in the page's mode) and returns it. */
export async function openCallForm(page: Page) {
  await page.getByRole('button', { name: /^Place a (test|live) call/ }).click();
  return page.getByRole('form', { name: /^Place a (test|live) call$/ });
}

/** The form's submit button, whatever the mode. */
export const PLACE_CALL = /^Place (test|live) call$/;
