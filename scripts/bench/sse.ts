/** Reads a Server-Sent Events body to its end, handing each event's parsed `data:` to `onEvent`. */
export type StreamedEvent = { id: number; type: string; created_at: string };

export async function readSseEvents(
  body: ReadableStream<Uint8Array>,
  onEvent: (event: StreamedEvent) => void,
): Promise<void> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return;
    buffer += decoder.decode(value, { stream: true });
    let end: number;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const data = buffer
        .slice(0, end)
        .split('\n')
        .find((line) => line.startsWith('data: '));
      buffer = buffer.slice(end + 2);
      if (data) onEvent(JSON.parse(data.slice(6)) as StreamedEvent);
    }
  }
}
