import { expect, test } from './support/app-test';
import { signIn } from './support/sign-in';
import { createConfirmedUser, deleteUser, type TestUser } from './support/users';

// "Talk to your agent" as a newcomer meets it: right after sign-up, before any paperwork, a
// browser call with the agent on the simulated network, free; the call is then in the Calls list.
test.use({ dashboardMode: null });

test.describe('talk to your agent', () => {
  let user: TestUser;
  test.afterEach(async () => deleteUser(user));

  test('a new account talks with its agent in the browser, reads the transcript, and finds the call', async ({
    page,
  }) => {
    user = await createConfirmedUser('talk-to-agent');
    await signIn(page, user);
    await page.getByRole('button', { name: 'Talk to your agent' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Talk to your agent' });
    await dialog.getByRole('button', { name: 'Start test call' }).click();
    await expect(dialog.getByText('Say what the agent is to do on the call')).toBeVisible();
    await dialog
      .getByLabel('What the agent calls about')
      .fill("Confirm Kim's cleaning tomorrow at 3 pm; offer Thursday if not.");
    await dialog.getByLabel('Voice').selectOption('Roger');
    await dialog.getByRole('button', { name: 'Start test call' }).click();

    const call = page.getByRole('dialog', { name: 'On the call with your agent' });
    const transcript = call.getByRole('list', { name: 'Transcript' });
    await expect(transcript.getByRole('listitem').first()).toContainText('this is Roger');
    await expect(transcript.getByRole('listitem').first()).toContainText(
      "I'm calling to confirm Kim's cleaning tomorrow at 3 pm.",
    );
    await expect(transcript).not.toContainText('Thursday');
    await call.getByLabel('What you say').fill('Are you a robot?');
    await call.getByRole('button', { name: 'Say' }).click();
    await expect(transcript.getByRole('listitem')).toHaveCount(3);
    await expect(transcript.getByRole('listitem').nth(2)).toContainText("Yes, I'm an AI assistant");

    await call.getByLabel('What you say').fill('Goodbye');
    await call.getByRole('button', { name: 'Say' }).click();
    const ended = page.getByRole('dialog', { name: 'Call ended' });
    await expect(ended.getByText('Thank you for your time. Goodbye!')).toBeVisible();
    await ended.getByRole('link', { name: 'See the call' }).click();

    const detail = page.getByRole('dialog', { name: 'Browser call with your agent' });
    await expect(detail.getByTestId('call-status')).toHaveText('Completed');
    await expect(detail.getByText('Are you a robot?')).toBeVisible();
  });
});
