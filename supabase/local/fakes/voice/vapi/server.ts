import { randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer } from 'ws';
import { BodyTooLargeError, readBody, sendJson } from '../../../http';
import { callRecordingWav } from '../../../../functions/_shared/voice/simulated/recording.ts';
import { callObject } from '../../../../functions/_shared/voice/simulated/calls.ts';
import {
  createVoiceNetwork,
  farewellOf,
  LOCAL_ORG_ID,
  type AgentSpeech,
  type NetworkOptions,
  type VoiceNetwork,
} from '../../../../functions/_shared/voice/simulated/network.ts';
import { validateCreateCall } from '../../../../functions/_shared/voice/simulated/validation.ts';
import { createPhoneNumberRegistry } from './phone-numbers';
import { handleTextToSpeech } from '../elevenlabs/text-to-speech';
import { SIMULATED_CALLBACKS } from '../../../../functions/_shared/contract/simulated-numbers.ts';

/**
 * The HTTP surface of the simulated phone network, shaped like Vapi's API
 * (https://api.vapi.ai): `POST /call`, `GET /call`, `GET /call/{id}`, `POST /phone-number`,
 * `GET` and `DELETE /phone-number/{id}` with
 * `Authorization: Bearer <private key>`, each call's `monitor.controlUrl`
 * (`POST /{id}/control`: `end-call`, `say` with `endCallAfterSpoken`, a browser call's
 * `add-message`), and a browser call's `transport.websocketCallUrl` (`/{id}/transport`: 16 kHz
 * 16-bit PCM of the agent's voice out, `{"type":"hangup"}` in). Errors are NestJS-shaped like Vapi's:
 * `{ "message": string | string[], "error": "Bad Request", "statusCode": 400 }`.
 */
export const LOCAL_VAPI_API_KEY = 'vapi_dialwise_local';
export const LOCAL_VAPI_PHONE_NUMBER_ID = 'local';
/** The SIP trunk credential verified caller IDs dial out through (type byo-sip-trunk). */
export const LOCAL_VAPI_CALLER_ID_CREDENTIAL_ID = 'local-caller-id-trunk';

export type VoiceServerOptions = Omit<NetworkOptions, 'baseUrl'> & {
  apiKey?: string;
  phoneNumberIds?: readonly string[];
  byoCredentialIds?: readonly string[];
  /** Where callers reach the server; `listen` fills it in when omitted. */
  baseUrl?: string;
};

const REASONS: Record<number, string> = {
  400: 'Bad Request',
  401: 'Unauthorized',
  404: 'Not Found',
  413: 'Payload Too Large',
};

function fail(res: ServerResponse, status: number, message: string | string[]) {
  sendJson(res, status, { message, error: REASONS[status] ?? 'Error', statusCode: status });
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

async function readJson(
  req: IncomingMessage,
): Promise<{ ok: true; value: unknown } | { ok: false }> {
  const raw = (await readBody(req, 5 * 1024 * 1024)).toString('utf8');
  if (!raw.trim()) return { ok: true, value: {} };
  try {
    return { ok: true, value: JSON.parse(raw) };
  } catch {
    return { ok: false };
  }
}

export function createVoiceServer(options: VoiceServerOptions = { speed: 30 }) {
  const apiKey = options.apiKey ?? LOCAL_VAPI_API_KEY;
  const phoneNumbers = createPhoneNumberRegistry({
    orgId: LOCAL_ORG_ID,
    initialIds: options.phoneNumberIds ?? [LOCAL_VAPI_PHONE_NUMBER_ID],
    byoCredentialIds: options.byoCredentialIds ?? [LOCAL_VAPI_CALLER_ID_CREDENTIAL_ID],
    now: options.now,
  });
  let network: VoiceNetwork | null = null;

  const authorized = (req: IncomingMessage) => req.headers.authorization === `Bearer ${apiKey}`;
  const unauthorized = (res: ServerResponse) =>
    fail(
      res,
      401,
      'Invalid Key. Hot tip, you may be using the private key instead of the public key, or vice versa.',
    );

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://localhost');
    const path = url.pathname.replace(/\/+$/, '') || '/';
    const method = req.method ?? 'GET';
    // ElevenLabs' text to speech (the voice samples) lives beside the network, under /elevenlabs.
    if (await handleTextToSpeech(req, res, url)) return;
    const voice = network;
    if (!voice) return fail(res, 404, 'The phone network is not listening yet');

    if (path === '/call' && method === 'POST') {
      if (!authorized(req)) return unauthorized(res);
      const body = await readJson(req);
      if (!body.ok) return fail(res, 400, 'Unexpected token in JSON body');
      const problems = validateCreateCall(body.value, phoneNumbers.ids());
      if (problems.length) return fail(res, 400, problems);
      const placed = voice.place(body.value as Record<string, unknown>);
      return sendJson(res, 201, { ...callObject(placed.call), subscriptionLimits: placed.limits });
    }

    if (path === '/phone-number' && method === 'POST') {
      if (!authorized(req)) return unauthorized(res);
      const body = await readJson(req);
      if (!body.ok) return fail(res, 400, 'Unexpected token in JSON body');
      const created = phoneNumbers.create(body.value);
      return sendJson(res, created.status, created.body);
    }
    const numberMatch = /^\/phone-number\/([^/]+)$/.exec(path);
    if (numberMatch && (method === 'GET' || method === 'DELETE')) {
      if (!authorized(req)) return unauthorized(res);
      const id = decodeURIComponent(numberMatch[1]!);
      if (method === 'DELETE') {
        const removed = phoneNumbers.remove(id);
        return sendJson(res, removed.status, removed.body);
      }
      const found = phoneNumbers.get(id);
      return found ? sendJson(res, 200, found) : fail(res, 404, 'Phone Number not found');
    }

    // Not Vapi's: the local network's callers calling an account's number (the PSTN's side).
    // Vapi asks the number's server URL for the agent (assistant-request), then plays the call.
    if (path === '/simulate/inbound-call' && method === 'POST') {
      const body = await readJson(req);
      if (!body.ok) return fail(res, 400, 'Unexpected token in JSON body');
      const input = (body.value ?? {}) as { from?: unknown; to?: unknown; script?: unknown };
      const script = SIMULATED_CALLBACKS.find((one) => one.script === input.script);
      if (typeof input.from !== 'string' || typeof input.to !== 'string' || !script)
        return fail(res, 400, [
          `from and to must be numbers, script one of ${SIMULATED_CALLBACKS.map((one) => one.script).join(', ')}`,
        ]);
      const called = phoneNumbers.byNumber(input.to);
      if (!called?.server) return fail(res, 404, `No number ${input.to} answers on this network`);
      const id = randomUUID();
      const customer = { number: input.from };
      const send = options.fetch ?? fetch;
      const asked = await send(called.server.url, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', ...called.server.headers },
        body: JSON.stringify({
          message: {
            type: 'assistant-request',
            timestamp: Date.now(),
            call: {
              id,
              orgId: LOCAL_ORG_ID,
              type: 'inboundPhoneCall',
              status: 'ringing',
              phoneNumberId: called.id,
              customer,
            },
            phoneNumber: called,
            customer,
          },
        }),
      }).catch((error: Error) => error);
      if (asked instanceof Error || !asked.ok)
        return sendJson(res, 200, {
          answered: false,
          reason: asked instanceof Error ? asked.message : `the server answered ${asked.status}`,
        });
      const answer = (await asked.json()) as {
        assistant?: Record<string, unknown>;
        error?: string;
      };
      if (!answer.assistant)
        return sendJson(res, 200, { answered: false, spoken: answer.error ?? null });
      const call = voice.create(
        { phoneNumberId: called.id, customer, assistant: answer.assistant },
        { id, behaviour: script.behaviour },
      );
      return sendJson(res, 201, { answered: true, call: callObject(call) });
    }

    // The organisation (UpdateOrgDTO): only its concurrent-call limit is kept.
    const orgMatch = /^\/org\/([^/]+)$/.exec(path);
    if (orgMatch && method === 'PATCH') {
      if (!authorized(req)) return unauthorized(res);
      if (decodeURIComponent(orgMatch[1]!) !== LOCAL_ORG_ID) return fail(res, 404, 'Not Found');
      const body = await readJson(req);
      if (!body.ok) return fail(res, 400, 'Unexpected token in JSON body');
      const limit = (body.value as { concurrencyLimit?: unknown }).concurrencyLimit;
      if (limit !== undefined) {
        if (typeof limit !== 'number' || !Number.isInteger(limit) || limit < 1)
          return fail(res, 400, ['concurrencyLimit must not be less than 1']);
        voice.maxConcurrentCalls = limit;
      }
      return sendJson(res, 200, { id: LOCAL_ORG_ID, concurrencyLimit: voice.maxConcurrentCalls });
    }

    if (path === '/call' && method === 'GET') {
      if (!authorized(req)) return unauthorized(res);
      const limit = Number(url.searchParams.get('limit') ?? 100);
      if (!Number.isInteger(limit) || limit < 0 || limit > 1000)
        return fail(res, 400, ['limit must not be greater than 1000']);
      const id = url.searchParams.get('id');
      const phoneNumberId = url.searchParams.get('phoneNumberId');
      const calls = voice
        .list()
        .filter(
          (c) => (!id || c.id === id) && (!phoneNumberId || c.phoneNumberId === phoneNumberId),
        )
        .slice(0, limit);
      return sendJson(res, 200, calls.map(callObject));
    }

    const callMatch = /^\/call\/([^/]+)$/.exec(path);
    if (callMatch && method === 'GET') {
      if (!authorized(req)) return unauthorized(res);
      const id = decodeURIComponent(callMatch[1]!);
      if (!UUID.test(id)) return fail(res, 400, 'Validation failed (uuid is expected)');
      const call = voice.get(id);
      if (!call) return fail(res, 404, 'Call not found');
      return sendJson(res, 200, callObject(call));
    }

    // The recording's storage link, like Vapi's artifact URLs: no API key, only the unguessable id.
    const recordingMatch = /^\/recordings\/([^/]+)\/mono\.wav$/.exec(path);
    if (recordingMatch && (method === 'GET' || method === 'HEAD')) {
      const call = voice.get(decodeURIComponent(recordingMatch[1]!));
      if (!call || call.status !== 'ended' || !call.recordingUrl)
        return fail(res, 404, 'Recording not found');
      const wav = callRecordingWav(call);
      res.writeHead(200, { 'Content-Type': 'audio/wav', 'Content-Length': String(wav.length) });
      return res.end(method === 'HEAD' ? undefined : wav);
    }

    const controlMatch = /^\/([^/]+)\/control$/.exec(path);
    if (controlMatch && method === 'POST') {
      const call = voice.get(decodeURIComponent(controlMatch[1]!));
      if (!call || !call.controlUrl) return fail(res, 404, 'Call not found');
      const plan = (call.assistant.monitorPlan ?? {}) as Record<string, unknown>;
      if (plan.controlAuthenticationEnabled === true && !authorized(req)) return unauthorized(res);
      const body = await readJson(req);
      if (!body.ok) return fail(res, 400, 'Unexpected token in JSON body');
      const type = (body.value as Record<string, unknown> | null)?.type;
      if (!['end-call', 'say', 'add-message', 'control', 'transfer'].includes(type as string))
        return fail(res, 400, [
          'type must be one of the following values: say, add-message, control, end-call, transfer',
        ]);
      if (type === 'add-message') {
        // ClientInboundMessageAddMessage: message is an OpenAIMessage { role, content }.
        const { message, triggerResponseEnabled } = body.value as Record<string, unknown>;
        const added = message as { role?: unknown; content?: unknown } | null;
        if (
          !added ||
          typeof added !== 'object' ||
          !['assistant', 'function', 'user', 'system', 'tool'].includes(added.role as string) ||
          typeof added.content !== 'string'
        )
          return fail(res, 400, [
            'message.role must be one of the following values: assistant, function, user, system, tool',
            'message.content must be a string',
          ]);
        if (call.status === 'ended') return fail(res, 404, 'Call has already ended');
        voice.addMessage(
          call.id,
          { role: added.role as string, content: added.content },
          triggerResponseEnabled !== false,
        );
        return sendJson(res, 200, { success: true });
      }
      const farewell = farewellOf(body.value);
      if (type !== 'end-call' && !farewell) return sendJson(res, 200, { success: true });
      if (call.status === 'ended') return fail(res, 404, 'Call has already ended');
      voice.endCall(call.id, farewell);
      return sendJson(res, 200, { success: true });
    }

    return fail(res, 404, `Cannot ${method} ${path}`);
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      if (res.headersSent) return res.end();
      if (error instanceof BodyTooLargeError) return fail(res, 413, 'request entity too large');
      options.log?.(`[voice] ${(error as Error).message}`);
      sendJson(res, 500, { message: 'Internal server error', statusCode: 500 });
    });
  });

  // A browser call's audio: the browser connects to the call's transport.websocketCallUrl.
  const sockets = new WebSocketServer({ noServer: true });
  server.on('upgrade', (req: IncomingMessage, socket: Duplex, head: Buffer) => {
    const match = /^\/([^/]+)\/transport$/.exec(
      new URL(req.url ?? '/', 'http://localhost').pathname,
    );
    const call = match && network?.get(decodeURIComponent(match[1]!));
    if (!call || call.type !== 'vapi.websocketCall' || call.status === 'ended') {
      socket.end('HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\n\r\n');
      return;
    }
    sockets.handleUpgrade(req, socket, head, (ws) => {
      const connected = network!.connectWebCall(call.id, {
        speech: (speech: AgentSpeech) => {
          for (const frame of toneFrames(speech.seconds)) ws.send(frame);
        },
        ended: () => ws.close(1000, 'call ended'),
      });
      if (!connected) return ws.close(1008, 'another browser is connected to this call');
      // The browser's own audio is taken and not heard: nobody transcribes it locally.
      ws.on('message', (data, isBinary) => {
        if (isBinary) return;
        const type = (() => {
          try {
            return (JSON.parse(String(data)) as { type?: unknown }).type;
          } catch {
            return null;
          }
        })();
        if (type === 'hangup' || type === 'end-call') network?.hangUpWebCall(call.id);
      });
      ws.on('close', () => network?.hangUpWebCall(call.id));
    });
  });

  return {
    server,
    phoneNumbers,
    /** The network behind the server (created by `listen`). */
    get network(): VoiceNetwork | null {
      return network;
    },
    listen(port: number, host = '127.0.0.1') {
      return new Promise<{ url: string; network: VoiceNetwork }>((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, host, () => {
          const address = server.address();
          const actual = typeof address === 'object' && address ? address.port : port;
          const url = options.baseUrl ?? `http://${host}:${actual}`;
          network ??= createVoiceNetwork({ ...options, baseUrl: url });
          resolve({ url, network });
        });
      });
    },
    close() {
      network?.stop();
      for (const client of sockets.clients) client.terminate();
      return new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      });
    },
  };
}

export type VoiceServer = ReturnType<typeof createVoiceServer>;

/**
 * The agent's voice on a browser call: a 440 Hz tone as long as the turn, as 16 kHz 16-bit
 * little-endian PCM (the transport's audioFormat) in frames of 100 ms.
 */
function toneFrames(seconds: number): Buffer[] {
  const rate = 16_000;
  const samples = Math.round(seconds * rate);
  const frames: Buffer[] = [];
  for (let start = 0; start < samples; start += rate / 10) {
    const count = Math.min(rate / 10, samples - start);
    const frame = Buffer.alloc(count * 2);
    for (let i = 0; i < count; i++)
      frame.writeInt16LE(
        Math.round(Math.sin((2 * Math.PI * 440 * (start + i)) / rate) * 6000),
        i * 2,
      );
    frames.push(frame);
  }
  return frames;
}
