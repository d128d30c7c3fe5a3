import { expect as baseExpect, test } from './support/app-test';
import { findVerifyLink, mailbox } from './support/mailbox';
import { deleteUser, uniqueEmail, uniqueUsPhone } from './support/users';
import { accountUrl } from './support/account-url';

// Lazy route chunks and the functions' first load can be slow on a busy machine.
const expect = baseExpect.configure({ timeout: 20_000 });

test.describe('a new account, from sign-up to a usable dashboard', () => {
  // A new browser: the dashboard opens in test mode.
  test.use({ dashboardMode: null });
  const email = uniqueEmail('onboarding');
  const phone = uniqueUsPhone(); // +1 and 10 digits
  const national = phone.slice(2);
  test.afterAll(async () => deleteUser({ email }));

  test('sign up → a test call with the test key → Live asks for KYC → step 2 → SMS code → live API key → agent settings', async ({
    page,
    context,
  }) => {
    test.setTimeout(180_000);
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);

    // Sign up and confirm from the e-mail.
    await page.goto('/auth');
    await page.getByRole('tab', { name: 'Sign up' }).click();
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill('a-long-enough-password');
    await page.getByRole('button', { name: 'Sign up', exact: true }).click();
    await page.goto(findVerifyLink(await mailbox.latestTo(email)));
    await expect(page).toHaveURL(accountUrl('/dashboard'));

    // Test mode, no paperwork: the test key is ready in the request to copy, and it places a
    // simulated call at once.
    const mode = page.getByRole('group', { name: 'Mode' });
    await expect(mode.getByRole('button', { name: 'Test' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(page.getByText(/^Test mode: calls go to the simulated network/)).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    const steps = page.getByRole('list', { name: 'Getting started steps' });
    await expect(steps.getByRole('listitem').filter({ hasText: 'Your test key' })).toContainText(
      'Default test key is ready',
    );
    const curl = (await page.getByLabel('curl request').textContent())!;
    const testKey = /Bearer (dw_test_[0-9a-f]{64})/.exec(curl)?.[1];
    expect(testKey).toBeTruthy();
    const taskUrl = /POST "([^"]+)"/.exec(curl)![1]!;
    const placed = await page.request.post(taskUrl, {
      headers: { Authorization: `Bearer ${testKey}` },
      data: { phone_number: '+14155550100', goal: 'Confirm the appointment tomorrow at 3 pm.' },
    });
    expect(placed.status()).toBe(201);
    expect(await placed.json()).toMatchObject({ livemode: false });
    await expect(
      steps.getByRole('listitem').filter({ hasText: 'First call placed' }),
    ).toContainText('Done.');

    // Going live asks for the business details first.
    await mode.getByRole('button', { name: 'Live · $0.01/min' }).click();
    const kyc = page.getByRole('dialog', {
      name: 'Just a couple more things before you start calling',
    });
    await expect(kyc).toBeVisible();
    await expect(
      page.getByText('Going live needs your business details and a verified phone'),
    ).toBeVisible();
    await expect(
      kyc.getByText('Help us verify your details for instant API access.'),
    ).toBeVisible();
    const submit = kyc.getByRole('button', { name: 'Submit' });
    await expect(
      kyc.getByText('Still needed: Business type, Legal name, Address, Use case.'),
    ).toBeVisible();

    // One press of × closes it, from a select too: pressing × leaves the focus in the field, whose
    // blur would show an error and grow the dialog, moving × away before the release.
    const businessType = kyc.getByLabel('Business type');
    await businessType.focus();
    const close = (await kyc.getByRole('button', { name: 'Close' }).boundingBox())!;
    await page.mouse.move(close.x + close.width / 2, close.y + close.height / 2);
    await page.mouse.down();
    await expect(businessType).toBeFocused();
    await page.mouse.up();
    await expect(kyc).toBeHidden();
    await expect(mode.getByRole('button', { name: 'Test' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    // The checklist brings it back.
    const fillIn = steps.getByRole('button', { name: 'Fill in details' });
    await fillIn.click();
    await expect(kyc).toBeVisible();
    await kyc.getByLabel('Business type').selectOption({ label: 'Business' });
    await kyc.getByLabel('Legal name').fill('Bright Smiles Dental LLC');
    await kyc.getByLabel('Address').fill('P.O. Box 1234, Springfield');
    await kyc.getByLabel('Use case').fill('Appointment confirmations');
    await submit.click();
    await expect(kyc.getByText('No P.O. boxes allowed!')).toBeVisible();
    await expect(page).toHaveURL(accountUrl('/dashboard'));

    // The draft survives a reload.
    await page.reload();
    await fillIn.click();
    await expect(kyc).toBeVisible();
    await expect(kyc.getByLabel('Legal name')).toHaveValue('Bright Smiles Dental LLC');
    await expect(kyc.getByLabel('Business type')).toHaveValue('business');
    await expect(kyc.getByLabel('Use case')).toHaveValue('Appointment confirmations');
    await kyc.getByLabel('Address').fill('500 Market Street, San Francisco');
    await kyc.getByRole('button', { name: 'Submit' }).click();
    await expect(page.getByText('Submitted!')).toBeVisible();
    await expect(
      page.getByText(
        "We'll review your information shortly (status: pending). Next, verify your phone number to place calls.",
      ),
    ).toBeVisible();
    await expect(page).toHaveURL(accountUrl('/onboarding-step-2'));
    // Step 2 is this page, not the dashboard's phone dialog on the way out (which the page used
    // to replace a moment later, with whatever had been typed into it).
    await expect(page.getByRole('heading', { name: 'Verify your phone', level: 1 })).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);
    expect(await page.evaluate(() => localStorage.getItem('dialwise_kyc_draft'))).toBeNull();

    // Step 2: phone entry. The country select shows its whole label, "United States (+1)".
    const country = page.getByLabel('Country');
    await expect(country).toBeVisible();
    const room = await country.evaluate((select: HTMLSelectElement) => {
      const style = getComputedStyle(select);
      const context = document.createElement('canvas').getContext('2d')!;
      context.font = `${style.fontSize} ${style.fontFamily}`;
      const label = select.options[select.selectedIndex]!.text;
      // The text, the left padding and the dropdown arrow (about 20px).
      const needed = context.measureText(label).width + parseFloat(style.paddingLeft) + 20;
      return { label, width: select.clientWidth, needed };
    });
    expect(room.label).toBe('United States (+1)');
    expect(room.width).toBeGreaterThanOrEqual(room.needed);
    const number = page.getByRole('textbox', { name: 'Phone number' });
    await expect(number).toHaveAttribute('placeholder', '555-123-4567');
    const send = page.getByRole('button', { name: 'Send Code' });
    await number.fill(national.slice(0, 9));
    await expect(send).toBeDisabled();
    await expect(
      page.getByText('A United States number has 10 digits; this one has 9.'),
    ).toBeVisible();
    await number.fill(national);
    await expect(number).toHaveValue(
      `${national.slice(0, 3)}-${national.slice(3, 6)}-${national.slice(6)}`,
    );
    await send.click();
    await expect(page.getByText('Code sent!')).toBeVisible();
    await expect(page.getByText('Please check your phone.')).toBeVisible();
    await expect(page.getByRole('button', { name: /^Resend in \d+s$/ })).toBeDisabled();

    // The SMS in the mailbox.
    const sms = await mailbox.latestTo(phone);
    const code = /\b(\d{5})\b/.exec(sms.Text)?.[1];
    expect(code).toMatch(/^\d{5}$/);

    // Wrong code, then the right one.
    const codeInput = page.getByRole('textbox', { name: 'Verification code' });
    await codeInput.fill(code === '00000' ? '11111' : '00000');
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(
      page.getByRole('alert').filter({ hasText: 'Incorrect code. Try again.' }),
    ).toBeVisible();
    await codeInput.fill(code!);
    await page.getByRole('button', { name: 'Verify' }).click();
    await expect(page.getByText('Phone verified!')).toBeVisible();
    await expect(page).toHaveURL(accountUrl('/dashboard'));
    await expect(page.getByText('Balance', { exact: true })).toBeVisible();
    await expect(page.getByRole('dialog')).toHaveCount(0);

    // The standalone page now sends a verified user to the dashboard.
    await page.goto('/verify-phone');
    await expect(page).toHaveURL(accountUrl('/dashboard'));

    // Getting started: KYC in review, phone verified; now Live is one click.
    await expect(steps.getByRole('listitem').filter({ hasText: 'Business details' })).toContainText(
      'Submitted, in review (pending). Live calls work meanwhile.',
    );
    await expect(steps.getByRole('listitem').filter({ hasText: 'Phone verified' })).toContainText(
      'Verified.',
    );
    await mode.getByRole('button', { name: 'Live · $0.01/min' }).click();
    await expect(mode.getByRole('button', { name: 'Live · $0.01/min' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(page.getByText(/^Test mode: calls go to the simulated network/)).toHaveCount(0);
    await page.getByRole('tab', { name: 'API Keys' }).click();

    // API key: generate a named key, shown whole once in a dialog with Copy, then only masked.
    const tabPanel = page.getByRole('tabpanel');
    const panel = tabPanel.getByRole('region', { name: 'API Keys' });
    await expect(panel.getByText('Verified', { exact: true })).toBeVisible();
    await panel.getByRole('button', { name: 'Generate API Key' }).click();
    const create = page.getByRole('dialog', { name: 'Generate a live API key' });
    await create.getByLabel('Name').fill('Production');
    await create.getByRole('button', { name: 'Generate key' }).click();
    await expect(page.getByText('New API key generated successfully')).toBeVisible();
    const shownOnce = page.getByRole('dialog', { name: 'Your new API key' });
    const full = (await shownOnce.getByLabel('New API key').textContent())!;
    expect(full).toMatch(/^dw_live_[0-9a-f]{64}$/);
    await shownOnce.getByRole('button', { name: 'Copy' }).click();
    await expect(page.getByText('Copied to clipboard')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(full);
    await shownOnce.getByRole('button', { name: 'Done' }).click();
    await expect(panel.getByLabel('API key Production')).toHaveText(`dw_live_…${full.slice(-4)}`);
    await expect(panel.getByText(full)).toHaveCount(0);
    // Revoking asks first.
    await panel.getByRole('button', { name: 'Revoke Production' }).click();
    const confirm = page.getByRole('dialog', { name: 'Revoke this API key?' });
    await expect(confirm).toBeVisible();
    await confirm.getByRole('button', { name: 'Cancel' }).click();
    await expect(panel.getByText('Revoked', { exact: true })).toHaveCount(0);
    const docs = page.waitForEvent('popup');
    await panel.getByRole('link', { name: 'Documentation' }).click();
    await expect(await docs).toHaveURL(/\/docs$/);

    // Phone-agent settings: defaults, change, save, still there after a reload.
    await page.getByRole('tab', { name: 'Phone Agent' }).click();
    await expect(tabPanel.getByLabel('Voice')).toHaveValue('Aria');
    await expect(tabPanel.getByLabel('Speaking style')).toHaveValue('Professional');
    await expect(tabPanel.getByLabel('Language')).toHaveValue('en');
    await tabPanel.getByLabel('Voice').selectOption('George');
    await tabPanel.getByLabel('Speaking style').selectOption('Friendly');
    await tabPanel.getByLabel('Language').selectOption({ label: 'German' });
    await tabPanel.getByRole('button', { name: 'Save Changes' }).click();
    await expect(page.getByText('Changes saved')).toBeVisible();
    await page.goto('/phone-agent-settings');
    await expect(page.getByLabel('Voice')).toHaveValue('George');
    await expect(page.getByLabel('Speaking style')).toHaveValue('Friendly');
    await expect(page.getByLabel('Language')).toHaveValue('de');
  });
});

test('/verify-phone sends a signed-out visitor to /auth', async ({ page }) => {
  await page.goto('/verify-phone');
  await expect(page).toHaveURL(/\/auth$/);
});
