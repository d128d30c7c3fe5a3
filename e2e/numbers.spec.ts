import { expect as baseExpect, test } from './support/app-test';
import { createCallingAccount, type CallingAccount } from './support/calling-account';
import { mailbox } from './support/mailbox';
import { signIn } from './support/sign-in';
import { deleteUser } from './support/users';

// The Numbers page against the local stack: a number is bought at the Vapi stand-in, and a caller
// ID is verified with the code the Twilio stand-in delivered to the local mailbox.
const expect = baseExpect.configure({ timeout: 30_000 });

test.describe('numbers', () => {
  let account: CallingAccount;
  test.afterEach(async () => deleteUser(account));

  test('buy a number, verify a caller ID by its texted code, make it the default, release the first', async ({
    page,
  }) => {
    account = await createCallingAccount({ prefix: 'numbers', credits: 5 });
    await signIn(page, account);
    await page.goto('/numbers');
    await expect(page.getByText('No active numbers')).toBeVisible();

    const form = page.getByRole('form', { name: 'Add a number' });
    await expect(form.getByText(/\$2\.00 a month from credits/)).toBeVisible();
    await form.getByLabel('Area code').fill('41');
    await form.getByRole('button', { name: 'Buy the number' }).click();
    await expect(form.getByText('Three digits, like 415, or leave it empty.')).toBeVisible();
    await form.getByLabel('Area code').fill('415');
    await form.getByRole('button', { name: 'Buy the number' }).click();
    const numbers = page.getByRole('list', { name: 'Your numbers' });
    const bought = numbers.getByRole('listitem').first();
    await expect(bought).toContainText(/\+1 ?\(?415/);
    await expect(bought.getByText('Default', { exact: true })).toBeVisible();

    // Local presence: off until turned on, and kept.
    const localPresence = page.getByLabel('Local presence');
    await expect(localPresence).not.toBeChecked();
    await localPresence.check();
    await expect(page.getByText('Local presence is on.')).toBeVisible();
    await page.reload();
    await expect(page.getByLabel('Local presence')).toBeChecked();

    // What the agent does when someone calls the bought number back.
    await bought.getByText(/When someone calls/).click();
    const agent = bought.getByRole('form', { name: /Inbound agent of/ });
    await agent.getByLabel('What the agent should do (optional)').fill('Give the Saturday hours.');
    await agent.getByLabel('Connect callers to (optional)').fill('+14155550123');
    await agent.getByRole('button', { name: 'Save inbound settings' }).click();
    await expect(page.getByText(/follow the new settings/)).toBeVisible();
    await page.reload();
    await bought.getByText(/When someone calls/).click();
    await expect(agent.getByLabel('What the agent should do (optional)')).toHaveValue(
      'Give the Saturday hours.',
    );
    await expect(agent.getByLabel('Connect callers to (optional)')).toHaveValue('+14155550123');

    const callerId = `+1628555${String(1000 + Math.floor(Math.random() * 8999))}`;
    await form.getByLabel('How').selectOption('caller_id');
    await form.getByLabel('Number').fill(callerId);
    await form.getByRole('button', { name: 'Text me a code' }).click();
    const pending = numbers.getByRole('listitem').nth(1);
    await expect(pending.getByText('Waiting for its code')).toBeVisible();
    const sms = await mailbox.latestTo(callerId);
    const code = /code is (\d{6})/.exec(sms.Text)![1]!;
    await pending.getByLabel(/Code texted to/).fill(code);
    await pending.getByRole('button', { name: 'Verify' }).click();
    await expect(pending.getByText('Your caller ID')).toBeVisible();
    await expect(pending.getByText('Waiting for its code')).toHaveCount(0);

    await pending.getByRole('button', { name: 'Make default' }).click();
    await expect(pending.getByText('Default', { exact: true })).toBeVisible();
    await expect(bought.getByText('Default', { exact: true })).toHaveCount(0);

    await bought.getByRole('button', { name: 'Release' }).click();
    await bought.getByRole('button', { name: /for good/ }).click();
    await expect(numbers.getByRole('listitem')).toHaveCount(1);
    await expect(numbers.getByRole('listitem').first().getByText('Your caller ID')).toBeVisible();
  });
});
