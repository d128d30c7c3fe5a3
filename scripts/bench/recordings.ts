/**
 * The recordings part of `npm run bench`: how much memory the edge runtime (the one Deno process
 * serving every function) adds while it copies a 60-minute recording (57.6 MB of 8 kHz 16-bit WAV,
 * streamed by a provider stand-in in this process) into Storage, and while it serves it: one
 * whole download, two at once (one account's cap), and a range from the middle. Memory is the
 * process's resident set, sampled every 10 ms, against its median just before. Fails when any
 * figure is above 32 MB, or the bytes served differ from the bytes copied.
 * Alone: `npx tsx scripts/bench/recordings.ts` (own stack on the benchmark's ports).
 */
import { readFileSync, readdirSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { type StackConfig } from '@dialwise/local-stack';
import { makeBenchAccounts } from './accounts';
import { runAloneOnStack } from './run-alone';

const MB = 1024 * 1024;
const LIMIT_MB = 32;
/** The recording's length: an hour unless BENCH_RECORDING_MINUTES says otherwise (the smoke test). */
const MINUTES = Number(process.env.BENCH_RECORDING_MINUTES ?? 60);
const SECONDS = MINUTES * 60;
const SAMPLE_RATE = 8000;
const WAV_BYTES = 44 + SECONDS * SAMPLE_RATE * 2;

export type RecordingFigures = {
  bytes: number;
  copy: { seconds: number; addedMb: number };
  serveOne: { seconds: number; addedMb: number };
  serveTwo: { seconds: number; addedMb: number };
  range: { bytes: number; addedMb: number };
};

/** The pid of the stack's Deno process (a descendant of this one). */
function denoPid(): number {
  const seen = new Set<number>();
  const queue = [process.pid];
  while (queue.length) {
    const pid = queue.shift()!;
    if (seen.has(pid)) continue;
    seen.add(pid);
    try {
      if (readFileSync(`/proc/${pid}/comm`, 'utf8').trim() === 'deno') return pid;
      for (const task of readdirSync(`/proc/${pid}/task`)) {
        const list = readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').trim();
        if (list) queue.push(...list.split(/\s+/).map(Number));
      }
    } catch {
      // A process that ended meanwhile.
    }
  }
  throw new Error('The stack has no Deno process to measure (Linux /proc needed)');
}

const rssMb = (pid: number) => {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return Number(match![1]) / 1024;
};

/** The resident set's growth over its median of the half second before, while `work` runs. */
async function peakAdded<T>(pid: number, work: () => Promise<T>) {
  const before: number[] = [];
  for (let i = 0; i < 10; i++) {
    before.push(rssMb(pid));
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const baseline = before.sort((a, b) => a - b)[5]!;
  let peak = baseline;
  const sampler = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 10);
  const started = performance.now();
  try {
    const result = await work();
    return { result, seconds: (performance.now() - started) / 1000, addedMb: peak - baseline };
  } finally {
    clearInterval(sampler);
  }
}

/** A provider's recording URL: the WAV generated as it is sent, never held whole. */
function serveLongWav(): Promise<Server> {
  const server = createServer((_req, res) => {
    res.writeHead(200, { 'Content-Type': 'audio/wav', 'Content-Length': String(WAV_BYTES) });
    const header = Buffer.alloc(44);
    header.write('RIFF', 0, 'ascii');
    header.writeUInt32LE(WAV_BYTES - 8, 4);
    header.write('WAVEfmt ', 8, 'ascii');
    header.writeUInt32LE(16, 16);
    header.writeUInt16LE(1, 20);
    header.writeUInt16LE(1, 22);
    header.writeUInt32LE(SAMPLE_RATE, 24);
    header.writeUInt32LE(SAMPLE_RATE * 2, 28);
    header.writeUInt16LE(2, 32);
    header.writeUInt16LE(16, 34);
    header.write('data', 36, 'ascii');
    header.writeUInt32LE(WAV_BYTES - 44, 40);
    res.write(header);
    let left = WAV_BYTES - 44;
    const chunk = Buffer.alloc(64 * 1024, 7);
    const pump = () => {
      while (left > 0) {
        const piece = chunk.subarray(0, Math.min(chunk.length, left));
        left -= piece.length;
        if (!res.write(piece)) return void res.once('drain', pump);
      }
      res.end();
    };
    pump();
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

async function waitUntil<T>(read: () => Promise<T>, done: (value: T) => boolean, what: string) {
  const deadline = Date.now() + 120_000;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Reads a response to its end, keeping only the count (the bench must not hold 57 MB either). */
async function drain(response: Response): Promise<number> {
  let bytes = 0;
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>)
    bytes += chunk.byteLength;
  return bytes;
}

export async function runRecordings(config: StackConfig): Promise<RecordingFigures> {
  const [key] = await makeBenchAccounts(config.dbUrl, 1);
  const auth = { Authorization: `Bearer ${key}` };
  const db = new pg.Client({ connectionString: config.dbUrl });
  await db.connect();
  const provider = await serveLongWav();
  try {
    const created = await fetch(`${config.apiUrl}/functions/v1/task?wait=true`, {
      method: 'POST',
      headers: { ...auth, 'Content-Type': 'application/json' },
      body: JSON.stringify({
        phone_number: '+14155550100',
        goal: 'Confirm the appointment.',
        record: true,
      }),
    });
    const { id } = (await created.json()) as { id: string };
    const read = async () =>
      (await (
        await fetch(`${config.apiUrl}/functions/v1/task/${id}`, { headers: auth })
      ).json()) as {
        recording_status: string | null;
        recording_url: string | null;
      };
    const first = await waitUntil(
      read,
      (t) => t.recording_status === 'available',
      'the first copy',
    );
    const pid = denoPid();
    // Warm the serving path once, so the figures are the work's, not first-use compilation.
    await drain(await fetch(first.recording_url!, { headers: auth }));

    // Copy: the provider's URL is now the long WAV; the dispatcher's retry pass copies it.
    const sourceUrl = `http://127.0.0.1:${(provider.address() as AddressInfo).port}/long.wav`;
    await db.query(
      `update private.task_recordings
          set status = 'pending', source_url = $2, next_copy_at = now() - interval '1 second',
              copy_attempts = 0
        where task_id = $1`,
      [id, sourceUrl],
    );
    await db.query(`update public.tasks set recording_status = 'pending' where id = $1`, [id]);
    const copy = await peakAdded(pid, async () => {
      await fetch(`${config.apiUrl}/functions/v1/dispatch`, {
        method: 'POST',
        headers: { apikey: config.secretKey, Authorization: `Bearer ${config.secretKey}` },
      }).then((r) => r.body?.cancel());
      // The scheduler's own tick may have taken the copy: wait for it either way.
      return await waitUntil(read, (t) => t.recording_status === 'available', 'the long copy');
    });
    const { rows } = await db.query<{ size_bytes: string }>(
      'select size_bytes from private.task_recordings where task_id = $1',
      [id],
    );
    if (Number(rows[0]!.size_bytes) !== WAV_BYTES)
      throw new Error(`Copied ${rows[0]!.size_bytes} bytes of ${WAV_BYTES}`);

    const url = copy.result.recording_url!;
    const serveOne = await peakAdded(pid, async () => drain(await fetch(url, { headers: auth })));
    const serveTwo = await peakAdded(pid, async () =>
      Promise.all(
        Array.from({ length: 2 }, async () => drain(await fetch(url, { headers: auth }))),
      ),
    );
    const middle = Math.floor(WAV_BYTES / 2);
    // 8 MB from the middle, or to the end of a shorter recording.
    const rangeBytes = Math.min(8 * MB, WAV_BYTES - middle);
    const range = await peakAdded(pid, async () =>
      drain(
        await fetch(url, {
          headers: { ...auth, Range: `bytes=${middle}-${middle + rangeBytes - 1}` },
        }),
      ),
    );
    if (serveOne.result !== WAV_BYTES || serveTwo.result.some((n) => n !== WAV_BYTES))
      throw new Error('A download did not return the whole recording');
    if (range.result !== rangeBytes) throw new Error(`The range returned ${range.result} bytes`);
    return {
      bytes: WAV_BYTES,
      copy: { seconds: copy.seconds, addedMb: copy.addedMb },
      serveOne: { seconds: serveOne.seconds, addedMb: serveOne.addedMb },
      serveTwo: { seconds: serveTwo.seconds, addedMb: serveTwo.addedMb },
      range: { bytes: range.result, addedMb: range.addedMb },
    };
  } finally {
    provider.close();
    await db.end();
  }
}

export async function benchRecordings(config: StackConfig) {
  const figures = await runRecordings(config);
  const mb = (x: number) => `${x.toFixed(1)} MB`;
  console.log(
    `\nRecordings: a ${MINUTES}-minute call (${(figures.bytes / 1e6).toFixed(1)} MB WAV), memory the edge runtime adds (resident set, peak over the median before)`,
  );
  console.log(
    `  copy, provider → Storage:          ${mb(figures.copy.addedMb)} (${figures.copy.seconds.toFixed(1)} s)`,
  );
  console.log(
    `  serve, one whole download:         ${mb(figures.serveOne.addedMb)} (${figures.serveOne.seconds.toFixed(1)} s)`,
  );
  console.log(
    `  serve, two downloads at once:     ${mb(figures.serveTwo.addedMb)} (${figures.serveTwo.seconds.toFixed(1)} s)`,
  );
  console.log(
    `  serve, a ${mb(figures.range.bytes / MB)} range (206):    ${mb(figures.range.addedMb)}`,
  );
  const worst = Math.max(
    figures.copy.addedMb,
    figures.serveOne.addedMb,
    figures.serveTwo.addedMb,
    figures.range.addedMb,
  );
  if (worst > LIMIT_MB)
    throw new Error(`Recordings added ${mb(worst)} to the edge runtime (limit ${LIMIT_MB} MB)`);
}

runAloneOnStack(import.meta.url, 'supabase/.local/bench-recordings', benchRecordings);
