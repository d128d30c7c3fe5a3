import { expect, test } from './support/app-test';
import { signIn } from './support/sign-in';
import {
  completeOnboarding,
  createConfirmedUser,
  deleteUser,
  type TestUser,
} from './support/users';

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

test.describe('a live browser call', () => {
  test.use({ dashboardMode: 'live' });
  let user: TestUser;
  test.afterEach(async () => deleteUser(user));

  test('an onboarded account in live mode hears the provider’s agent, speaks and types, and is billed a minute', async ({
    page,
  }) => {
    user = await createConfirmedUser('talk-live');
    await completeOnboarding(user.id);
    await signIn(page, user);
    await page.getByRole('button', { name: 'Talk to your agent' }).first().click();
    const dialog = page.getByRole('dialog', { name: 'Talk to your agent' });
    await expect(dialog.getByText(/A live call in your browser/)).toBeVisible();
    await dialog.getByLabel('What the agent calls about').fill("Confirm Kim's cleaning tomorrow.");
    await dialog.getByRole('button', { name: 'Start live call · $0.01/min' }).click();

    const call = page.getByRole('dialog', { name: 'On the call with your agent' });
    await expect(
      call.getByText(/Live call · \$0\.01\/min after your free minutes · connected/),
    ).toBeVisible();
    const transcript = call.getByRole('list', { name: 'Transcript' });
    await expect(transcript.getByRole('listitem').first()).toContainText('an AI assistant');
    await call.getByRole('button', { name: 'Speak with microphone' }).click();
    await expect(call.getByRole('button', { name: 'Mute microphone' })).toBeVisible();

    await call.getByLabel('What you say').fill('Who is calling?');
    await call.getByRole('button', { name: 'Say' }).click();
    await expect(transcript.getByRole('listitem').nth(1)).toHaveText('You: Who is calling?');
    await expect(transcript.getByRole('listitem')).toHaveCount(3);
    await expect(transcript.getByRole('listitem').nth(2)).toContainText('This is Aria');

    await call.getByRole('button', { name: 'Hang up' }).click();
    const ended = page.getByRole('dialog', { name: 'Call ended' });
    await ended.getByRole('link', { name: 'See the call' }).click();
    await expect(page).toHaveURL(/mode=live/);
    const detail = page.getByRole('dialog', { name: 'Browser call with your agent' });
    await expect(detail.getByTestId('call-status')).toHaveText('Completed');
    await expect(detail.getByText('Who is calling?')).toBeVisible();
    // A few seconds: one whole minute, from the free minutes.
    await expect(detail.getByText('Billed minutes').locator('xpath=..').locator('dd')).toHaveText(
      '1',
    );
  });
});
