// Test mode's voice provider: the simulated phone network run inside the function instance that
// places the call, spoken to through the same Vapi adapter as a real call (its requests answered
// in process, no network hop), so a test call behaves as a local one does. The call plays on the
// compressed clock after the response (waitUntil), posting Vapi's server messages to
// voice-events like Vapi would: at the default speed a 30-minute call plays in a minute, inside a
// hosted edge function's wall clock (docs/decisions/0035-test-mode.md).
import { createVapiProvider } from '../vapi/adapter.ts';
import { ProviderError, type VoiceProvider } from '../provider.ts';
import { callObject, durationSeconds, type CallRecord } from './calls.ts';
import { createVoiceNetwork, farewellOf, type VoiceNetwork } from './network.ts';
import { toneWav } from './recording.ts';
import { validateCreateCall } from './validation.ts';
import { LIMITS } from '../../contract/limits.ts';

/** Where simulated calls live: never a real host, so no request for it can leave the instance. */
export const SIMULATED_BASE_URL = 'https://simulated.dialwise.invalid';
const API_KEY = 'simulated';
const PHONE_NUMBER_ID = 'simulated';

/** Simulated seconds per wall second: a 30-minute call plays in a minute. */
export const DEFAULT_SIMULATED_SPEED = 30;

/** The longest a test call runs in simulated time: its longest talk, and a minute of ringing. */
export const LONGEST_SIMULATED_CALL_SECONDS = LIMITS.maxDurationMinutes.max * 60 + 60;

/**
 * Where ended simulated calls are kept for other instances (the dispatcher's watchdog asks for a
 * call whose end report was lost, as it asks Vapi): Vapi's Call object by id.
 */
export type SimulatedCallRecords = {
  keep(id: string, call: Record<string, unknown>): Promise<void>;
  read(id: string): Promise<Record<string, unknown> | null>;
};

type Options = {
  speed?: number;
  records?: SimulatedCallRecords;
  /** Keeps the instance alive while a call plays (the edge runtime's waitUntil). */
  keepAlive?: (label: string, work: () => Promise<unknown>) => void;
  fetch?: typeof fetch;
};

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });

const TONES = { a: 440, u: 330 } as const;

/**
 * What the recording of a call sounds like, carried in its URL: the end-of-call report reaches
 * voice-events, whose copy of the audio may run in another instance that never saw the call.
 * "<seconds>~<a|u><from ms>-<to ms>_…" (a: the agent's turn, u: the callee's).
 */
function tonesOf(call: CallRecord): string {
  const origin = call.startedAt ?? call.createdAt;
  const spans = call.turns.map(
    (turn) =>
      `${turn.role === 'assistant' ? 'a' : 'u'}${turn.time - origin}-${turn.endTime - origin}`,
  );
  return `${durationSeconds(call)}~${spans.join('_')}`;
}

/** Bytes over a plain ArrayBuffer (written so Deno 2.1's TypeScript reads it too). */
type Bytes = ReturnType<typeof Uint8Array.from>;

function wavOfTones(tones: string): Bytes | null {
  const match = /^(\d{1,5})~((?:[au]\d+-\d+_?)*)$/.exec(tones);
  if (!match) return null;
  const spans = match[2]!
    .split('_')
    .filter(Boolean)
    .map((span) => {
      const [from, to] = span.slice(1).split('-').map(Number);
      return { fromMs: from!, toMs: to!, hz: TONES[span[0] as 'a' | 'u'] };
    });
  const seconds = Number(match[1]);
  // A call lasts at most 30 minutes; nothing longer is made up from a URL.
  if (seconds > 30 * 60) return null;
  const wav = toneWav(seconds, spans);
  const bytes = new Uint8Array(new ArrayBuffer(wav.length));
  bytes.set(wav);
  return bytes;
}

const RECORDING_URL = /https:\/\/simulated\.dialwise\.invalid\/recordings\/([^/"?]+)\/mono\.wav/g;

const fail = (status: number, message: string | string[]) =>
  json(status, {
    message,
    error: status === 404 ? 'Not Found' : 'Bad Request',
    statusCode: status,
  });

/** The Vapi API paths the adapter uses, answered by an in-process network. */
export function simulatedFetch(network: VoiceNetwork, options: Options = {}): typeof fetch {
  return async (input, init) => {
    const request = new Request(input, init);
    const url = new URL(request.url);
    if (url.origin !== SIMULATED_BASE_URL) return fail(404, `Unknown host ${url.host}`);
    const path = url.pathname.replace(/\/+$/, '');
    if (path === '/call' && request.method === 'POST') {
      const body = (await request.json()) as Record<string, unknown>;
      const problems = validateCreateCall(body, [PHONE_NUMBER_ID]);
      if (problems.length) return fail(400, problems);
      const placed = network.place(body);
      const id = placed.call.id;
      options.keepAlive?.(`simulated call ${id}`, async () => {
        await network.settled(id);
        const ended = network.get(id);
        if (ended && options.records)
          await options.records.keep(id, callObject(ended)).catch((error: unknown) => {
            console.error(`[voice] simulated call ${id} not kept: ${String(error)}`);
          });
      });
      return json(201, { ...callObject(placed.call), subscriptionLimits: placed.limits });
    }
    const callMatch = /^\/call\/([^/]+)$/.exec(path);
    if (callMatch && request.method === 'GET') {
      const id = decodeURIComponent(callMatch[1]!);
      const call = network.get(id);
      if (call) return json(200, callObject(call));
      // Another instance played it: its end is kept.
      const kept = await options.records?.read(id);
      return kept ? json(200, kept) : fail(404, 'Call not found');
    }
    const controlMatch = /^\/([^/]+)\/control$/.exec(path);
    if (controlMatch && request.method === 'POST') {
      const id = decodeURIComponent(controlMatch[1]!);
      const call = network.get(id);
      if (!call) return fail(404, 'Call not found');
      const body: unknown = await request.json().catch(() => null);
      if (call.status !== 'ended') network.endCall(id, farewellOf(body));
      return json(200, { success: true });
    }
    const recordingMatch = /^\/recordings\/([^/]+)\/mono\.wav$/.exec(path);
    if (recordingMatch && request.method === 'GET') {
      const wav = wavOfTones(url.searchParams.get('tones') ?? '');
      if (!wav) return fail(404, 'Recording not found');
      return new Response(wav, {
        status: 200,
        headers: { 'Content-Type': 'audio/wav', 'Content-Length': String(wav.length) },
      });
    }
    return fail(404, `Cannot ${request.method} ${path}`);
  };
}

/**
 * A VoiceProvider whose calls go to the simulated network in this instance. A call another
 * instance placed is unknown here: hanging it up does nothing (the task is already canceled in
 * SQL, and the simulated call's later messages change nothing), reading it answers 404.
 */
export function createSimulatedProvider(options: Options = {}): VoiceProvider & {
  network: VoiceNetwork;
} {
  const send = options.fetch ?? fetch;
  const network: VoiceNetwork = createVoiceNetwork({
    speed: options.speed ?? DEFAULT_SIMULATED_SPEED,
    baseUrl: SIMULATED_BASE_URL,
    // Test calls are not limited by Vapi's lines.
    maxConcurrentCalls: 1_000_000,
    // The server messages go out as Vapi's would; a recording's URL carries its sound.
    fetch: (input, init?: RequestInit) => {
      const body =
        typeof init?.body === 'string'
          ? init.body.replace(RECORDING_URL, (found, id: string) => {
              const call = network.get(decodeURIComponent(id));
              return call ? `${found}?tones=${tonesOf(call)}` : found;
            })
          : init?.body;
      return send(input, { ...init, body });
    },
  });
  const provider = createVapiProvider({
    apiUrl: SIMULATED_BASE_URL,
    apiKey: API_KEY,
    phoneNumberId: PHONE_NUMBER_ID,
    fetch: simulatedFetch(network, options),
  });
  return {
    ...provider,
    network,
    async endCall(call, farewell) {
      if (!call.controlUrl?.startsWith(SIMULATED_BASE_URL)) return;
      await provider.endCall(call, farewell).catch(() => undefined);
    },
  };
}

/** Whether a provider address (control or recording URL) is a simulated call's. */
export const isSimulated = (url: string | null | undefined) =>
  !!url && url.startsWith(SIMULATED_BASE_URL);

/**
 * The voice provider of the functions: a task's call goes to the real provider in live mode and
 * to the simulated network in test mode; a call's later requests follow its address.
 */
export function routeByMode(
  live: VoiceProvider,
  simulated: ReturnType<typeof createSimulatedProvider>,
): VoiceProvider {
  return {
    placeCall: (request) =>
      request.livemode === false ? simulated.placeCall(request) : live.placeCall(request),
    // A test browser call is played by the functions (tasks/web-calls.ts), never placed.
    placeWebCall: (request) => live.placeWebCall(request),
    addUserMessage: (call, text) =>
      isSimulated(call.controlUrl)
        ? simulated.addUserMessage(call, text)
        : live.addUserMessage(call, text),
    endCall: (call, farewell) =>
      isSimulated(call.controlUrl)
        ? simulated.endCall(call, farewell)
        : live.endCall(call, farewell),
    // A call this instance plays, or one another played and kept; else the real provider's.
    getCall: async (id) => {
      if (simulated.network.get(id)) return simulated.getCall(id);
      try {
        return await simulated.getCall(id);
      } catch (error) {
        if (error instanceof ProviderError && error.status === 404) return live.getCall(id);
        throw error;
      }
    },
    openRecording: (url) =>
      isSimulated(url) ? simulated.openRecording(url) : live.openRecording(url),
    // The simulated network speaks Vapi's server messages, so the live adapter reads both.
    parseServerMessage: (body) => live.parseServerMessage(body),
    parseToolCalls: (body) => live.parseToolCalls(body),
    toolCallsResponse: (answers) => live.toolCallsResponse(answers),
    isTransferDestinationRequest: (body) => live.isTransferDestinationRequest(body),
    transferDestinationResponse: (answer) => live.transferDestinationResponse(answer),
  };
}
