import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { expect as baseExpect, test } from './support/app-test';
import { createCallingAccount, type CallingAccount } from './support/calling-account';
import { TEST_STACK } from './support/stack';
import { deleteUser } from './support/users';
import { signIn } from './support/sign-in';

// The dashboard's Webhooks section (docs/product-rules.md#events-and-webhooks), as an integrator
// uses it: read and rotate
// the signing secret, see the deliveries of a call's events, and send one again.
const expect = baseExpect.configure({ timeout: 30_000 });

/** An integrator's receiver: answers 500 to the first POST of each message, then 200. */
async function receiver() {
  const posts: { id: string; type: string }[] = [];
  const server: Server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    request.on('end', () => {
      const id = String(request.headers['webhook-id']);
      const first = !posts.some((post) => post.id === id);
      posts.push({ id, type: (JSON.parse(body) as { type: string }).type });
      response.writeHead(first ? 500 : 200).end(first ? 'down' : 'ok');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks`;
  const received = (type: string) => posts.filter((post) => post.type === type).length;
  return {
    url,
    received,
    close: () =>
      new Promise<void>((resolve) => {
        // The functions keep their connections alive; close waits for every one without this.
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

test.describe('webhooks', () => {
  let account: CallingAccount;
  test.afterEach(async () => deleteUser(account));

  test('reveal, copy and rotate the signing secret; see a call’s deliveries and resend one', async ({
    page,
    context,
  }) => {
    account = await createCallingAccount({ prefix: 'webhooks', credits: 5 });
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await signIn(page, account);
    await page.getByRole('tab', { name: 'Webhooks' }).click();

    const secretSection = page.getByRole('region', { name: 'Signing secret' });
    const secret = secretSection.getByLabel('Webhook signing secret');
    await expect(secret).toHaveText(/^whsec_.*•/);
    await secretSection.getByRole('button', { name: 'Reveal' }).click();
    await expect(secret).toHaveText(/^whsec_[A-Za-z0-9+/]{32}$/);
    const original = (await secret.textContent())!;

    await secretSection.getByRole('button', { name: 'Copy' }).click();
    await expect(page.getByText('Copied to clipboard')).toBeVisible();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(original);

    await secretSection.getByRole('button', { name: 'Rotate' }).click();
    const dialog = page.getByRole('dialog', { name: 'Rotate the signing secret?' });
    await dialog.getByRole('button', { name: 'Rotate secret' }).click();
    await expect(page.getByText('Signing secret rotated')).toBeVisible();
    await expect(secret).toHaveText(/^whsec_[A-Za-z0-9+/]{32}$/);
    await expect(secret).not.toHaveText(original);

    // A call with a webhook_url: its events are delivered (the first attempt of each fails).
    const hooks = await receiver();
    try {
      const created = await fetch(`${TEST_STACK.apiUrl}/functions/v1/task`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${account.apiKey}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({
          phone_number: '+14155550100',
          goal: 'Confirm the delivery window for tomorrow.',
          webhook_url: hooks.url,
        }),
      });
      expect(created.status).toBe(201);
      // task.queued fails once, then is retried and succeeds (backoff 5 s).
      await expect.poll(() => hooks.received('task.queued')).toBe(2);

      const deliveries = page.getByRole('region', { name: 'Recent deliveries' });
      await page.reload();
      const row = deliveries.getByRole('listitem').filter({ hasText: 'task.queued' });
      await expect(row.getByText('succeeded')).toBeVisible();
      await row.getByRole('button', { name: 'Resend' }).click();
      await expect(page.getByText('Delivery queued again')).toBeVisible();
      // The same message arrives once more.
      await expect.poll(() => hooks.received('task.queued')).toBe(3);
    } finally {
      await hooks.close();
    }
  });
});
