import { expect, test } from './support/app-test';
import { TEST_STACK } from './support/stack';

// A developer tries tasks by text message from the local mailbox page: the form posts a
// Twilio-signed inbound SMS to the sms-inbound function and shows the product's reply.
test('texting the product from the mailbox shows its reply', async ({ page }) => {
  await page.goto(TEST_STACK.mailboxUrl);
  await expect(page.getByRole('heading', { name: 'Text the product' })).toBeVisible();
  await page.getByLabel('From').fill('+14155550166');
  await page.getByLabel('Message').fill('HELP');
  await page.getByRole('button', { name: 'Send text' }).click();
  await expect(page.locator('#sms-reply')).toContainText('Reply STOP to opt out');

  await page.getByLabel('Message').fill('Call +1 415 555 0100 and say hello');
  await page.getByRole('button', { name: 'Send text' }).click();
  await expect(page.locator('#sms-reply')).toContainText('not linked to an account');

  await page.getByRole('link', { name: '← All messages' }).click();
  await expect(page.getByRole('cell', { name: 'SMS from +15005550006' }).first()).toBeVisible();
});
