import { mailboxUrl } from './stack';

type Summary = { ID: string; Subject: string; To: { Address: string }[] };

/** Waits for the newest message to `address` and returns its full text. */
export async function latestMessageTo(address: string, timeoutMs = 5_000) {
  const started = Date.now();
  while (Date.now() - started < timeoutMs) {
    const list = (await (
      await fetch(`${mailboxUrl}/api/v1/search?query=to:${encodeURIComponent(address)}`)
    ).json()) as {
      messages: Summary[];
    };
    const first = list.messages[0];
    if (first) {
      return (await (await fetch(`${mailboxUrl}/api/v1/message/${first.ID}`)).json()) as Summary & {
        Text: string;
        HTML: string;
      };
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`No message to ${address} within ${timeoutMs} ms`);
}

export async function messagesTo(address: string) {
  const list = (await (
    await fetch(`${mailboxUrl}/api/v1/search?query=to:${encodeURIComponent(address)}`)
  ).json()) as {
    messages: Summary[];
  };
  return list.messages;
}

export function linkIn(text: string): string {
  const match = /(http:\/\/\S+\/auth\/v1\/verify\?\S+)/.exec(text);
  if (!match) throw new Error(`No verification link in: ${text}`);
  return match[1]!;
}
