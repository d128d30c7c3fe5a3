// Server-Sent Events framing (https://html.spec.whatwg.org/multipage/server-sent-events.html).

export type SseEvent = { id?: string | number; event?: string; data: unknown };

/** One event: `id:`, `event:` and one `data:` line per line of the JSON, then a blank line. */
export function formatSseEvent({ id, event, data }: SseEvent): string {
  const lines: string[] = [];
  if (id !== undefined) lines.push(`id: ${String(id).replace(/[\r\n]/g, '')}`);
  if (event !== undefined) lines.push(`event: ${event.replace(/[\r\n]/g, '')}`);
  const payload = typeof data === 'string' ? data : JSON.stringify(data);
  for (const line of payload.split(/\r\n|\r|\n/)) lines.push(`data: ${line}`);
  return `${lines.join('\n')}\n\n`;
}

/** A comment line: ignored by clients, keeps proxies from closing an idle stream. */
export function formatSseComment(text: string): string {
  return `: ${text.replace(/[\r\n]/g, ' ')}\n\n`;
}

/** The sequence number a client resumes after (`Last-Event-ID`), or 0 for the whole stream. */
export function parseLastEventId(value: string | null): number {
  if (!value) return 0;
  const n = Number(value.trim());
  return Number.isInteger(n) && n > 0 ? n : 0;
}
