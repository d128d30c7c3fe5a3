import { expect, test } from './support/app-test';
import { signIn } from './support/sign-in';
import { createConfirmedUser, deleteUser, type TestUser } from './support/users';

// An agent made in the dashboard: its fields, a change that makes version 2, the two versions side
// by side, a document to answer from, a test suite run on the simulated network, the account's
// default agent, and a test call that starts from it.
test.use({ dashboardMode: null });

test.describe('agents', () => {
  let user: TestUser;
  test.afterEach(async () => deleteUser(user));

  test('a new account makes an agent, versions it, gives it knowledge, tests it and calls with it', async ({
    page,
  }) => {
    user = await createConfirmedUser('agents');
    await signIn(page, user);
    await page.goto('/agents');
    await page.getByRole('button', { name: 'New agent' }).click();
    await page.getByLabel('Name').fill('Front desk');
    await page.getByLabel('Goal').fill("Confirm Kim's cleaning tomorrow at 3 pm.");
    await page.getByLabel('Voice').selectOption('Sarah');
    await page.getByRole('button', { name: 'Create agent' }).click();
    const agent = page.getByRole('region', { name: 'Agent Front desk' });
    await expect(agent.getByText('version 1')).toBeVisible();

    await agent.getByLabel('First sentence').fill('Hi, this is Sarah from Bright Smiles.');
    await agent.getByRole('button', { name: 'Save as a new version' }).click();
    await expect(page.getByText('Saved: version 2')).toBeVisible();
    const compare = page.getByRole('table', { name: 'Versions side by side' });
    await expect(compare.getByRole('row', { name: /first_sentence \(changed\)/ })).toContainText(
      'Hi, this is Sarah from Bright Smiles.',
    );

    await agent.getByLabel(/Add a document/).setInputFiles({
      name: 'faq.md',
      mimeType: 'text/markdown',
      buffer: Buffer.from('# Insurance\n\nWe take Delta Dental and Aetna.'),
    });
    await expect(agent.getByRole('list', { name: 'Documents' })).toContainText('faq.md');

    await agent.getByRole('button', { name: 'Save suite' }).click();
    await agent.getByRole('button', { name: 'Run Before going live' }).click();
    const run = agent.getByRole('region', { name: /^Run run_/ });
    await expect(run).toContainText('Version 2:', { timeout: 60_000 });
    await expect(run).toContainText('Passed');
    await expect(run).toContainText('PASS · honours an opt-out');

    // Made the account's default agent, the test call form starts from it.
    await page.goto('/phone-agent-settings');
    await page.getByLabel('Default agent').selectOption({ label: 'Front desk' });
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText('Changes saved')).toBeVisible();
    await page.reload();
    await expect(page.getByLabel('Default agent').locator('option:checked')).toHaveText(
      'Front desk',
    );
    await page.goto('/agents');
    await page.getByRole('button', { name: /Front desk/ }).click();
    await expect(
      page.getByRole('region', { name: 'Agent Front desk' }).getByText('Default agent'),
    ).toBeVisible();

    await page.goto('/calls');
    await page.getByRole('button', { name: 'Place a test call' }).click();
    const form = page.getByRole('dialog');
    await expect(form.getByLabel('Agent').locator('option:checked')).toHaveText(
      'Front desk (version 2)',
    );
    await expect(form.getByText("The agent's voice, language and style apply")).toBeVisible();
    await form.getByLabel('Agent').selectOption({ label: 'None: the choices below' });
    await expect(form.getByText("The agent's voice, language and style apply")).toBeHidden();
    await page.keyboard.press('Escape');

    // Talking to one's agent in the browser starts with the default agent too: its voice.
    await page.goto('/dashboard');
    await page.getByRole('button', { name: 'Talk to your agent' }).first().click();
    const talk = page.getByRole('dialog', { name: 'Talk to your agent' });
    await expect(talk.getByLabel('Agent').locator('option:checked')).toHaveText(
      'Your default agent (Front desk)',
    );
    await talk.getByLabel('What the agent calls about').fill('Confirm the cleaning.');
    await talk.getByRole('button', { name: 'Start test call' }).click();
    const call = page.getByRole('dialog', { name: 'On the call with your agent' });
    await expect(
      call.getByRole('list', { name: 'Transcript' }).getByRole('listitem').first(),
    ).toContainText('this is Sarah');
  });
});
