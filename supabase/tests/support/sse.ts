/**
 * Reads a Server-Sent Events response to its end (or its first `max` events) and returns each
 * event's `data` parsed as JSON; the stream is closed when done.
 */
export async function readSseData<T>(response: Response, max = Infinity): Promise<T[]> {
  const events: T[] = [];
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  while (events.length < max) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += decoder.decode(value, { stream: true });
    let boundary: number;
    while ((boundary = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, boundary);
      buffer = buffer.slice(boundary + 2);
      const data = block
        .split('\n')
        .filter((line) => line.startsWith('data: '))
        .map((line) => line.slice(6))
        .join('\n');
      if (data) events.push(JSON.parse(data) as T);
    }
  }
  await reader.cancel().catch(() => undefined);
  return events;
}
