// Serving a recording: one byte range per request (what audio players ask for when they seek),
// streamed from Storage as it arrives at a bounded pace, and a cap on how many one account
// downloads at once on an instance, so one account's downloads cannot take the instance's memory,
// sockets or time from everyone else's calls.

/** The single range of `size` bytes a `Range` header asks for; 'none' serves the whole object. */
export function requestedRange(
  header: string | null,
  size: number,
): { start: number; end: number } | 'none' | 'unsatisfiable' {
  if (header === null) return 'none';
  const match = /^\s*bytes\s*=\s*(\d*)\s*-\s*(\d*)\s*$/i.exec(header);
  // Several ranges, other units or nonsense: HTTP lets a server ignore the header.
  if (!match || (match[1] === '' && match[2] === '')) return 'none';
  if (match[1] === '') {
    const suffix = Number(match[2]);
    if (suffix === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(match[1]);
  const end = match[2] === '' ? size - 1 : Math.min(Number(match[2]), size - 1);
  if (!Number.isSafeInteger(start) || start >= size || end < start) return 'unsatisfiable';
  return { start, end };
}

/** At most `perAccount` downloads of one account at once on this instance. */
export function createDownloadGate(perAccount: number) {
  const active = new Map<string, number>();
  return {
    /** A release function, or null when the account is at its cap. */
    enter(userId: string): (() => void) | null {
      const now = active.get(userId) ?? 0;
      if (now >= perAccount) return null;
      active.set(userId, now + 1);
      let released = false;
      return () => {
        if (released) return;
        released = true;
        const left = (active.get(userId) ?? 1) - 1;
        if (left <= 0) active.delete(userId);
        else active.set(userId, left);
      };
    },
    active: (userId: string) => active.get(userId) ?? 0,
  };
}

export type DownloadGate = ReturnType<typeof createDownloadGate>;

/**
 * `body` sent at most `bytesPerSecond` (far above any player's need: 8 kHz WAV plays at 16 KB/s),
 * so one account's downloads take a bounded share of the instance's time, calling `settled`
 * once when it is read to its end, fails, or is cancelled.
 */
export function paced(
  body: ReadableStream<Uint8Array>,
  bytesPerSecond: number,
  settled: () => void,
): ReadableStream<Uint8Array> {
  const reader = body.getReader();
  const started = Date.now();
  let sent = 0;
  let done = false;
  const finish = () => {
    if (done) return;
    done = true;
    settled();
  };
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      try {
        const next = await reader.read();
        if (next.done) {
          finish();
          controller.close();
          return;
        }
        sent += next.value.byteLength;
        const due = started + (sent / bytesPerSecond) * 1000 - Date.now();
        if (due > 0) await new Promise((resolve) => setTimeout(resolve, due));
        controller.enqueue(next.value);
      } catch (error) {
        finish();
        controller.error(error);
      }
    },
    cancel(reason) {
      finish();
      return reader.cancel(reason);
    },
  });
}
