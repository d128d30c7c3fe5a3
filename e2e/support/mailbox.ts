import { expect } from '@playwright/test';
import { TEST_STACK } from './stack';

/** The parts of a Mailpit message the journeys read. */
export type MailSummary = {
  ID: string;
  Subject: string;
  To: { Name: string; Address: string }[];
  Created: string;
};
export type Mail = MailSummary & { Text: string; HTML: string };

/** A small client for the local mailbox's Mailpit-compatible API. */
export const mailbox = {
  async list(): Promise<MailSummary[]> {
    const response = await fetch(`${TEST_STACK.mailboxUrl}/api/v1/messages`);
    if (!response.ok) throw new Error(`mailbox list failed: ${response.status}`);
    const body = (await response.json()) as { messages: MailSummary[] };
    return body.messages;
  },

  async get(id: string): Promise<Mail> {
    const response = await fetch(
      `${TEST_STACK.mailboxUrl}/api/v1/message/${encodeURIComponent(id)}`,
    );
    if (!response.ok) throw new Error(`mailbox message ${id} failed: ${response.status}`);
    return (await response.json()) as Mail;
  },

  /** Waits for the newest message to `address` and returns it whole. */
  async latestTo(address: string, timeoutMs = 15_000): Promise<Mail> {
    let found: MailSummary | undefined;
    await expect
      .poll(
        async () => {
          const messages = await mailbox.list();
          found = messages.find((m) =>
            m.To.some((to) => to.Address.toLowerCase() === address.toLowerCase()),
          );
          return found?.ID ?? null;
        },
        { timeout: timeoutMs, message: `an e-mail to ${address}` },
      )
      .not.toBeNull();
    return mailbox.get(found!.ID);
  },
};

/** The confirmation link ({apiUrl}/auth/v1/verify?token=…&type=signup&redirect_to=…) in a mail. */
export function findVerifyLink(mail: Pick<Mail, 'Text' | 'HTML'>): string {
  const decode = (s: string) => s.replace(/&amp;/g, '&');
  for (const body of [mail.HTML, mail.Text]) {
    const match = /https?:\/\/[^\s"'<>]+\/auth\/v1\/verify\?[^\s"'<>]+/.exec(body ?? '');
    if (match) return decode(match[0]);
  }
  throw new Error(`no verify link in the e-mail:\n${mail.Text}`);
}
