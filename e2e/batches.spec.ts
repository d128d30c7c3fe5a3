import { readFile } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import { expect as baseExpect, test } from './support/app-test';
import Papa from 'papaparse';
import { createCallingAccount, type CallingAccount } from './support/calling-account';
import { deleteUser } from './support/users';
import { signIn } from './support/sign-in';
import { accountUrl } from './support/account-url';

// A list of calls from a CSV on the Batches page: every row checked in the browser (a
// premium-rate number is named and removed), then the batch's progress to completion and its
// results downloaded as CSV.
const expect = baseExpect.configure({ timeout: 30_000 });

// A spreadsheet's export: a byte-order mark, CRLF line ends, quoted fields with commas. A batch
// calls each number once, so the answering callee 555-0100 is reached at three area codes.
const CSV =
  '\uFEFFphone_number,pupil,note\r\n' +
  '+1 415 555 0100,Kim Lee,"absent, no call yet"\r\n' +
  '(415) 555-0101,Sam Park,"second absence"\r\n' +
  '+1 900 555 0100,Ana Ruiz,premium line\r\n' +
  '212-555-0100,"Lee, Jo",\r\n' +
  '+12025550100,Max Byrd,late\r\n';

test.describe('batches', () => {
  let account: CallingAccount;
  test.afterEach(async () => deleteUser(account));

  test('uploads a CSV, names the bad row, sends the rest, follows it to the end and downloads the results', async ({
    page,
  }) => {
    test.setTimeout(120_000);
    account = await createCallingAccount({ prefix: 'batches', credits: 5 });
    await signIn(page, account);
    await page.getByRole('tab', { name: 'Batches' }).click();

    await page
      .getByLabel('Goal for all rows')
      .fill('Tell the parent their child was absent today.');
    await page.getByLabel('CSV file').setInputFiles({
      name: 'absences.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(CSV, 'utf8'),
    });
    const toFix = page.getByRole('list', { name: 'Rows to fix' });
    await expect(toFix.getByRole('listitem')).toHaveCount(1);
    await expect(toFix.getByText(/Row 3 \(\+1 900 555 0100\):.*premium-rate/)).toBeVisible();
    await expect(page.getByRole('button', { name: 'Call 5 numbers' })).toBeDisabled();

    // The page's own content (a sign-in toast may still be on screen; it is not this page's).
    const results = await new AxeBuilder({ page })
      .include('main')
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
      .analyze();
    expect(
      results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical'),
    ).toEqual([]);

    await page.getByRole('button', { name: 'Remove row 3' }).click();
    await expect(toFix).toHaveCount(0);
    await page.getByRole('button', { name: 'Call 4 numbers' }).click();

    const progress = page.getByRole('progressbar', { name: 'Calls ended' });
    await expect(progress).toHaveAttribute('aria-valuemax', '4');
    await expect(progress).toHaveAttribute('aria-valuenow', '4', { timeout: 90_000 });
    await expect(page.getByText('Completed: every call has ended.')).toBeVisible();
    await expect(page.locator('[data-count="succeeded"]')).toHaveText('3');
    await expect(page.locator('[data-count="not_achieved"]')).toHaveText('1');
    await expect(
      page.getByRole('table', { name: 'Calls of this batch' }).getByRole('row'),
    ).toHaveCount(5);

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download results (CSV)' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^batch_[0-9A-Z]{26}-results\.csv$/);
    const text = await readFile(await download.path(), 'utf8');
    const parsed = Papa.parse<Record<string, string>>(text, { header: true, skipEmptyLines: true });
    expect(parsed.meta.fields).toEqual(
      expect.arrayContaining([
        'phone_number',
        'pupil',
        'note',
        'status',
        'outcome',
        'summary',
        'cost_usd',
      ]),
    );
    expect(parsed.data.map((row) => [row.pupil, row.status])).toEqual([
      ['Kim Lee', 'success'],
      ['Sam Park', 'success'],
      ['Lee, Jo', 'success'],
      ['Max Byrd', 'success'],
    ]);
    expect(parsed.data[1]!.outcome).toBe('not_achieved');

    // The list below follows the same batch, and a row opens its call.
    await expect(page.getByText(/Completed · 4 of 4 ended/)).toBeVisible();
    await page.getByRole('link', { name: 'Open the call of row 2' }).click();
    await expect(page).toHaveURL(accountUrl(/\/calls\?call=task_[0-9A-Z]{26}/));
    await expect(page.getByRole('dialog', { name: /^Call to .*555.*0101/ })).toBeVisible();
  });
});
