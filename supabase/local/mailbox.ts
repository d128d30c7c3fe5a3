import { randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import { BodyTooLargeError, readBody, sendJson } from './http';
import { postInboundSms } from './inbound-sms';

/**
 * Catches every e-mail and SMS the stack sends, with a Mailpit-compatible JSON API so tests read
 * them like a person would. An SMS is a message whose `To` address is an E.164 number.
 */
export type Address = { Name: string; Address: string };
export type Message = {
  ID: string;
  MessageID: string;
  Read: boolean;
  From: Address;
  To: Address[];
  Subject: string;
  Created: string;
  Size: number;
  Snippet: string;
  Text: string;
  HTML: string;
};

export type OutgoingMessage = {
  from: Address;
  to: Address[];
  subject: string;
  text: string;
  html?: string;
};

export function createMailStore() {
  let messages: Message[] = [];
  return {
    deliver(message: OutgoingMessage): Message {
      const stored: Message = {
        ID: randomUUID(),
        MessageID: `${randomUUID()}@dialwise.local`,
        Read: false,
        From: message.from,
        To: message.to,
        Subject: message.subject,
        Created: new Date().toISOString(),
        Size: Buffer.byteLength(message.text) + Buffer.byteLength(message.html ?? ''),
        Snippet: message.text.replace(/\s+/g, ' ').trim().slice(0, 250),
        Text: message.text,
        HTML: message.html ?? '',
      };
      messages = [stored, ...messages];
      return stored;
    },
    /** An SMS: To is the E.164 number, From the sending number, the text its body. */
    deliverSms(sms: { from: string; to: string; body: string }): Message {
      return this.deliver({
        from: { Name: 'SMS', Address: sms.from },
        to: [{ Name: '', Address: sms.to }],
        subject: `SMS from ${sms.from}`,
        text: sms.body,
      });
    },
    list: () => messages,
    get: (id: string) => messages.find((m) => m.ID === id),
    remove(ids?: string[]) {
      messages = ids?.length ? messages.filter((m) => !ids.includes(m.ID)) : [];
    },
  };
}
export type MailStore = ReturnType<typeof createMailStore>;

function summary(m: Message) {
  const { Text: _text, HTML: _html, ...rest } = m;
  return { ...rest, Cc: [], Bcc: [], ReplyTo: [], Tags: [], Attachments: 0 };
}

/** Mailpit's search, the part tests use: `to:addr`, `subject:"…"`, or free text. */
function matches(m: Message, query: string): boolean {
  const terms = query.match(/(\w+:"[^"]*"|\w+:\S+|"[^"]*"|\S+)/g) ?? [];
  return terms.every((term) => {
    const [, field, raw] = /^(\w+):(.*)$/.exec(term) ?? [null, null, term];
    const value = (raw ?? '').replace(/^"|"$/g, '').toLowerCase();
    if (field === 'to') return m.To.some((a) => a.Address.toLowerCase().includes(value));
    if (field === 'from') return m.From.Address.toLowerCase().includes(value);
    if (field === 'subject') return m.Subject.toLowerCase().includes(value);
    return `${m.Subject} ${m.Text}`.toLowerCase().includes(value);
  });
}

/**
 * The message frame is sandboxed (a message's scripts never run), so a page opened inside it
 * could not run either: as in Mailpit, every link opens in a new tab, outside the sandbox.
 */
export function linksInNewTab(html: string): string {
  const base = '<base target="_blank">';
  const head = /<head(\s[^>]*)?>/i.exec(html);
  if (!head) return base + html;
  const end = head.index + head[0].length;
  return html.slice(0, end) + base + html.slice(end);
}

const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

function page(title: string, body: string) {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title><link rel="icon" href="data:,">
<style>body{font:14px system-ui,sans-serif;margin:2rem;color:#111}table{border-collapse:collapse;width:100%}td,th{padding:.4rem .6rem;border-bottom:1px solid #ddd;text-align:left}a{color:#3730a3}pre{white-space:pre-wrap;background:#f6f6f6;padding:1rem}</style>
</head><body>${body}</body></html>`;
}

/** Where the "Text the product" form posts: the sms-inbound function, signed as Twilio signs. */
export type InboundSmsTarget = {
  webhookUrl: string;
  authToken: string;
  accountSid: string;
  productNumber: string;
};

function smsForm(from = '+14155550199', body = '') {
  return `<h2>Text the product</h2><form method="post" action="/sms"><label>From <input name="from" value="${escapeHtml(from)}"></label> <label>Message <input name="body" size="60" value="${escapeHtml(body)}"></label> <button type="submit">Send text</button></form>`;
}

export function createMailboxServer(store: MailStore, sms?: InboundSmsTarget): Server {
  return createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://mailbox');
    const method = req.method ?? 'GET';
    try {
      if (
        method === 'GET' &&
        (url.pathname === '/api/v1/messages' || url.pathname === '/api/v1/search')
      ) {
        const query = url.searchParams.get('query') ?? '';
        const all = store.list().filter((m) => !query || matches(m, query));
        const start = Math.max(0, Number(url.searchParams.get('start') ?? 0) || 0);
        const limit = Math.max(1, Number(url.searchParams.get('limit') ?? 50) || 50);
        const slice = all.slice(start, start + limit);
        return sendJson(res, 200, {
          total: store.list().length,
          unread: store.list().filter((m) => !m.Read).length,
          count: slice.length,
          messages_count: all.length,
          start,
          tags: [],
          messages: slice.map(summary),
        });
      }
      const one = /^\/api\/v1\/message\/([^/]+)$/.exec(url.pathname);
      if (method === 'GET' && one) {
        const id = decodeURIComponent(one[1]!);
        const message = id === 'latest' ? store.list()[0] : store.get(id);
        if (!message) return sendJson(res, 404, { error: 'message not found' });
        message.Read = true;
        return sendJson(res, 200, { ...summary(message), Text: message.Text, HTML: message.HTML });
      }
      if (method === 'DELETE' && url.pathname === '/api/v1/messages') {
        const raw = (await readBody(req, 1_000_000)).toString('utf8');
        let ids: string[] | undefined;
        if (raw.trim()) {
          const parsed = JSON.parse(raw) as { IDs?: unknown };
          ids = Array.isArray(parsed.IDs) ? parsed.IDs.map(String) : undefined;
        }
        store.remove(ids);
        res.writeHead(200, { 'Content-Type': 'text/plain' });
        return res.end('ok');
      }
      if (method === 'POST' && url.pathname === '/api/v1/send') {
        const body = JSON.parse((await readBody(req, 5_000_000)).toString('utf8')) as {
          From?: { Email?: string; Name?: string };
          To?: { Email?: string; Name?: string }[];
          Subject?: string;
          Text?: string;
          HTML?: string;
        };
        if (!body.From?.Email || !Array.isArray(body.To) || body.To.length === 0) {
          return sendJson(res, 400, { error: 'From.Email and To[] are required' });
        }
        const sent = store.deliver({
          from: { Name: body.From.Name ?? '', Address: body.From.Email },
          to: body.To.map((t) => ({ Name: t.Name ?? '', Address: String(t.Email ?? '') })),
          subject: body.Subject ?? '',
          text: body.Text ?? '',
          html: body.HTML,
        });
        return sendJson(res, 200, { ID: sent.ID });
      }
      if (method === 'POST' && url.pathname === '/sms' && sms) {
        const form = new URLSearchParams((await readBody(req, 100_000)).toString('utf8'));
        const from = (form.get('from') ?? '').trim();
        const body = form.get('body') ?? '';
        const sent = await postInboundSms({
          webhookUrl: sms.webhookUrl,
          authToken: sms.authToken,
          accountSid: sms.accountSid,
          sms: { from, to: sms.productNumber, body },
        });
        // Twilio would text the TwiML reply back to the sender; the mailbox keeps it as that SMS.
        if (sent.reply) store.deliverSms({ from: sms.productNumber, to: from, body: sent.reply });
        res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
        return res.end(
          page(
            'Text sent',
            `<p><a href="/">← All messages</a></p><h1>Text sent</h1><p>HTTP ${sent.status}</p><h2>Reply</h2><pre id="sms-reply">${escapeHtml(sent.reply ?? '(no reply)')}</pre>${smsForm(from, '')}`,
          ),
        );
      }
      if (method === 'GET' && url.pathname === '/') {
        const rows = store
          .list()
          .map(
            (m) =>
              `<tr><td>${escapeHtml(m.Created)}</td><td>${escapeHtml(m.To.map((t) => t.Address).join(', '))}</td><td><a href="/view/${m.ID}">${escapeHtml(m.Subject || '(no subject)')}</a></td><td>${escapeHtml(m.Snippet.slice(0, 80))}</td></tr>`,
          )
          .join('');
        res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
        return res.end(
          page(
            'Local mailbox',
            `<h1>Local mailbox</h1><p>Every e-mail and SMS the local stack sends lands here.</p><table><thead><tr><th>Received</th><th>To</th><th>Subject</th><th>Preview</th></tr></thead><tbody>${rows || '<tr><td colspan="4">No messages yet.</td></tr>'}</tbody></table>${sms ? smsForm() : ''}`,
          ),
        );
      }
      const view = /^\/view\/([^/]+)$/.exec(url.pathname);
      if (method === 'GET' && view) {
        const message = store.get(view[1]!);
        if (!message) {
          res.writeHead(404, { 'Content-Type': 'text/plain' });
          return res.end('Message not found');
        }
        message.Read = true;
        const body = message.HTML
          ? `<iframe title="Message" sandbox="allow-popups allow-popups-to-escape-sandbox" style="width:100%;height:70vh;border:1px solid #ddd" srcdoc="${escapeHtml(linksInNewTab(message.HTML))}"></iframe>`
          : `<pre>${escapeHtml(message.Text)}</pre>`;
        res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
        return res.end(
          page(
            message.Subject,
            `<p><a href="/">← All messages</a></p><h1>${escapeHtml(message.Subject)}</h1><p>From ${escapeHtml(message.From.Address)} to ${escapeHtml(message.To.map((t) => t.Address).join(', '))}</p>${body}`,
          ),
        );
      }
      sendJson(res, 404, { error: 'not found' });
    } catch (error) {
      if (error instanceof BodyTooLargeError)
        return sendJson(res, 413, { error: 'request body too large' });
      if (error instanceof SyntaxError) return sendJson(res, 400, { error: 'invalid JSON' });
      sendJson(res, 500, { error: 'mailbox error' });
    }
  });
}
