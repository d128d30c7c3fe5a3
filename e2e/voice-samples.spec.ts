import { expect, test } from './support/app-test';
import { signIn } from './support/sign-in';
import { createConfirmedUser, deleteUser, type TestUser } from './support/users';

// Hearing a voice before choosing it: a newcomer, before any paperwork, plays each voice in the
// language chosen on the Phone Agent page, saved or not.
test.use({ dashboardMode: null });

test.describe('voice samples', () => {
  let user: TestUser;
  test.afterEach(async () => deleteUser(user));

  test('a new account hears a voice in a language before saving it', async ({ page }) => {
    user = await createConfirmedUser('voice-samples');
    await signIn(page, user);
    await page.goto('/phone-agent-settings');
    await page.getByLabel('Voice').selectOption('Sarah');
    await page.getByLabel('Language').selectOption({ label: 'German' });

    const sample = page.waitForResponse((response) =>
      response.url().includes('/task/voices/Sarah/sample?language=de'),
    );
    await page.getByRole('button', { name: 'Hear Sarah in German' }).click();
    const response = await sample;
    expect(response.status()).toBe(200);
    expect(response.headers()['content-type']).toBe('audio/wav');
    await expect(page.getByRole('status').filter({ hasText: 'Playing' })).toHaveText(
      "Playing Sarah's greeting in German",
    );

    // Another voice in another language is another sample; nothing was saved.
    await page.getByLabel('Voice').selectOption('Roger');
    await page.getByLabel('Language').selectOption({ label: 'Japanese' });
    await expect(page.getByRole('button', { name: 'Hear Roger in Japanese' })).toBeVisible();
    await page.reload();
    await expect(page.getByLabel('Voice')).toHaveValue('Aria');
  });
});
