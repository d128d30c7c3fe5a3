// Calls an integrator's tool url during a call: the same guard and signature as our webhooks
// (Standard Webhooks, the account's whsec_ secret, the target checked again as it is called and
// reached at the checked address, redirects not followed), but the answer is read (JSON, capped)
// and handed back, under a hard deadline that fits the voice provider's own wait.
import { TOOL_LIMITS } from '../contract/task-tools.ts';
import { checkTarget, postWithDeno, signedHeaders, type SenderDeps } from './sender.ts';

export type ToolResponse =
  | { ok: true; statusCode: number; answer: unknown; durationMs: number }
  | { ok: false; statusCode: number | null; error: string; durationMs: number };

async function readCappedText(response: Response, maxBytes: number): Promise<string | null> {
  const reader = response.body?.getReader();
  if (!reader) return '';
  const chunks: Uint8Array[] = [];
  let read = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    read += value.byteLength;
    if (read > maxBytes) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  const all = new Uint8Array(read);
  chunks.reduce((at, chunk) => (all.set(chunk, at), at + chunk.byteLength), 0);
  return new TextDecoder().decode(all);
}

export async function requestTool(
  target: { url: string; secret: string; id: string; body: string },
  deps: Pick<SenderDeps, 'allowPrivate' | 'post' | 'resolve' | 'now'> & { deadlineMs?: number },
): Promise<ToolResponse> {
  const started = performance.now();
  const deadlineMs = deps.deadlineMs ?? TOOL_LIMITS.deadlineMs;
  const durationMs = () => Math.round(performance.now() - started);
  const fail = (error: string, statusCode: number | null = null): ToolResponse => ({
    ok: false,
    statusCode,
    error,
    durationMs: durationMs(),
  });
  // One deadline for all of it: resolving the host, connecting, the answer and its body.
  const signal = AbortSignal.timeout(deadlineMs);
  const timedOut = new Promise<'timeout'>((resolve) =>
    signal.addEventListener('abort', () => resolve('timeout'), { once: true }),
  );
  const checked = await Promise.race([checkTarget(target.url, deps), timedOut]);
  if (checked === 'timeout') return fail(`No answer within ${deadlineMs / 1000} s`);
  if ('refused' in checked) return fail(`Refused: ${checked.refused}`);
  const timestamp = Math.floor((deps.now ?? (() => new Date()))().getTime() / 1000);
  try {
    const response = await (deps.post ?? postWithDeno)(checked.url, checked.address, {
      signal,
      headers: await signedHeaders(target, timestamp, {
        Accept: 'application/json',
        'User-Agent': 'Dialwise-Tools/1',
      }),
      body: target.body,
    });
    if (response.status >= 300 && response.status < 400) {
      await response.body?.cancel();
      return fail('Redirects are not followed', response.status);
    }
    const text = await readCappedText(response, TOOL_LIMITS.answerMaxBytes);
    if (!response.ok) return fail(`HTTP ${response.status}`, response.status);
    if (text === null)
      return fail(
        `The answer is larger than ${TOOL_LIMITS.answerMaxBytes / 1024} KB`,
        response.status,
      );
    let answer: unknown;
    try {
      answer = text.trim() === '' ? null : JSON.parse(text);
    } catch {
      return fail('The answer is not JSON', response.status);
    }
    return { ok: true, statusCode: response.status, answer, durationMs: durationMs() };
  } catch (error) {
    const name = (error as Error).name;
    return name === 'TimeoutError' || name === 'AbortError'
      ? fail(`No answer within ${deadlineMs / 1000} s`)
      : fail(`Could not connect: ${(error as Error).message}`.slice(0, 300));
  }
}
