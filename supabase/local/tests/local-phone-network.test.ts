import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createVoiceServer, type VoiceServer } from '../fakes/voice/vapi/server';
import type { VoiceNetwork } from '../../functions/_shared/voice/simulated/network.ts';
import { createVapiProvider } from '../../functions/_shared/voice/vapi/adapter';
import { ProviderLinesBusyError } from '../../functions/_shared/voice/provider';
import { TEST_PORTS } from './support';

/**
 * The local simulated phone network (supabase/local/fakes/voice/vapi) driven over HTTP as the Vapi
 * adapter drives api.vapi.ai, with a small receiver standing in for the voice-events function.
 * Runs fast (speed 1200: a minute of call in 50 ms); no assertion depends on wall-clock timing.
 */
type Message = Record<string, unknown> & { type: string; call: { id: string } };
type Received = { message: Message; headers: Record<string, string | string[] | undefined> };

const KEY = 'vapi_dialwise_local';
const GOAL = "Confirm Kim's dental appointment tomorrow at 3 pm; offer Thursday if not";

let voice: VoiceServer;
let network: VoiceNetwork;
let vapiUrl: string;
let receiver: Server;
let hookUrl: string;
const received: Received[] = [];
/** Status codes to answer with, consumed one per request, before answering 200. */
const failures: number[] = [];

beforeAll(async () => {
  receiver = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
    req.on('end', () => {
      const status = failures.shift() ?? 200;
      const body = JSON.parse(raw) as { message: Message };
      received.push({ message: body.message, headers: req.headers });
      res.writeHead(status, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  hookUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/functions/v1/voice-events`;
  voice = createVoiceServer({ speed: 1200, setupDelayMs: 0, retryDelaysMs: [20, 40] });
  ({ url: vapiUrl, network } = await voice.listen(0));
});

afterAll(async () => {
  await voice.close();
  receiver.closeAllConnections();
  await new Promise((resolve) => receiver.close(resolve));
});

function assistant(overrides: Record<string, unknown> = {}) {
  return {
    firstMessage: 'Hi, this is Aria calling from Bright Smiles.',
    model: {
      provider: 'openai',
      model: 'gpt-4o',
      messages: [
        { role: 'system', content: `You are Aria, a professional assistant.\nGoal: ${GOAL}.` },
      ],
    },
    voice: { provider: '11labs', voiceId: 'EXAVITQu4vr4xnSDxMaL' },
    transcriber: { provider: 'deepgram', language: 'en' },
    maxDurationSeconds: 600,
    voicemailDetection: { provider: 'vapi' },
    analysisPlan: { summaryPlan: { enabled: true }, successEvaluationPlan: { rubric: 'PassFail' } },
    serverMessages: ['status-update', 'transcript[transcriptType="final"]', 'end-of-call-report'],
    server: { url: hookUrl, headers: { 'x-dialwise-token': 'tok_123' } },
    metadata: { task_id: `task_${Math.random().toString(36).slice(2)}` },
    ...overrides,
  };
}

async function api(path: string, init: RequestInit & { key?: string | null } = {}) {
  const key = init.key === undefined ? KEY : init.key;
  const response = await fetch(`${vapiUrl}${path}`, {
    ...init,
    headers: {
      'content-type': 'application/json',
      ...(key === null ? {} : { authorization: `Bearer ${key}` }),
    },
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

async function placeCall(number: string, assistantOverrides: Record<string, unknown> = {}) {
  const { status, body } = await api('/call', {
    method: 'POST',
    body: JSON.stringify({
      phoneNumberId: 'local',
      customer: { number },
      assistant: assistant(assistantOverrides),
    }),
  });
  expect(status).toBe(201);
  return body as { id: string; status: string; monitor: { controlUrl?: string } };
}

/** Places a call, lets it play out, and returns what the receiver got for it. */
async function callAndWait(number: string, assistantOverrides: Record<string, unknown> = {}) {
  const call = await placeCall(number, assistantOverrides);
  await network.settled(call.id);
  return { call, messages: messagesOf(call.id) };
}

const messagesOf = (id: string) =>
  received.filter((r) => r.message.call.id === id).map((r) => r.message);

/** "status-update:ringing", "transcript:assistant", "end-of-call-report:voicemail". */
function sequence(messages: Message[]) {
  return messages.map((m) => {
    if (m.type === 'status-update')
      return `status:${String(m.status)}${m.endedReason ? `:${String(m.endedReason)}` : ''}`;
    if (m.type === 'end-of-call-report') return `report:${String(m.endedReason)}`;
    return `transcript:${String(m.role)}`;
  });
}

const report = (messages: Message[]) =>
  messages.find((m) => m.type === 'end-of-call-report') as Message & {
    analysis: Record<string, string>;
    artifact: { transcript: string; messages: { role: string }[] };
    durationSeconds: number;
    cost: number;
    startedAt?: string;
    endedAt: string;
  };

const CONVERSATION = [
  'status:ringing',
  'status:in-progress',
  'transcript:assistant',
  'transcript:user',
  'transcript:assistant',
  'transcript:user',
  'transcript:user',
  'transcript:assistant',
  'transcript:user',
  'status:ended:customer-ended-call',
  'report:customer-ended-call',
];

describe('authentication and validation, as Vapi answers', () => {
  it('refuses a missing or wrong key with 401 on every endpoint', async () => {
    const unauthorized = {
      message:
        'Invalid Key. Hot tip, you may be using the private key instead of the public key, or vice versa.',
      error: 'Unauthorized',
      statusCode: 401,
    };
    expect(await api('/call', { method: 'POST', body: '{}', key: null })).toEqual({
      status: 401,
      body: unauthorized,
    });
    expect(await api('/call', { method: 'POST', body: '{}', key: 'vapi_wrong' })).toEqual({
      status: 401,
      body: unauthorized,
    });
    expect((await api('/call', { key: 'nope' })).status).toBe(401);
    expect((await api(`/call/${crypto.randomUUID()}`, { key: null })).status).toBe(401);
  });

  it('lists every problem of a bad body in a 400', async () => {
    const { status, body } = await api('/call', {
      method: 'POST',
      body: JSON.stringify({
        phoneNumberId: 'somebody-elses',
        customer: { number: '415-555-0100' },
        metadata: { task_id: 'x' },
      }),
    });
    expect(status).toBe(400);
    expect(body).toEqual({
      message: [
        'property metadata should not exist',
        'Need Either `assistant` Or `assistantId`.',
        "Couldn't Get Phone Number. No phone number with id somebody-elses.",
        'customer.number must be a valid phone number in the E.164 format. Hot tip, you may be missing the country code (Eg. US: +1).',
      ],
      error: 'Bad Request',
      statusCode: 400,
    });
  });

  it('answers malformed JSON and unknown routes in the same shape', async () => {
    const bad = await api('/call', { method: 'POST', body: '{"phoneNumberId":' });
    expect(bad).toMatchObject({ status: 400, body: { error: 'Bad Request', statusCode: 400 } });
    const unknown = await api('/assistant');
    expect(unknown).toMatchObject({ status: 404, body: { error: 'Not Found', statusCode: 404 } });
  });
});

describe('POST /call and GET /call', () => {
  it('creates a queued outbound call with a control URL and finds it again', async () => {
    const call = await placeCall('+14155550100');
    expect(call).toMatchObject({
      type: 'outboundPhoneCall',
      status: 'queued',
      phoneNumberId: 'local',
      customer: { number: '+14155550100' },
      monitor: { controlUrl: `${vapiUrl}/${call.id}/control` },
    });
    expect(call.id).toMatch(/^[0-9a-f-]{36}$/);
    await network.settled(call.id);

    const one = await api(`/call/${call.id}`);
    expect(one.status).toBe(200);
    expect(one.body).toMatchObject({
      id: call.id,
      status: 'ended',
      endedReason: 'customer-ended-call',
    });

    const list = await api('/call?limit=1');
    expect((list.body as unknown as { id: string }[]).map((c) => c.id)).toEqual([call.id]);
  });

  it('404s an unknown call and 400s an id that is not a UUID', async () => {
    expect(await api(`/call/${crypto.randomUUID()}`)).toMatchObject({ status: 404 });
    expect(await api('/call/not-a-uuid')).toMatchObject({
      status: 400,
      body: { message: 'Validation failed (uuid is expected)' },
    });
  });

  it('leaves out the control URL when the assistant turns live control off', async () => {
    const call = await placeCall('+14155550100', { monitorPlan: { controlEnabled: false } });
    expect(call.monitor.controlUrl).toBeUndefined();
    await network.settled(call.id);
  });
});

describe('hanging up through the Vapi adapter', () => {
  it('ends a call whose control URL was not stored, by reading it from GET /call/{id}', async () => {
    const call = await placeCall('+14155550107', { maxDurationSeconds: 1800 });
    const provider = createVapiProvider({ apiUrl: vapiUrl, apiKey: KEY, phoneNumberId: 'local' });
    await provider.endCall({ providerCallId: call.id, controlUrl: null });
    await network.settled(call.id);
    const ended = await api(`/call/${call.id}`);
    expect(ended.body).toMatchObject({ status: 'ended' });
    expect(ended.body.endedReason).not.toBe('exceeded-max-duration');
    // The call's record is still there to read (a DELETE would have removed it).
    await expect(provider.getCall(call.id)).resolves.toMatchObject({
      id: call.id,
      status: 'ended',
    });
  });
});

describe("the organisation's concurrent-call limit, as Vapi enforces it", () => {
  it('refuses the call past the limit with 201, concurrencyBlocked and the start error; the adapter waits', async () => {
    // Its own network with two lines, at the speed of life, so its calls stay live while we look.
    const small = createVoiceServer({ speed: 1, setupDelayMs: 0, maxConcurrentCalls: 2 });
    const { url } = await small.listen(0);
    try {
      const place = async (number: string) => {
        const response = await fetch(`${url}/call`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${KEY}` },
          body: JSON.stringify({
            phoneNumberId: 'local',
            customer: { number },
            assistant: assistant(),
          }),
        });
        return {
          status: response.status,
          body: (await response.json()) as Record<string, unknown> & { id: string },
        };
      };
      const first = await place('+14155550107');
      const second = await place('+12015550107');
      expect(first.status).toBe(201);
      expect(first.body.subscriptionLimits).toEqual({
        concurrencyBlocked: false,
        concurrencyLimit: 2,
        remainingConcurrentCalls: 1,
      });
      expect(second.body.subscriptionLimits).toMatchObject({ remainingConcurrentCalls: 0 });

      const refused = await place('+12025550100');
      expect(refused.status).toBe(201);
      expect(refused.body).toMatchObject({
        status: 'ended',
        endedReason: 'call.start.error-subscription-concurrency-limit-reached',
        subscriptionLimits: {
          concurrencyBlocked: true,
          concurrencyLimit: 2,
          remainingConcurrentCalls: 0,
        },
      });
      expect(refused.body.startedAt).toBeUndefined();
      expect(messagesOf(refused.body.id)).toEqual([]);
      // A browser call refused the same way keeps a browser call's shape: no number, no callee.
      const refusedWebCall = await fetch(`${url}/call`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${KEY}` },
        body: JSON.stringify({
          transport: {
            provider: 'vapi.websocket',
            audioFormat: { format: 'pcm_s16le', container: 'raw', sampleRate: 16000 },
          },
          assistant: assistant(),
        }),
      });
      const webBody = (await refusedWebCall.json()) as Record<string, unknown>;
      expect(webBody).toMatchObject({
        type: 'vapi.websocketCall',
        status: 'ended',
        endedReason: 'call.start.error-subscription-concurrency-limit-reached',
        subscriptionLimits: { concurrencyBlocked: true },
      });
      expect(webBody).not.toHaveProperty('customer');
      expect(webBody).not.toHaveProperty('phoneNumberId');

      // Our adapter reads that answer as "every line is busy", not as a failed call.
      const provider = createVapiProvider({ apiUrl: url, apiKey: KEY, phoneNumberId: 'local' });
      const request = {
        taskId: 'task_01JLINES000000000000000000',
        attempt: 1,
        phoneNumber: '+12035550100',
        goal: GOAL,
        context: {},
        voice: 'Aria',
        language: 'en',
        speakingStyle: 'Professional',
        firstSentence: 'Hi, this is Aria.',
        maxDurationMinutes: 2,
        voicemail: { action: 'hang_up' as const, message: null },
        outputSchema: null,
        record: false,
        purpose: 'informational' as const,
        disclosureFacts: { business_name: 'Acme Dental', callback_number: '+12125550199' },
        serverUrl: hookUrl,
        serverToken: 'tok_lines',
      };
      await expect(provider.placeCall(request)).rejects.toBeInstanceOf(ProviderLinesBusyError);

      // A line frees when a call ends; the next call is placed.
      await provider.endCall({ providerCallId: first.body.id, controlUrl: null });
      await expect(provider.placeCall(request)).resolves.toMatchObject({
        providerCallId: expect.any(String),
      });
    } finally {
      await small.close();
    }
  });
});

describe('the scripted callees (the /docs table)', () => {
  it('0100 (and any other number): a conversation that follows the goal, achieved', async () => {
    for (const number of ['+14155550100', '+13125557788']) {
      const { messages } = await callAndWait(number);
      expect(sequence(messages)).toEqual(CONVERSATION);
      const transcripts = messages.filter(
        (m) => m.type !== 'status-update' && m.type !== 'end-of-call-report',
      );
      expect(transcripts.every((m) => m.type === 'transcript[transcriptType="final"]')).toBe(true);
      expect(transcripts.every((m) => m.transcriptType === 'final')).toBe(true);
      expect(transcripts[0]!.transcript).toBe('Hi, this is Aria calling from Bright Smiles.');
      expect(transcripts[2]!.transcript).toBe(
        "I'm calling to confirm Kim's dental appointment tomorrow at 3 pm.",
      );
      expect(transcripts[4]!.transcript).toMatch(/^Yes, that works — confirm Kim's dental/);
      const end = report(messages);
      // The summary says what happened, not the goal.
      expect(end.analysis).toEqual({
        summary: 'The callee answered, heard the request and agreed.',
        successEvaluation: 'true',
      });
      expect(end.durationSeconds).toBeGreaterThanOrEqual(40);
      expect(end.durationSeconds).toBeLessThanOrEqual(110);
      expect((Date.parse(end.endedAt) - Date.parse(end.startedAt!)) / 1000).toBeCloseTo(
        end.durationSeconds,
        0,
      );
      expect(end.cost).toBeGreaterThan(0);
      expect(end.artifact.transcript).toContain(
        "AI: I'm calling to confirm Kim's dental appointment tomorrow at 3 pm.",
      );
      expect(end.artifact.messages.map((m) => m.role)).toEqual([
        'system',
        'bot',
        'user',
        'bot',
        'user',
        'user',
        'bot',
        'user',
      ]);
    }
  });

  it('0101: answers and declines; the evaluation fails', async () => {
    const { messages } = await callAndWait('+14155550101');
    expect(sequence(messages)).toEqual(CONVERSATION);
    expect(messages[6]!.transcript).toMatch(/^No, I'm sorry, that doesn't work for me/);
    expect(report(messages).analysis.successEvaluation).toBe('false');
  });

  it('0102: busy', async () => {
    const { messages } = await callAndWait('+14155550102');
    expect(sequence(messages)).toEqual([
      'status:ringing',
      'status:ended:customer-busy',
      'report:customer-busy',
    ]);
    expect(report(messages)).toMatchObject({ cost: 0, durationSeconds: 0, analysis: {} });
    expect(report(messages).startedAt).toBeUndefined();
  });

  it('0103: no answer', async () => {
    const { messages } = await callAndWait('+14155550103');
    expect(sequence(messages)).toEqual([
      'status:ringing',
      'status:ended:customer-did-not-answer',
      'report:customer-did-not-answer',
    ]);
  });

  it('0104: voicemail; the agent leaves voicemailMessage', async () => {
    const { messages } = await callAndWait('+14155550104', {
      voicemailMessage: 'Please call us back.',
    });
    expect(sequence(messages)).toEqual([
      'status:ringing',
      'status:in-progress',
      'transcript:user',
      'transcript:assistant',
      'status:ended:voicemail',
      'report:voicemail',
    ]);
    expect(messages[3]!.transcript).toBe('Please call us back.');
    expect(report(messages).analysis.successEvaluation).toBe('false');
  });

  it('0104: voicemail without a message; the agent hangs up', async () => {
    const { messages } = await callAndWait('+14155550104');
    expect(sequence(messages)).toEqual([
      'status:ringing',
      'status:in-progress',
      'transcript:user',
      'status:ended:voicemail',
      'report:voicemail',
    ]);
  });

  it('0105: the carrier fails the call', async () => {
    const { messages } = await callAndWait('+14155550105');
    expect(sequence(messages)).toEqual([
      'status:ended:twilio-failed-to-connect-call',
      'report:twilio-failed-to-connect-call',
    ]);
  });

  it('0106: no answer on the first attempt of a task, answers and achieves on the next', async () => {
    const task = { task_id: 'task_0106' };
    const first = await callAndWait('+14155550106', { metadata: task });
    expect(sequence(first.messages).at(-1)).toBe('report:customer-did-not-answer');
    const second = await callAndWait('+14155550106', { metadata: task });
    expect(sequence(second.messages)).toEqual(CONVERSATION);
    expect(report(second.messages).analysis.successEvaluation).toBe('true');
    const otherTask = await callAndWait('+14155550106', { metadata: { task_id: 'task_other' } });
    expect(sequence(otherTask.messages).at(-1)).toBe('report:customer-did-not-answer');
  });

  it('0107: talks until maxDurationSeconds', async () => {
    const { messages } = await callAndWait('+14155550107', { maxDurationSeconds: 120 });
    const seq = sequence(messages);
    expect(seq.slice(0, 2)).toEqual(['status:ringing', 'status:in-progress']);
    expect(seq.slice(-2)).toEqual([
      'status:ended:exceeded-max-duration',
      'report:exceeded-max-duration',
    ]);
    expect(seq.filter((s) => s.startsWith('transcript')).length).toBeGreaterThan(6);
    const end = report(messages);
    expect(end.durationSeconds).toBe(120);
    expect(end.analysis.successEvaluation).toBe('false');
  });

  it('0108: the end-of-call messages are lost, but GET /call/{id} knows the end', async () => {
    const { call, messages } = await callAndWait('+14155550108');
    expect(sequence(messages)).toEqual(CONVERSATION.slice(0, -2));
    const { body } = await api(`/call/${call.id}`);
    expect(body).toMatchObject({
      status: 'ended',
      endedReason: 'customer-ended-call',
      analysis: { successEvaluation: 'true', summary: expect.any(String) },
      artifact: {
        transcript: expect.stringContaining("I'm calling to confirm Kim's dental appointment"),
      },
    });
    const seconds =
      (Date.parse(body.endedAt as string) - Date.parse(body.startedAt as string)) / 1000;
    expect(seconds).toBeGreaterThanOrEqual(40);
  });
});

describe('structured outputs (artifactPlan.structuredOutputs)', () => {
  const structuredOutputs = [
    { name: 'opted_out', description: 'Asked not to be called again', schema: { type: 'boolean' } },
    {
      name: 'result',
      type: 'ai',
      schema: {
        type: 'object',
        properties: { confirmed: { type: 'boolean' }, new_time: { type: 'string' } },
      },
    },
  ];
  type Outputs = Record<string, { name: string; result: unknown }>;
  const byName = (outputs: Outputs) =>
    Object.fromEntries(Object.values(outputs).map((o) => [o.name, o.result]));

  it('answers them keyed by output id, the same in the report and in GET /call/{id}', async () => {
    const { call, messages } = await callAndWait('+14155550100', {
      artifactPlan: { recordingEnabled: false, structuredOutputs },
    });
    const report = messages.find((m) => m.type === 'end-of-call-report') as unknown as {
      artifact: { structuredOutputs: Outputs };
    };
    const outputs = report.artifact.structuredOutputs;
    expect(Object.keys(outputs)).toHaveLength(2);
    for (const id of Object.keys(outputs))
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    // The callee confirmed the time the goal named, so no new time was settled: null.
    expect(byName(outputs)).toEqual({
      opted_out: false,
      result: { confirmed: true, new_time: null },
    });
    const { body } = await api(`/call/${call.id}`);
    expect((body.artifact as { structuredOutputs: Outputs }).structuredOutputs).toEqual(outputs);
    // The adapter reads them back by name.
    const provider = createVapiProvider({ apiUrl: vapiUrl, apiKey: KEY, phoneNumberId: 'local' });
    expect((await provider.getCall(call.id)).ended).toMatchObject({
      optedOut: false,
      structuredResult: { confirmed: true, new_time: null },
    });
  });

  it('0101 answers false booleans, 0109 opts out, and a call nobody answered gets none', async () => {
    const outputsOf = async (number: string) => {
      const { messages } = await callAndWait(number, { artifactPlan: { structuredOutputs } });
      const report = messages.find((m) => m.type === 'end-of-call-report') as unknown as {
        artifact: { structuredOutputs?: Outputs };
      };
      return report.artifact.structuredOutputs;
    };
    expect(byName((await outputsOf('+14155550101'))!)).toMatchObject({
      opted_out: false,
      result: { confirmed: false },
    });
    expect(byName((await outputsOf('+14155550109'))!)).toMatchObject({ opted_out: true });
    expect(await outputsOf('+14155550103')).toBeUndefined();
  });

  it('refuses an output without a name or schema, or with a name over 40 characters, like Vapi', async () => {
    const { status, body } = await api('/call', {
      method: 'POST',
      body: JSON.stringify({
        phoneNumberId: 'local',
        customer: { number: '+14155550100' },
        assistant: assistant({
          artifactPlan: {
            structuredOutputs: [
              { schema: { type: 'boolean' } },
              { name: 'x'.repeat(41), schema: { type: 'boolean' } },
              { name: 'no schema' },
            ],
          },
        }),
      }),
    });
    expect(status).toBe(400);
    expect(body).toEqual({
      message: [
        'assistant.artifactPlan.structuredOutputs.0.name must be a string',
        'assistant.artifactPlan.structuredOutputs.1.name must be shorter than or equal to 40 characters',
        'assistant.artifactPlan.structuredOutputs.2.schema must be an object',
      ],
      error: 'Bad Request',
      statusCode: 400,
    });
  });
});

describe('server messages', () => {
  it('carry the Vapi envelope, the assistant server headers and non-decreasing timestamps', async () => {
    const call = await placeCall('+14155550100');
    await network.settled(call.id);
    const mine = received.filter((r) => r.message.call.id === call.id);
    expect(mine.every((r) => r.headers['x-dialwise-token'] === 'tok_123')).toBe(true);
    expect(mine.every((r) => r.headers['content-type'] === 'application/json')).toBe(true);
    const stamps = mine.map((r) => r.message.timestamp as number);
    expect(stamps).toEqual([...stamps].sort((a, b) => a - b));
    const ringing = mine[0]!.message;
    expect(ringing).toMatchObject({
      type: 'status-update',
      status: 'ringing',
      call: { id: call.id, status: 'ringing', type: 'outboundPhoneCall' },
      customer: { number: '+14155550100' },
      assistant: { metadata: expect.any(Object) },
    });
  });

  it('only the subscribed types are sent; plain "transcript" brings partials too', async () => {
    const statusOnly = await callAndWait('+14155550100', { serverMessages: ['status-update'] });
    expect(sequence(statusOnly.messages)).toEqual([
      'status:ringing',
      'status:in-progress',
      'status:ended:customer-ended-call',
    ]);
    const all = await callAndWait('+14155550100', {
      serverMessages: ['status-update', 'transcript', 'end-of-call-report'],
    });
    const transcripts = all.messages.filter((m) => m.type === 'transcript');
    expect(transcripts.map((m) => m.transcriptType)).toEqual(
      Array.from({ length: 7 }, () => ['partial', 'final']).flat(),
    );
  });

  it('a message that gets a 500 is retried, and the next one waits for it', async () => {
    failures.push(500, 500);
    const { call, messages } = await callAndWait('+14155550100');
    expect(sequence(messages).slice(0, 4)).toEqual([
      'status:ringing',
      'status:ringing',
      'status:ringing',
      'status:in-progress',
    ]);
    expect(sequence(messages.slice(2))).toEqual(CONVERSATION);
    expect(network.deliveries(call.id)[0]!.attempts.map((a) => a.status)).toEqual([500, 500, 200]);
  });

  it('a message that keeps failing is given up after the retries, and delivery goes on', async () => {
    failures.push(503, 503, 503);
    const { call, messages } = await callAndWait('+14155550102');
    expect(sequence(messages)).toEqual([
      'status:ringing',
      'status:ringing',
      'status:ringing',
      'status:ended:customer-busy',
      'report:customer-busy',
    ]);
    expect(network.deliveries(call.id).map((d) => d.delivered)).toEqual([false, true, true]);
  });
});

describe('the control URL', () => {
  it('end-call hangs up a live call: manually-canceled, then the end-of-call report', async () => {
    const call = await placeCall('+14155550107', { maxDurationSeconds: 43200 });
    await vi.waitFor(() => expect(sequence(messagesOf(call.id))).toContain('status:in-progress'), {
      timeout: 10_000,
    });
    const end = await fetch(call.monitor.controlUrl!, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ type: 'end-call' }),
    });
    expect(end.status).toBe(200);
    await network.settled(call.id);
    const seq = sequence(messagesOf(call.id));
    expect(seq.slice(-2)).toEqual(['status:ended:manually-canceled', 'report:manually-canceled']);
    const { body } = await api(`/call/${call.id}`);
    expect(body).toMatchObject({ status: 'ended', endedReason: 'manually-canceled' });

    const again = await fetch(call.monitor.controlUrl!, {
      method: 'POST',
      body: JSON.stringify({ type: 'end-call' }),
    });
    expect(again.status).toBe(404);
  });

  it('refuses an unknown control message type', async () => {
    const call = await placeCall('+14155550100');
    const response = await fetch(call.monitor.controlUrl!, {
      method: 'POST',
      body: JSON.stringify({ type: 'explode' }),
    });
    expect(response.status).toBe(400);
    await network.settled(call.id);
  });
});

describe('the stack', () => {
  it('runs the phone network on STACK_VOICE_PORT with the well-known key', async () => {
    const base = `http://127.0.0.1:${TEST_PORTS.voice}`;
    const wrong = await fetch(`${base}/call`, { headers: { authorization: 'Bearer nope' } });
    expect(wrong.status).toBe(401);
    const right = await fetch(`${base}/call?limit=1`, {
      headers: { authorization: `Bearer ${KEY}` },
    });
    expect(right.status).toBe(200);
    expect(Array.isArray(await right.json())).toBe(true);
  });
});

describe('a browser call on the WebSocket transport', () => {
  const transport = {
    provider: 'vapi.websocket',
    audioFormat: { format: 'pcm_s16le', container: 'raw', sampleRate: 16000 },
  };

  it('answers its socket, starts when the browser connects, answers added messages, and ends on hangup', async () => {
    const { status, body } = await api('/call', {
      method: 'POST',
      body: JSON.stringify({ transport, assistant: assistant() }),
    });
    expect(status).toBe(201);
    const call = body as {
      id: string;
      type: string;
      status: string;
      transport: { websocketCallUrl: string };
      monitor: { controlUrl: string };
    };
    expect(call).toMatchObject({ type: 'vapi.websocketCall', status: 'queued' });
    expect(body).not.toHaveProperty('customer');
    expect(call.transport.websocketCallUrl).toBe(
      `${vapiUrl.replace('http', 'ws')}/${call.id}/transport`,
    );

    const { default: WebSocket } = await import('ws');
    const socket = new WebSocket(call.transport.websocketCallUrl);
    let audioBytes = 0;
    socket.on('message', (data, isBinary) => {
      if (isBinary) audioBytes += (data as Buffer).length;
    });
    await new Promise((resolve) => socket.once('open', resolve));
    const said = await fetch(call.monitor.controlUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        type: 'add-message',
        message: { role: 'user', content: 'Are you a robot?' },
      }),
    });
    expect(said.status).toBe(200);
    const bad = await fetch(call.monitor.controlUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ type: 'add-message', message: { role: 'caller' } }),
    });
    expect(bad.status).toBe(400);

    for (
      let i = 0;
      i < 200 && messagesOf(call.id).filter((m) => m.role === 'assistant').length < 2;
      i++
    )
      await new Promise((resolve) => setTimeout(resolve, 50));
    expect(audioBytes).toBeGreaterThan(0);
    expect(audioBytes % 2).toBe(0);
    socket.send(JSON.stringify({ type: 'hangup' }));
    for (let i = 0; i < 200 && network.get(call.id)?.status !== 'ended'; i++)
      await new Promise((resolve) => setTimeout(resolve, 20));
    await network.settled(call.id);
    const messages = messagesOf(call.id);
    expect(sequence(messages)).toEqual([
      'status:in-progress',
      'transcript:assistant',
      'transcript:assistant',
      'status:ended:customer-ended-call',
      'report:customer-ended-call',
    ]);
    // Typed while the opening played: after the opening, in time order.
    expect(report(messages).artifact.messages.map((m) => m.role)).toEqual([
      'system',
      'bot',
      'user',
      'bot',
    ]);
  });

  it('refuses a phone number beside the transport, and a socket to a call that is not one', async () => {
    const { status, body } = await api('/call', {
      method: 'POST',
      body: JSON.stringify({ transport, phoneNumberId: 'local', assistant: assistant() }),
    });
    expect(status).toBe(400);
    expect(body.message).toEqual([
      'phoneNumberId is not permitted with the vapi.websocket transport',
    ]);
    const phone = await placeCall('+14155550100');
    const { default: WebSocket } = await import('ws');
    const socket = new WebSocket(`${vapiUrl.replace('http', 'ws')}/${phone.id}/transport`);
    const refused = await new Promise<number>((resolve) =>
      socket.once('unexpected-response', (_req, res) => resolve(res.statusCode ?? 0)),
    );
    expect(refused).toBe(404);
    await network.settled(phone.id);
  });
});

describe("ElevenLabs' text to speech under /elevenlabs", () => {
  const speak = (voiceId: string, body: unknown, key = 'xi_dialwise_local', format = 'pcm_16000') =>
    fetch(`${vapiUrl}/elevenlabs/v1/text-to-speech/${voiceId}?output_format=${format}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'xi-api-key': key },
      body: JSON.stringify(body),
    });

  it('speaks a premade voice as raw 16-bit PCM, longer for more words', async () => {
    const short = await speak('9BWtsMINqrJLrRacOk9x', {
      text: 'Hi.',
      model_id: 'eleven_multilingual_v2',
    });
    expect(short.status).toBe(200);
    const long = await speak('9BWtsMINqrJLrRacOk9x', {
      text: 'Hi, this is Aria, an AI assistant.',
    });
    const [a, b] = [await short.arrayBuffer(), await long.arrayBuffer()];
    expect(a.byteLength % 2).toBe(0);
    expect(b.byteLength).toBeGreaterThan(a.byteLength);
  });

  it('answers a wrong key 401, a missing text or a bad format 422, an unknown voice 404', async () => {
    const wrongKey = await speak('9BWtsMINqrJLrRacOk9x', { text: 'Hi' }, 'nope');
    expect(wrongKey.status).toBe(401);
    expect(await wrongKey.json()).toEqual({
      detail: { status: 'invalid_api_key', message: 'Invalid API key' },
    });
    const noText = await speak('9BWtsMINqrJLrRacOk9x', {});
    expect(noText.status).toBe(422);
    expect(await noText.json()).toMatchObject({ detail: [{ loc: ['body', 'text'] }] });
    expect((await speak('9BWtsMINqrJLrRacOk9x', { text: 'Hi' }, undefined, 'wav_9')).status).toBe(
      422,
    );
    const unknown = await speak('nobody', { text: 'Hi' });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toMatchObject({ detail: { status: 'voice_not_found' } });
  });
});
