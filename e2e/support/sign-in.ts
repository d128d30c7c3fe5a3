import { expect, type Page } from '@playwright/test';
import { accountUrl } from './account-url';

/** Signs in on /auth as a person would and waits for the dashboard. */
export async function signIn(page: Page, user: { email: string; password: string }) {
  await page.goto('/auth');
  await page.getByLabel('Email').fill(user.email);
  await page.getByLabel('Password').fill(user.password);
  await page.getByRole('button', { name: 'Sign in', exact: true }).click();
  // The dashboard's lazy chunks can be slow on a busy machine.
  await expect(page).toHaveURL(accountUrl('/dashboard'), { timeout: 30_000 });
}
