import { describe, expect, it } from 'vitest';
import { linksInNewTab } from '../mailbox';
import { mailboxUrl } from './support';

// The mailbox speaks Mailpit's JSON API, so tests and people read messages the same way.
describe('mailbox', () => {
  it('accepts a message through the send API and lists, reads and deletes it', async () => {
    const to = `+1415555${String(Date.now()).slice(-4)}`;
    const sent = await fetch(`${mailboxUrl}/api/v1/send`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        From: { Email: 'sms@dialwise.local' },
        To: [{ Email: to }],
        Subject: 'SMS',
        Text: 'Your code is 12345',
      }),
    });
    const { ID } = (await sent.json()) as { ID: string };
    const list = (await (
      await fetch(`${mailboxUrl}/api/v1/search?query=to:${encodeURIComponent(to)}`)
    ).json()) as {
      messages: { ID: string; Snippet: string; To: { Address: string }[] }[];
    };
    expect(list.messages).toHaveLength(1);
    expect(list.messages[0]).toMatchObject({
      ID,
      Snippet: 'Your code is 12345',
      To: [{ Address: to }],
    });
    const message = (await (await fetch(`${mailboxUrl}/api/v1/message/${ID}`)).json()) as {
      Text: string;
    };
    expect(message.Text).toBe('Your code is 12345');
    const page = await (await fetch(`${mailboxUrl}/`)).text();
    expect(page).toContain('Local mailbox');
    await fetch(`${mailboxUrl}/api/v1/messages`, {
      method: 'DELETE',
      body: JSON.stringify({ IDs: [ID] }),
    });
    expect((await fetch(`${mailboxUrl}/api/v1/message/${ID}`)).status).toBe(404);
  });

  it('shows an HTML message in a sandboxed frame whose links open in a new tab', async () => {
    const sent = await fetch(`${mailboxUrl}/api/v1/send`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        From: { Email: 'noreply@dialwise.local' },
        To: [{ Email: `frame-${Date.now()}@example.com` }],
        Subject: 'A link',
        HTML: '<html><head><title>t</title></head><body><a href="http://localhost:5173/x">Open</a></body></html>',
      }),
    });
    const { ID } = (await sent.json()) as { ID: string };
    const view = await (await fetch(`${mailboxUrl}/view/${ID}`)).text();
    const frame = /<iframe[^>]*>/.exec(view)![0];
    // The app cannot run inside the sandbox: a link must leave it, in a tab of its own.
    expect(frame).toContain('sandbox="allow-popups allow-popups-to-escape-sandbox"');
    expect(frame).not.toContain('allow-scripts');
    expect(frame).toContain('&lt;head&gt;&lt;base target=&quot;_blank&quot;&gt;&lt;title&gt;');
    expect(linksInNewTab('<p>no head</p>')).toBe('<base target="_blank"><p>no head</p>');
  });

  it('refuses malformed sends with 400', async () => {
    const response = await fetch(`${mailboxUrl}/api/v1/send`, { method: 'POST', body: '{oops' });
    expect(response.status).toBe(400);
  });
});
