import { randomUUID } from 'node:crypto';
import { type APIRequestContext } from '@playwright/test';
import { expect, test, type Page } from './support/app-test';
import { CONTACT_REDIRECT_MS } from '../src/config/constants';
import { TEST_STACK } from './support/stack';

/** Support pages: /status, /help and the enterprise contact form, against the stack. */

// The secret key, as a server-side tool sends it: the gateway refuses it from a browser's
// User-Agent, which Playwright's request context may present.
const serviceHeaders = {
  apikey: TEST_STACK.secretKey,
  'User-Agent': 'dialwise-e2e',
};

type StoredRequest = {
  full_name: string;
  email: string;
  company_name: string;
  phone_number: string | null;
  role: string;
  message: string;
};

/** What the service role sees in contact_requests for one address. */
async function storedRequests(request: APIRequestContext, email: string) {
  const response = await request.get(`${TEST_STACK.apiUrl}/rest/v1/contact_requests`, {
    params: { email: `eq.${email}`, select: '*' },
    headers: serviceHeaders,
  });
  expect(response.ok(), await response.text()).toBe(true);
  return (await response.json()) as StoredRequest[];
}

async function deleteRequests(request: APIRequestContext, email: string) {
  await request.delete(`${TEST_STACK.apiUrl}/rest/v1/contact_requests`, {
    params: { email: `eq.${email}` },
    headers: serviceHeaders,
  });
}

const uniqueEmail = (label: string) => `e2e-${label}-${randomUUID()}@example.test`;

const visitor = {
  fullName: 'Grace Hopper',
  companyName: 'Compiler Co',
  role: 'Head of Operations',
  phoneNumber: '+1 555 010 2030',
  message: 'We would like to automate 5,000 appointment reminders a week.',
};

async function fillContactForm(page: Page, email: string) {
  await page.getByRole('textbox', { name: 'Full name' }).fill(visitor.fullName);
  await page.getByRole('textbox', { name: 'Email' }).fill(email);
  await page.getByRole('textbox', { name: 'Company' }).fill(visitor.companyName);
  await page.getByRole('textbox', { name: 'Job title' }).fill(visitor.role);
  await page.getByRole('textbox', { name: /phone number/i }).fill(visitor.phoneNumber);
  await page.getByRole('textbox', { name: 'Message' }).fill(visitor.message);
}

test.describe('status page', () => {
  test('shows the health the platform measures, component by component', async ({ page }) => {
    await page.goto('/status');
    await expect(page).toHaveTitle(/System Status/);
    await expect(
      page.getByRole('heading', { level: 1, name: 'All Systems Operational' }),
    ).toBeVisible();
    const components = page.getByRole('region', { name: 'Components' }).getByRole('listitem');
    await expect(components).toHaveCount(3);
    await expect(components.filter({ hasText: 'Call API' })).toContainText('Operational');
    await expect(components.filter({ hasText: 'Scheduler' })).toContainText(/Last run .* ago/);
    await expect(components.filter({ hasText: 'Voice network' })).toContainText('Reachable');
    // Nothing typed in by hand: no invented incidents or uptime figures.
    await expect(page.getByText(/Uptime|Ongoing|incident/i)).toHaveCount(0);
  });
});

test.describe('help center', () => {
  test('searches the help articles', async ({ page }) => {
    await page.goto('/help');
    const search = page.getByRole('searchbox', { name: 'Search help articles' });
    await search.fill('webhook');
    await expect(page.getByRole('heading', { name: 'Receive events with webhooks' })).toBeVisible();
    await expect(page.getByText(/coming soon/i)).toHaveCount(0);
  });

  test('topic cards lead to real pages and support is one e-mail away', async ({ page }) => {
    await page.goto('/help');
    for (const title of ['Getting Started', 'Account & Billing', 'Troubleshooting']) {
      await expect(page.getByRole('heading', { name: title })).toBeVisible();
    }
    await expect(page.locator('main a[href="#"]')).toHaveCount(0);
    await expect(page.getByRole('link', { name: 'Email Support' })).toHaveAttribute(
      'href',
      /^mailto:support@/,
    );

    await page.getByRole('link', { name: 'See the system status' }).click();
    await expect(page).toHaveURL(/\/status$/);
    await expect(
      page.getByRole('heading', { level: 1, name: 'All Systems Operational' }),
    ).toBeVisible();
  });
});

test.describe('contact form', () => {
  const usedEmails: string[] = [];
  test.afterAll(async ({ request }) => {
    for (const email of usedEmails) await deleteRequests(request, email);
  });

  test('refuses bad input with a clear message per field', async ({ page, request }) => {
    await page.goto('/contact');
    await expect(
      page.getByRole('heading', { level: 1, name: 'Contact Enterprise Sales' }),
    ).toBeVisible();

    await page.getByRole('button', { name: 'Send request' }).click();
    await expect(page.getByText('Enter your full name.')).toBeVisible();
    await expect(page.getByText('Enter your email address.')).toBeVisible();
    await expect(page.getByText('Enter your company name.')).toBeVisible();
    await expect(page.getByText('Enter your job title.')).toBeVisible();
    await expect(page.getByText('Tell us how we can help.')).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Full name' })).toBeFocused();

    const email = uniqueEmail('invalid');
    await fillContactForm(page, email);
    await page.getByRole('textbox', { name: 'Email' }).fill('grace-at-example.test');
    await page.getByRole('button', { name: 'Send request' }).click();
    await expect(page.getByRole('textbox', { name: 'Email' })).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    await expect(page.getByText('Enter a valid email address.')).toBeVisible();
    await expect(page).toHaveURL(/\/contact$/);
    expect(await storedRequests(request, 'grace-at-example.test')).toHaveLength(0);
  });

  test('stores a valid request and returns home 2 seconds after it is sent', async ({
    page,
    request,
  }) => {
    const email = uniqueEmail('valid');
    usedEmails.push(email);
    // The page's timers run on a test clock: the 2 s are counted on it, not on the wall clock.
    await page.clock.install();
    await page.goto('/contact');
    await fillContactForm(page, email);
    await page.clock.pauseAt(new Date((await page.evaluate(() => Date.now())) + 1_000));
    await page.getByRole('button', { name: 'Send request' }).click();

    // Step the clock 10 ms at a time. The redirect timer starts in the render that shows 'Sent',
    // so it is due 1990 to 2000 ms after the step at which 'Sent' first shows.
    const sent = page.getByRole('button', { name: 'Sent' });
    const toast = page.getByText('Request sent');
    let stepped = 0;
    let sentAt: number | null = null;
    await expect
      .poll(
        async () => {
          if (sentAt === null && (await sent.isVisible())) sentAt = stepped;
          if (sentAt !== null && (await toast.isVisible())) return true;
          await page.clock.runFor(10);
          stepped += 10;
          return false;
        },
        { timeout: 20_000, intervals: [20] },
      )
      .toBe(true);
    await expect(sent).toBeDisabled();

    const dueFrom = sentAt! + CONTACT_REDIRECT_MS - 10 - stepped;
    await page.clock.runFor(dueFrom - 1);
    await expect(page).toHaveURL(/\/contact$/);
    await page.clock.runFor(11);
    await expect(page).toHaveURL((url) => url.pathname === '/');

    const rows = await storedRequests(request, email);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject(rowFor(email));
  });

  test('keeps everything typed when the database refuses the request', async ({
    page,
    request,
  }) => {
    // Three requests for this address from this browser's IP in the last hour: the limit of
    // public.submit_contact_request is reached (the browser reaches the gateway from 127.0.0.1).
    const email = uniqueEmail('limited');
    usedEmails.push(email);
    for (let i = 0; i < 3; i += 1) {
      const response = await request.post(`${TEST_STACK.apiUrl}/rest/v1/contact_requests`, {
        headers: { ...serviceHeaders, Prefer: 'return=minimal' },
        data: { ...rowFor(email), message: `Earlier request ${i + 1}`, client_ip: '127.0.0.1' },
      });
      expect(response.status(), await response.text()).toBe(201);
    }

    await page.clock.install();
    await page.goto('/contact');
    await fillContactForm(page, email);
    await page.getByRole('button', { name: 'Send request' }).click();

    await expect(
      page.getByText('Too many requests from this address. Please try again later.'),
    ).toBeVisible();
    await expect(page.getByRole('button', { name: 'Send request' })).toBeEnabled();
    // No redirect, however long the visitor stays: move the page's clock past the 2 s.
    await page.clock.runFor(CONTACT_REDIRECT_MS + 1_000);
    await expect(page).toHaveURL(/\/contact$/);
    await expect(page.getByRole('textbox', { name: 'Full name' })).toHaveValue(visitor.fullName);
    await expect(page.getByRole('textbox', { name: 'Email' })).toHaveValue(email);
    await expect(page.getByRole('textbox', { name: 'Company' })).toHaveValue(visitor.companyName);
    await expect(page.getByRole('textbox', { name: 'Job title' })).toHaveValue(visitor.role);
    await expect(page.getByRole('textbox', { name: /phone number/i })).toHaveValue(
      visitor.phoneNumber,
    );
    await expect(page.getByRole('textbox', { name: 'Message' })).toHaveValue(visitor.message);
    expect(await storedRequests(request, email)).toHaveLength(3);
  });
});

function rowFor(email: string) {
  return {
    full_name: visitor.fullName,
    email,
    company_name: visitor.companyName,
    phone_number: visitor.phoneNumber,
    role: visitor.role,
    message: visitor.message,
  };
}
