import AxeBuilder from '@axe-core/playwright';
import { expect as baseExpect, test, type Page } from './support/app-test';
import { createCallingAccount, type CallingAccount } from './support/calling-account';
import { deleteUser } from './support/users';
import { openCallForm, PLACE_CALL } from './support/call-form';
import { signIn } from './support/sign-in';

// A call on the local phone network plays in a few seconds (STACK_VOICE_SPEED in
// playwright.config.ts); the lazy dashboard chunks can be slow on a busy machine.
const expect = baseExpect.configure({ timeout: 30_000 });

/** Records every distinct number of transcript turns the call's dialog shows, as it changes. */
async function recordTranscriptGrowth(page: Page) {
  await page.evaluate(() => {
    const seen: number[] = [];
    (window as unknown as { __turnCounts: number[] }).__turnCounts = seen;
    const count = () => {
      const log = document.querySelector('[role="log"][aria-label="Transcript"]');
      if (!log) return;
      const turns = [...log.querySelectorAll('li')].filter((li) =>
        /^(Agent|Callee):/.test(li.textContent ?? ''),
      );
      if (turns.length > 0 && seen[seen.length - 1] !== turns.length) seen.push(turns.length);
    };
    new MutationObserver(count).observe(document.body, { childList: true, subtree: true });
  });
  return () => page.evaluate(() => (window as unknown as { __turnCounts: number[] }).__turnCounts);
}

/** No serious or critical WCAG 2.x A/AA violations on the page as it is now (as e2e/accessibility). */
async function expectAccessible(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
    .analyze();
  const problems = results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(' ')}`));
  expect(problems).toEqual([]);
}

test.describe('calls', () => {
  let account: CallingAccount;
  test.afterEach(async () => deleteUser(account));

  test('a test call from the dashboard: the transcript arrives live, then the list and the balance change', async ({
    page,
  }) => {
    // Free minutes used up, so the call costs cents and the balance visibly drops.
    account = await createCallingAccount({ prefix: 'calls', credits: 5, freeMinutesUsed: 100 });
    await signIn(page, account);
    await expect(page.getByTestId('balance-amount')).toHaveText('$5.00');

    await page.getByRole('tab', { name: 'Calls' }).click();
    await expect(page.getByText('No calls yet.')).toBeVisible();

    const form = await openCallForm(page);
    await form.getByRole('button', { name: 'Use +1 415-555-0100' }).click();
    await expect(form.getByLabel('Phone number')).toHaveValue('+14155550100');
    await form.getByLabel('Goal').fill('Confirm the dental appointment tomorrow at 3 pm.');
    await form.getByLabel('Max duration (minutes)').fill('2');
    const turnCounts = await recordTranscriptGrowth(page);
    await form.getByRole('button', { name: PLACE_CALL }).click();

    const dialog = page.getByRole('dialog', { name: 'Call to +1 415-555-0100' });
    await expect(dialog).toBeVisible();
    const transcript = dialog.getByRole('log', { name: 'Transcript' });
    // The opening: who and that it is an AI, the callback number, and (California) that the
    // call is transcribed.
    await expect(transcript.getByRole('listitem').first()).toHaveText(
      /^Agent: Hi, this is Aria, an AI assistant calling on behalf of Journey Clinic LLC\. If you need to reach us, call \+1 [\d-]+\. This call is transcribed by an automated system\.$/,
    );
    await expect(dialog.getByTestId('call-status')).toHaveText('Completed');
    await expect(dialog.getByText('Goal achieved')).toBeVisible();
    await expect(transcript.getByRole('listitem').last()).toHaveText(/^Callee: /);

    // The turns appeared one after another while the call went on, not all at once at the end.
    const counts = await turnCounts();
    const final = await transcript.getByRole('listitem').count();
    expect(counts[counts.length - 1]).toBe(final);
    expect(counts.length).toBeGreaterThanOrEqual(3);

    // Settled (the stored call is terminal: no Cancel): whole minutes beyond the free ones, a
    // cent each, taken from the credits.
    await expect(dialog.getByRole('button', { name: 'Cancel call' })).toHaveCount(0);
    const billed = Number(await dialog.locator('dt:text-is("Billed minutes") + dd').textContent());
    expect(billed).toBeGreaterThanOrEqual(1);
    const cost = `$${(billed / 100).toFixed(2)}`;
    await expect(dialog.locator('dt:text-is("Cost") + dd')).toHaveText(cost);
    await expect(dialog.locator('dt:text-is("Free minutes used") + dd')).toHaveText('0');
    await expectAccessible(page);
    await page.keyboard.press('Escape');

    const row = page.getByRole('row').filter({ hasText: '+1 415-555-0100' });
    await expect(row).toHaveCount(1);
    await expect(row.getByText('Completed')).toBeVisible();
    await expect(row.getByText('Goal achieved')).toBeVisible();
    await expect(row.getByText(cost)).toBeVisible();
    await expectAccessible(page);
    await expect(page.getByTestId('balance-amount')).toHaveText(
      `$${(5 - billed / 100).toFixed(2)}`,
    );

    // The standalone page lists the same call; its details show the stored transcript.
    await page.goto('/calls');
    await page
      .getByRole('button', { name: 'Confirm the dental appointment tomorrow at 3 pm.' })
      .click();
    await expect(dialog.getByTestId('call-status')).toHaveText('Completed');
    await expect(transcript.getByRole('listitem')).toHaveCount(final);
  });

  test('a recorded call with a result schema: the result as a table and a playable recording', async ({
    page,
  }) => {
    account = await createCallingAccount({ prefix: 'results' });
    await signIn(page, account);
    await page.getByRole('tab', { name: 'Calls' }).click();
    const form = await openCallForm(page);
    await form.getByRole('button', { name: 'Use +1 415-555-0100' }).click();
    await form.getByLabel('Goal').fill('Confirm the dental appointment tomorrow at 3 pm.');
    await form.getByRole('button', { name: 'Use sample', exact: true }).click();
    await form.getByRole('checkbox', { name: /Record this call/ }).check();
    await form.getByRole('button', { name: PLACE_CALL }).click();

    const dialog = page.getByRole('dialog', { name: 'Call to +1 415-555-0100' });
    await expect(dialog.getByTestId('call-status')).toHaveText('Completed');
    const result = dialog.getByRole('table', { name: 'Result' });
    await expect(result.getByRole('row').filter({ hasText: 'confirmed' })).toContainText('Yes');
    // Nobody spoke of a channel on the call, so the result does not make one up.
    await expect(result.getByRole('row').filter({ hasText: 'preferred_channel' })).toContainText(
      'Not settled',
    );
    // The audio is fetched with the account's key and played from a blob URL.
    const player = dialog.getByLabel('Call recording');
    await expect(player).toHaveAttribute('src', /^blob:/);
    const seconds = await player.evaluate(
      (audio: HTMLAudioElement) =>
        new Promise<number>((resolve, reject) => {
          if (audio.readyState >= 1) resolve(audio.duration);
          audio.addEventListener('loadedmetadata', () => resolve(audio.duration));
          audio.addEventListener('error', () => reject(new Error('the audio did not load')));
        }),
    );
    expect(seconds).toBeGreaterThan(10);
    await expectAccessible(page);
  });

  test('a call under way can be canceled from its details, after a confirmation', async ({
    page,
  }) => {
    account = await createCallingAccount({ prefix: 'cancel' });
    await signIn(page, account);
    await page.getByRole('tab', { name: 'Calls' }).click();
    const form = await openCallForm(page);
    // 555-0107 talks until max_duration_minutes: five simulated minutes leave time to cancel.
    await form.getByRole('button', { name: 'Use +1 415-555-0107' }).click();
    await form.getByLabel('Goal').fill('Talk about the weather.');
    await form.getByRole('button', { name: PLACE_CALL }).click();

    const dialog = page.getByRole('dialog', { name: 'Call to +1 415-555-0107' });
    await expect(
      dialog.getByRole('log', { name: 'Transcript' }).getByRole('listitem').first(),
    ).toHaveText(/^Agent: /);
    await dialog.getByRole('button', { name: 'Cancel call' }).click();
    const confirm = dialog.getByRole('group', { name: 'Confirm cancel' });
    await confirm.getByRole('button', { name: 'Keep calling' }).click();
    await expect(confirm).toHaveCount(0);
    await dialog.getByRole('button', { name: 'Cancel call' }).click();
    await confirm.getByRole('button', { name: 'Yes, cancel call' }).click();
    await expect(dialog.getByTestId('call-status')).toHaveText('Canceled');
    await expect(dialog.getByRole('button', { name: 'Cancel call' })).toHaveCount(0);
    await page.keyboard.press('Escape');
    await expect(
      page.getByRole('row').filter({ hasText: '+1 415-555-0107' }).getByText('Canceled'),
    ).toBeVisible();
  });

  test('an account without credits is told so clearly (402)', async ({ page }) => {
    account = await createCallingAccount({ prefix: 'broke', freeMinutesUsed: 100 });
    await signIn(page, account);
    await page.getByRole('tab', { name: 'Calls' }).click();
    const form = await openCallForm(page);
    await form.getByLabel('Phone number').fill('415-555-0100');
    await form.getByLabel('Goal').fill('Confirm the appointment.');
    await form.getByRole('button', { name: PLACE_CALL }).click();

    const alert = form.getByRole('alert');
    await expect(alert).toContainText('Not enough credits');
    await expect(alert).toContainText('$0.05 of credits on hold');
    await expect(alert.getByRole('link', { name: 'Add credits' })).toBeVisible();
    await expect(page.getByText('No calls yet.')).toBeVisible();
    await alert.getByRole('link', { name: 'Add credits' }).click();
    await expect(page.getByRole('tab', { name: 'Billing' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
  });
});
