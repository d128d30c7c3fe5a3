// @vitest-environment node
import type { CallRequest } from '../provider.ts';
import {
  audioTypeOf,
  createCallBody,
  createWebCallBody,
  OPT_OUT_STRUCTURED_OUTPUT,
  createVapiProvider,
  MAX_RECORDING_BYTES,
  liveTurnTimes,
  transcriptFromArtifact,
} from './adapter.ts';

const request: CallRequest = {
  taskId: 'task_01JD0000000000000000000000',
  attempt: 2,
  phoneNumber: '+14155550100',
  goal: "Confirm Kim's appointment tomorrow at 3 pm.",
  context: { patient: 'Kim Lee' },
  voice: 'Sarah',
  language: 'es',
  speakingStyle: 'Friendly',
  firstSentence: 'Hola, le habla Sarah.',
  maxDurationMinutes: 7,
  voicemail: { action: 'leave_message', message: 'Please call us back.' },
  outputSchema: null,
  record: false,
  purpose: 'informational' as const,
  disclosureFacts: { business_name: 'Acme Dental', callback_number: '+12125550199' },
  serverUrl: 'https://x.supabase.co/functions/v1/voice-events?task_id=t&attempt=2',
  serverToken: 'secret-token',
};

describe('Vapi call body', () => {
  it('carries the whole agent inline, per CreateCallDTO', () => {
    const body = createCallBody(request, 'pn_123');
    expect(body).toMatchObject({
      phoneNumberId: 'pn_123',
      customer: { number: '+14155550100' },
      assistant: {
        // Our opening first, in the call's language; the task's own sentence after it.
        firstMessage:
          'Hola, le habla Sarah, un asistente de inteligencia artificial que llama en nombre de Acme Dental. Si necesita contactarnos, llame al +1 212-555-0199. Esta llamada se transcribe con un sistema automático. Hola, le habla Sarah.',
        endCallMessage: 'Si necesita contactarnos, llame al +1 212-555-0199. Adiós.',
        voice: { provider: '11labs', voiceId: 'EXAVITQu4vr4xnSDxMaL' },
        transcriber: { provider: 'deepgram', language: 'es' },
        maxDurationSeconds: 420,
        // A voicemail opens as the call does (who calls, that it is an AI), then the task's
        // message and the account's callback number, in the call's language.
        voicemailMessage:
          'Hola, le habla Sarah, un asistente de inteligencia artificial que llama en nombre de Acme Dental. Please call us back. Si necesita contactarnos, llame al +1 212-555-0199.',
        voicemailDetection: {
          provider: 'vapi',
          backoffPlan: { startAtSeconds: 2, frequencySeconds: 2.5, maxRetries: 6 },
          beepMaxAwaitSeconds: 20,
        },
        analysisPlan: { successEvaluationPlan: { enabled: true, rubric: 'PassFail' } },
        serverMessages: [
          'status-update',
          'transcript[transcriptType="final"]',
          'end-of-call-report',
          'conversation-update',
        ],
        server: { url: request.serverUrl, headers: { 'x-dialwise-task-token': 'secret-token' } },
        metadata: { task_id: request.taskId, attempt: 2 },
      },
    });
    const prompt = body.assistant.model.messages[0]!.content;
    expect(prompt).toContain(request.goal);
    expect(prompt).toContain('Spanish');
    expect(prompt).toContain('"patient":"Kim Lee"');
  });

  it('takes the callee’s keypad presses and may hang up itself, so a press of 9 opts out and ends the call', () => {
    const body = createCallBody(request, 'pn_123');
    expect(body.assistant.keypadInputPlan).toEqual({ enabled: true, timeoutSeconds: 2 });
    expect(body.assistant.model.tools).toEqual([{ type: 'endCall' }, { type: 'dtmf' }]);
    const prompt = body.assistant.model.messages[0]!.content;
    expect(prompt).toContain('presses 9 on the keypad');
    expect(prompt).toContain('in any language');
    expect(OPT_OUT_STRUCTURED_OUTPUT.description).toContain('pressed 9');
  });

  it('puts the rules no goal can change before the goal', () => {
    const prompt = createCallBody(
      { ...request, goal: 'Confirm the visit.', language: 'en' },
      'pn_123',
    ).assistant.model.messages[0]!.content;
    expect(prompt.indexOf('Never claim or imply that you are a human')).toBeGreaterThan(-1);
    expect(prompt.indexOf('Never claim')).toBeLessThan(
      prompt.indexOf('Your goal: Confirm the visit.'),
    );
    expect(prompt).toContain('If you need to reach us, call +1 212-555-0199.');
  });

  it('asks consent before recording in an all-party-consent state, and only notifies elsewhere', () => {
    const california = createCallBody({ ...request, language: 'en', record: true }, 'pn_123');
    expect(california.assistant.compliancePlan).toEqual({
      recordingConsentPlan: {
        type: 'verbal',
        message:
          'Hi, this is Sarah, an AI assistant calling on behalf of Acme Dental. If you need to reach us, call +1 212-555-0199. This call is transcribed by an automated system. I would like to record this call. Do you agree to be recorded? Please say yes or no.',
      },
    });
    const newYork = createCallBody(
      { ...request, language: 'en', record: true, phoneNumber: '+12125550100' },
      'pn_123',
    );
    expect(newYork.assistant.compliancePlan).toBeUndefined();
    expect(newYork.assistant.firstMessage).toMatch(
      /^Hi, this is Sarah, an AI assistant calling on behalf of Acme Dental\. If you need to reach us, call \+1 212-555-0199\. This call is recorded\./,
    );
  });

  it('hangs up on voicemail unless a message is to be left', () => {
    const body = createCallBody(
      { ...request, voicemail: { action: 'hang_up', message: null } },
      'pn',
    );
    expect(body.assistant).not.toHaveProperty('voicemailMessage');
  });
});

describe('Vapi server messages', () => {
  const provider = createVapiProvider({
    apiUrl: 'http://vapi.test',
    apiKey: 'k',
    phoneNumberId: 'pn',
  });

  it('reads status updates, final transcripts and the end-of-call report', () => {
    expect(
      provider.parseServerMessage({
        message: { type: 'status-update', status: 'ringing', timestamp: 0 },
      }),
    ).toEqual({
      kind: 'ringing',
      at: '1970-01-01T00:00:00.000Z',
    });
    expect(
      provider.parseServerMessage({ message: { type: 'status-update', status: 'in-progress' } }),
    ).toMatchObject({ kind: 'answered' });
    expect(
      provider.parseServerMessage({
        message: { type: 'transcript', transcriptType: 'partial', role: 'user', transcript: 'Ye' },
      }),
    ).toBeNull();
    expect(
      provider.parseServerMessage({
        message: {
          type: 'transcript',
          transcriptType: 'final',
          role: 'user',
          transcript: 'Yes.',
          call: { id: 'c1' },
          timestamp: 5,
        },
      }),
    ).toMatchObject({ kind: 'turn', speaker: 'callee', text: 'Yes.' });
    expect(
      provider.parseServerMessage({
        message: {
          type: 'transcript[transcriptType="final"]',
          transcriptType: 'final',
          role: 'assistant',
          transcript: 'Hi.',
        },
      }),
    ).toMatchObject({ kind: 'turn', speaker: 'agent', text: 'Hi.' });
    const report = provider.parseServerMessage({
      message: {
        type: 'end-of-call-report',
        endedReason: 'customer-ended-call',
        startedAt: '2026-11-23T15:00:00.000Z',
        endedAt: '2026-11-23T15:01:14.000Z',
        analysis: { summary: 'Done.', successEvaluation: 'true' },
        artifact: {
          messages: [
            { role: 'system', message: 'prompt', time: 0, secondsFromStart: 0 },
            { role: 'bot', message: 'Hi.', time: 1000, endTime: 2100, secondsFromStart: 0 },
            { role: 'user', message: 'Yes.', time: 3000, endTime: 3500, secondsFromStart: 2.5 },
          ],
          recordingUrl: 'https://rec.test/1.wav',
        },
      },
    });
    expect(report).toEqual({
      kind: 'ended',
      outcome: 'success',
      line: 'callee_hung_up',
      reasonKnown: true,
      providerReason: 'customer-ended-call',
      startedAt: '2026-11-23T15:00:00.000Z',
      endedAt: '2026-11-23T15:01:14.000Z',
      durationSeconds: 74,
      summary: 'Done.',
      successEvaluation: 'true',
      transcript: [
        { speaker: 'agent', text: 'Hi.', start_ms: 0, end_ms: 1100 },
        { speaker: 'callee', text: 'Yes.', start_ms: 2500, end_ms: 3000 },
      ],
      recordingUrl: 'https://rec.test/1.wav',
      optedOut: false,
      recordingConsent: null,
      transfer: null,
    });
    // The end comes from the report, not from the status update that precedes it.
    expect(
      provider.parseServerMessage({ message: { type: 'status-update', status: 'ended' } }),
    ).toBeNull();
    expect(provider.parseServerMessage({ message: { type: 'hang' } })).toBeNull();
    expect(provider.parseServerMessage('garbage')).toBeNull();
    expect(transcriptFromArtifact({})).toBeNull();
  });

  it('reads the callee’s answer to the consent step from the report’s compliance', () => {
    const report = (recordingConsent: unknown) =>
      provider.parseServerMessage({
        message: {
          type: 'end-of-call-report',
          endedReason: 'customer-ended-call',
          compliance: recordingConsent ? { recordingConsent } : undefined,
        },
      }) as { recordingConsent: unknown };
    expect(report({ type: 'verbal', grantedAt: '2026-11-23T15:00:05Z' }).recordingConsent).toBe(
      'granted',
    );
    // No grantedAt: the callee declined (or hung up before granting).
    expect(report({ type: 'verbal' }).recordingConsent).toBe('declined');
    expect(report(null).recordingConsent).toBeNull();
  });
});

const outputs = (...entries: [string, unknown][]) =>
  Object.fromEntries(
    entries.map(([name, result], i) => [
      `0000000${i}-0000-4000-8000-000000000000`,
      { name, result },
    ]),
  );

describe('opt-out from the end-of-call structured outputs', () => {
  it('asks every call for a transient boolean opted_out output (not the deprecated structuredDataPlan)', () => {
    const body = createCallBody(request, 'pn');
    expect(body.assistant.artifactPlan.structuredOutputs).toEqual([OPT_OUT_STRUCTURED_OUTPUT]);
    expect(OPT_OUT_STRUCTURED_OUTPUT).toMatchObject({
      name: 'opted_out',
      schema: { type: 'boolean' },
    });
    expect(OPT_OUT_STRUCTURED_OUTPUT.description).toMatch(/not to be called again/);
    expect(body.assistant.analysisPlan).not.toHaveProperty('structuredDataPlan');
  });

  it('reads the opted_out output by name from artifact.structuredOutputs; anything but true is no opt-out', () => {
    const provider = createVapiProvider({
      apiUrl: 'http://vapi.test',
      apiKey: 'k',
      phoneNumberId: 'pn',
    });
    const report = (artifact: unknown) =>
      provider.parseServerMessage({
        message: { type: 'end-of-call-report', endedReason: 'customer-ended-call', artifact },
      });
    expect(
      report({ structuredOutputs: outputs(['result', { a: 1 }], ['opted_out', true]) }),
    ).toMatchObject({ optedOut: true });
    for (const artifact of [
      { structuredOutputs: outputs(['opted_out', false]) },
      { structuredOutputs: outputs(['opted_out', 'true']) },
      { structuredOutputs: outputs(['opted_out', null]) },
      { structuredOutputs: outputs(['something_else', true]) },
      { structuredOutputs: null },
      {},
      undefined,
    ])
      expect(report(artifact), JSON.stringify(artifact)).toMatchObject({ optedOut: false });
  });

  it('reads the opt-out of GET /call/{id} too (reconciliation)', async () => {
    const provider = createVapiProvider({
      apiUrl: 'http://vapi.test',
      apiKey: 'k',
      phoneNumberId: 'pn',
      fetch: async () =>
        new Response(
          JSON.stringify({
            id: 'call_1',
            status: 'ended',
            endedReason: 'customer-ended-call',
            artifact: {
              structuredOutputs: outputs(['opted_out', true], ['result', { confirmed: true }]),
            },
          }),
          { status: 200 },
        ),
    });
    const found = await provider.getCall('call_1');
    expect(found.ended).toMatchObject({ optedOut: true, structuredResult: { confirmed: true } });
  });
});

describe('the integrator’s result and the recording', () => {
  const outputSchema = {
    type: 'object',
    properties: {
      opted_out: { type: 'string' },
      confirmed: { type: 'boolean' },
      new_time: { type: ['string', 'null'] },
    },
  };

  it('asks for the integrator’s schema as an output of its own named "result", so names never clash', () => {
    const structuredOutputs = createCallBody({ ...request, outputSchema }, 'pn').assistant
      .artifactPlan.structuredOutputs;
    expect(structuredOutputs.map((o) => o.name)).toEqual(['opted_out', 'result']);
    const result = structuredOutputs[1]! as {
      name: string;
      type: string;
      description: string;
      schema: { type: string; properties: Record<string, { type: string }> };
    };
    expect(result.type).toBe('ai');
    expect(result.description).toMatch(/leave out anything it did not settle/);
    expect(result.schema.type).toBe('object');
    expect(Object.keys(result.schema.properties)).toEqual(['opted_out', 'confirmed', 'new_time']);
    expect(result.schema.properties.new_time).toMatchObject({ type: 'string' });
    // Vapi limits an output's name to 40 characters.
    for (const output of structuredOutputs) expect(output.name.length).toBeLessThanOrEqual(40);
  });

  it('asks Vapi to record only when the task asks (Vapi records by default)', () => {
    expect(createCallBody(request, 'pn').assistant.artifactPlan).toMatchObject({
      recordingEnabled: false,
    });
    expect(createCallBody(request, 'pn').assistant.artifactPlan).not.toHaveProperty(
      'recordingFormat',
    );
    expect(createCallBody({ ...request, record: true }, 'pn').assistant.artifactPlan).toMatchObject(
      {
        recordingEnabled: true,
        recordingFormat: 'wav;l16',
      },
    );
  });

  it('reads the "result" output unchecked, and the mono recording before the deprecated URL', () => {
    const provider = createVapiProvider({
      apiUrl: 'http://vapi.test',
      apiKey: 'k',
      phoneNumberId: 'pn',
    });
    const ended = provider.parseServerMessage({
      message: {
        type: 'end-of-call-report',
        endedReason: 'customer-ended-call',
        artifact: {
          structuredOutputs: outputs(['opted_out', false], ['result', { confirmed: 'maybe' }]),
          recordingUrl: 'https://rec.test/old.wav',
          recording: { mono: { combinedUrl: 'https://rec.test/mono.wav' } },
        },
      },
    });
    expect(ended).toMatchObject({
      structuredResult: { confirmed: 'maybe' },
      recordingUrl: 'https://rec.test/mono.wav',
    });
    const bare = provider.parseServerMessage({
      message: { type: 'end-of-call-report', endedReason: 'customer-did-not-answer' },
    });
    expect(bare).toMatchObject({ structuredResult: undefined, recordingUrl: null });
  });

  it('tells WAV from MP3 by the bytes, and refuses anything else', () => {
    const bytes = (text: string) => new TextEncoder().encode(text);
    expect(audioTypeOf(bytes('RIFF\0\0\0\0WAVEfmt '))).toBe('audio/wav');
    expect(audioTypeOf(bytes('ID3\u0004'))).toBe('audio/mpeg');
    expect(() => audioTypeOf(bytes('<html>'))).toThrow(/neither WAV nor MP3/);
  });

  it('opens a recording without the API key, its type told by a range of its first bytes', async () => {
    const seen: { url: string; auth: string | null; range: string | null }[] = [];
    const provider = createVapiProvider({
      apiUrl: 'http://vapi.test',
      apiKey: 'secret',
      phoneNumberId: 'pn',
      fetch: (async (url: string, init?: RequestInit) => {
        const headers = new Headers(init?.headers);
        seen.push({ url, auth: headers.get('authorization'), range: headers.get('range') });
        if (url.endsWith('missing')) return new Response('no', { status: 404 });
        if (url.endsWith('page')) return new Response('<html><body>hello</body></html>');
        // A server that ignores ranges, sending the header in two pieces.
        const body = new ReadableStream<Uint8Array>({
          start(controller) {
            controller.enqueue(new TextEncoder().encode('RIFF\0\0'));
            controller.enqueue(new TextEncoder().encode('\0\0WAVEdata'));
            controller.close();
          },
        });
        return new Response(body, { status: 200 });
      }) as typeof fetch,
    });
    const audio = await provider.openRecording('https://rec.test/a.wav');
    expect(audio.contentType).toBe('audio/wav');
    expect(new TextDecoder().decode(await new Response(audio.body).arrayBuffer())).toBe(
      'RIFF\0\0\0\0WAVEdata',
    );
    expect(audio.size()).toBe(16);
    await expect(provider.openRecording('https://rec.test/missing')).rejects.toMatchObject({
      status: 404,
    });
    await expect(provider.openRecording('https://rec.test/page')).rejects.toMatchObject({
      status: 415,
    });
    expect(seen).toEqual([
      { url: 'https://rec.test/a.wav', auth: null, range: 'bytes=0-11' },
      { url: 'https://rec.test/a.wav', auth: null, range: null },
      { url: 'https://rec.test/missing', auth: null, range: 'bytes=0-11' },
      { url: 'https://rec.test/page', auth: null, range: 'bytes=0-11' },
    ]);
  });

  it('hands a recording of declared length on untouched, and caps one of unknown length', async () => {
    const wav = new TextEncoder().encode('RIFF\0\0\0\0WAVEdata');
    let undeclared = false;
    const provider = createVapiProvider({
      apiUrl: 'http://vapi.test',
      apiKey: 'secret',
      phoneNumberId: 'pn',
      fetch: (async (_url: string, init?: RequestInit) => {
        if (new Headers(init?.headers).has('range')) return new Response(wav.slice(0, 12));
        if (!undeclared)
          return new Response(wav, { headers: { 'Content-Length': String(wav.byteLength) } });
        // No length: an endless stream of audio, which must be cut at the maximum size.
        return new Response(
          new ReadableStream<Uint8Array>({
            pull(controller) {
              controller.enqueue(new Uint8Array(8 * 1024 * 1024));
            },
          }),
        );
      }) as typeof fetch,
    });
    const declared = await provider.openRecording('https://rec.test/a.wav');
    expect(declared.size()).toBe(wav.byteLength);
    await declared.body.cancel();

    undeclared = true;
    const endless = await provider.openRecording('https://rec.test/endless.wav');
    await expect(new Response(endless.body).arrayBuffer()).rejects.toMatchObject({ status: 413 });
    expect(endless.size()).toBeGreaterThan(MAX_RECORDING_BYTES);
  });

  it('refuses a recording that declares more than the maximum size', async () => {
    const provider = createVapiProvider({
      apiUrl: 'http://vapi.test',
      apiKey: 'secret',
      phoneNumberId: 'pn',
      fetch: (async () =>
        new Response('RIFF\0\0\0\0WAVE', {
          headers: { 'Content-Length': String(MAX_RECORDING_BYTES + 1) },
        })) as unknown as typeof fetch,
    });
    await expect(provider.openRecording('https://rec.test/huge.wav')).rejects.toMatchObject({
      status: 413,
    });
  });
});

describe('Vapi REST calls', () => {
  it('posts the call with the key and reads the id and control URL', async () => {
    const seen: { url: string; auth: string | null }[] = [];
    const provider = createVapiProvider({
      apiUrl: 'http://vapi.test/',
      apiKey: 'vapi_key',
      phoneNumberId: 'pn',
      fetch: async (input, init) => {
        seen.push({ url: String(input), auth: new Headers(init?.headers).get('authorization') });
        return Response.json(
          { id: 'call_1', status: 'queued', monitor: { controlUrl: 'http://vapi.test/ctl/1' } },
          { status: 201 },
        );
      },
    });
    await expect(provider.placeCall(request)).resolves.toEqual({
      providerCallId: 'call_1',
      controlUrl: 'http://vapi.test/ctl/1',
    });
    expect(seen).toEqual([{ url: 'http://vapi.test/call', auth: 'Bearer vapi_key' }]);
  });

  it('turns a refusal into a ProviderError with Vapi’s message', async () => {
    const provider = createVapiProvider({
      apiUrl: 'http://vapi.test',
      apiKey: 'bad',
      phoneNumberId: 'pn',
      fetch: async () =>
        Response.json(
          { message: ['customer.number must be E.164'], error: 'Bad Request', statusCode: 400 },
          { status: 400 },
        ),
    });
    await expect(provider.placeCall(request)).rejects.toThrow(
      'The voice provider refused the call (400): customer.number must be E.164',
    );
  });

  /** A stand-in for Vapi: records each request and answers GET /call/{id} with `found`. */
  function recordingVapi(found: Record<string, unknown>) {
    const seen: { method: string; url: string; body?: string }[] = [];
    const provider = createVapiProvider({
      apiUrl: 'http://vapi.test',
      apiKey: 'vapi_key',
      phoneNumberId: 'pn',
      fetch: async (input, init) => {
        const method = init?.method ?? 'GET';
        seen.push({ method, url: String(input), body: init?.body as string | undefined });
        if (method === 'GET') return Response.json(found);
        if (String(input).endsWith('/control')) return Response.json({ success: true });
        return Response.json({ message: `Cannot ${method}` }, { status: 404 });
      },
    });
    return { provider, seen };
  }

  it('ends a call through its control URL', async () => {
    const { provider, seen } = recordingVapi({});
    await provider.endCall({ providerCallId: 'call_1', controlUrl: 'http://vapi.test/c1/control' });
    expect(seen).toEqual([
      { method: 'POST', url: 'http://vapi.test/c1/control', body: '{"type":"end-call"}' },
    ]);
  });

  it('without a stored control URL, reads monitor.controlUrl from GET /call/{id}, never DELETE', async () => {
    const { provider, seen } = recordingVapi({
      id: 'call_1',
      status: 'in-progress',
      monitor: { controlUrl: 'http://vapi.test/c1/control' },
    });
    await provider.endCall({ providerCallId: 'call_1', controlUrl: null });
    expect(seen).toEqual([
      { method: 'GET', url: 'http://vapi.test/call/call_1', body: undefined },
      { method: 'POST', url: 'http://vapi.test/c1/control', body: '{"type":"end-call"}' },
    ]);
  });

  it('leaves an ended call alone, and says so when a live call has no control URL', async () => {
    const ended = recordingVapi({ id: 'call_1', status: 'ended', monitor: {} });
    await ended.provider.endCall({ providerCallId: 'call_1', controlUrl: null });
    expect(ended.seen.map((r) => r.method)).toEqual(['GET']);

    const uncontrolled = recordingVapi({ id: 'call_2', status: 'ringing', monitor: {} });
    await expect(
      uncontrolled.provider.endCall({ providerCallId: 'call_2', controlUrl: null }),
    ).rejects.toThrow('The call has no control URL to be ended with');
    expect(uncontrolled.seen.map((r) => r.method)).toEqual(['GET']);
  });
});

describe('a browser call', () => {
  const { phoneNumber: _number, ...webRequest } = request;

  it('puts the same agent on the WebSocket transport, with no number (VapiWebsocketTransport)', () => {
    const body = createWebCallBody(webRequest);
    expect(body).toEqual({
      name: request.taskId.slice(0, 40),
      // No number: no state's notices (its user is the account's own, not a callee somewhere).
      assistant: createCallBody({ ...request, phoneNumber: '' }, 'pn').assistant,
      transport: {
        provider: 'vapi.websocket',
        audioFormat: { format: 'pcm_s16le', container: 'raw', sampleRate: 16000 },
      },
    });
    expect(body).not.toHaveProperty('phoneNumberId');
    expect(body).not.toHaveProperty('customer');
  });

  it('answers the socket the browser connects to, and sends typed words as the user’s', async () => {
    const seen: { url: string; body: unknown }[] = [];
    const provider = createVapiProvider({
      apiUrl: 'http://vapi.test',
      apiKey: 'vapi_key',
      fetch: async (input, init) => {
        seen.push({ url: String(input), body: JSON.parse(String(init?.body ?? 'null')) });
        if (String(input).endsWith('/control')) return Response.json({ success: true });
        return Response.json(
          {
            id: 'call_w',
            type: 'vapi.websocketCall',
            status: 'queued',
            transport: {
              provider: 'vapi.websocket',
              websocketCallUrl: 'wss://vapi.test/w/transport',
            },
            monitor: { controlUrl: 'http://vapi.test/w/control' },
          },
          { status: 201 },
        );
      },
    });
    await expect(provider.placeWebCall(webRequest)).resolves.toEqual({
      providerCallId: 'call_w',
      controlUrl: 'http://vapi.test/w/control',
      websocketUrl: 'wss://vapi.test/w/transport',
    });
    await provider.addUserMessage(
      { providerCallId: 'call_w', controlUrl: 'http://vapi.test/w/control' },
      'Who is calling?',
    );
    expect(seen.at(-1)).toEqual({
      url: 'http://vapi.test/w/control',
      body: {
        type: 'add-message',
        message: { role: 'user', content: 'Who is calling?' },
        triggerResponseEnabled: true,
      },
    });
  });

  it('refuses an answer without a socket to connect to', async () => {
    const provider = createVapiProvider({
      apiUrl: 'http://vapi.test',
      apiKey: 'vapi_key',
      fetch: async () => Response.json({ id: 'call_w', status: 'queued' }, { status: 201 }),
    });
    await expect(provider.placeWebCall(webRequest)).rejects.toThrow('without a WebSocket URL');
  });
});

describe('the integrator’s tools', () => {
  const tools = [
    {
      name: 'check_prescription',
      description: 'Looks up a prescription.',
      parameters: {
        type: 'object',
        properties: { name: { type: ['string', 'null'], description: 'Patient' } },
      },
    },
  ];
  const provider = createVapiProvider({
    apiUrl: 'https://api.vapi.ai',
    apiKey: 'k',
    phoneNumberId: 'p',
  });

  it('declares them as synchronous function tools answered by our server with the call’s token', () => {
    const body = createCallBody({ ...request, tools }, 'pn_123');
    expect(body.assistant.model.tools).toEqual([
      { type: 'endCall' },
      { type: 'dtmf' },
      {
        type: 'function',
        async: false,
        function: {
          name: 'check_prescription',
          description: 'Looks up a prescription.',
          parameters: {
            type: 'object',
            properties: {
              name: {
                type: 'string',
                description: 'Patient Leave out if the conversation did not settle it.',
              },
            },
          },
        },
        server: {
          url: request.serverUrl,
          timeoutSeconds: 20,
          headers: { 'x-dialwise-task-token': 'secret-token' },
        },
        messages: [expect.objectContaining({ type: 'request-failed' })],
      },
    ]);
    expect(JSON.stringify(body)).not.toContain('example.com');
    expect(createCallBody(request, 'pn_123').assistant.model.tools).toEqual([
      { type: 'endCall' },
      { type: 'dtmf' },
    ]);
  });

  it('reads a tool-calls message, arguments as an object or as JSON text', () => {
    const calls = provider.parseToolCalls({
      message: {
        type: 'tool-calls',
        toolCallList: [
          { id: 'call_1', type: 'function', function: { name: 'a', arguments: { x: 1 } } },
          { id: 'call_2', type: 'function', function: { name: 'b', arguments: '{"y":2}' } },
          { type: 'function', function: { name: 'no id' } },
        ],
      },
    });
    expect(calls).toEqual([
      { id: 'call_1', name: 'a', arguments: { x: 1 } },
      { id: 'call_2', name: 'b', arguments: { y: 2 } },
    ]);
    expect(provider.parseToolCalls({ message: { type: 'status-update' } })).toBeNull();
  });

  it('answers with results: [{ toolCallId, result | error }] on one line', () => {
    expect(
      provider.toolCallsResponse([
        { toolCallId: 'call_1', result: '{"ready":true}' },
        { toolCallId: 'call_2', error: 'HTTP 500.\nCarry on.' },
      ]),
    ).toEqual({
      results: [
        { toolCallId: 'call_1', result: '{"ready":true}' },
        { toolCallId: 'call_2', error: 'HTTP 500. Carry on.' },
      ],
    });
  });
});

describe('call languages', () => {
  it('hears and speaks each language with the provider the table chooses for it', () => {
    const ja = createCallBody({ ...request, language: 'ja' }, 'pn');
    expect(ja.assistant.transcriber).toEqual({
      provider: 'deepgram',
      model: 'nova-2',
      language: 'ja',
    });
    expect(ja.assistant.voice).toMatchObject({
      provider: '11labs',
      model: 'eleven_multilingual_v2',
    });
    expect(ja.assistant.model.messages[0]!.content).toContain(
      'Speak Japanese throughout the call.',
    );
    const ar = createCallBody({ ...request, language: 'ar' }, 'pn');
    expect(ar.assistant.transcriber).toEqual({ provider: 'azure', language: 'ar-SA' });
    const vi = createCallBody({ ...request, language: 'vi' }, 'pn');
    expect(vi.assistant.voice).toMatchObject({ model: 'eleven_turbo_v2_5' });
  });

  it('auto detects the callee’s language and follows it', () => {
    const body = createCallBody({ ...request, language: 'auto' }, 'pn');
    expect(body.assistant.transcriber).toEqual({
      provider: 'deepgram',
      model: 'nova-3',
      language: 'multi',
    });
    expect(body.assistant.model.messages[0]!.content).toContain(
      'answer in the language they speak',
    );
  });
});

describe('transfer to a person and the keypad', () => {
  const provider = createVapiProvider({
    apiUrl: 'http://vapi.test',
    apiKey: 'k',
    phoneNumberId: 'pn',
  });
  const transfer = {
    to: '+14155550141',
    when: 'They ask for a person.',
    mode: 'warm' as const,
    summary: true,
  };

  it('gives the agent a transferCall tool whose destination is asked for as it transfers; a warm one falls back to the agent', () => {
    const body = createCallBody({ ...request, transfer }, 'pn_123');
    const tool = body.assistant.model.tools.find(
      (t) => (t as { type: string }).type === 'transferCall',
    ) as { destinations: Record<string, unknown>[] };
    // No destination on the tool: Vapi asks our server at the moment of the transfer.
    expect(tool.destinations).toEqual([]);
    expect(body.assistant.serverMessages).toContain('transfer-destination-request');
    // transfer-update only says a transfer began; the end-of-call report says how it ended.
    expect(body.assistant.serverMessages).not.toContain('transfer-update');
    const asked = { message: { type: 'transfer-destination-request', call: { id: 'c1' } } };
    expect(provider.isTransferDestinationRequest(asked)).toBe(true);
    expect(provider.isTransferDestinationRequest({ message: { type: 'tool-calls' } })).toBe(false);
    expect(provider.transferDestinationResponse({ transfer })).toMatchObject({
      destination: {
        type: 'number',
        number: '+14155550141',
        description: 'They ask for a person.',
        // The one mode whose fallbackPlan Vapi applies to a phone number; no `timeout`, which
        // serves only the wait-for-operator modes.
        transferPlan: {
          mode: 'warm-transfer-experimental',
          summaryPlan: { enabled: true },
          fallbackPlan: { endCallEnabled: false },
        },
      },
    });
    const warm = provider.transferDestinationResponse({ transfer }) as {
      destination: { transferPlan: Record<string, unknown> };
    };
    expect(warm.destination.transferPlan).not.toHaveProperty('timeout');
    const briefed = provider.transferDestinationResponse({
      transfer: { ...transfer, summary: false },
    }) as { destination: { transferPlan: Record<string, unknown> } };
    expect(briefed.destination.transferPlan).toMatchObject({
      mode: 'warm-transfer-experimental',
      message: expect.stringContaining('AI assistant'),
    });
    expect(briefed.destination.transferPlan).not.toHaveProperty('summaryPlan');
    expect(provider.transferDestinationResponse({ refusal: 'Not now.' })).toEqual({
      error: 'Not now.',
    });
    expect(body.assistant.model.messages[0]!.content).toContain(
      'transferCall tool, to +14155550141',
    );
    // A cold transfer hands the callee over at once: Vapi brings nobody back from it.
    const cold = provider.transferDestinationResponse({ transfer: { ...transfer, mode: 'cold' } });
    expect(cold).toMatchObject({ destination: { transferPlan: { mode: 'blind-transfer' } } });
    expect(JSON.stringify(cold)).not.toContain('fallbackPlan');
    expect(JSON.stringify(createCallBody(request, 'pn').assistant.model.tools)).not.toContain(
      'transferCall',
    );
  });

  it('takes a transfer for connected only on the end-of-call report’s artifact.transfers', () => {
    // transfer-update fires whenever a transfer happens, answered or not: it moves nothing.
    expect(
      provider.parseServerMessage({
        message: {
          type: 'transfer-update',
          timestamp: 1_700_000_000_000,
          destination: { type: 'number', number: '+14155550141' },
          call: { id: 'c1' },
        },
      }),
    ).toBeNull();
    const report = (transfers: unknown[] | undefined) =>
      provider.parseServerMessage({
        message: {
          type: 'end-of-call-report',
          endedReason: 'assistant-forwarded-call',
          startedAt: '2026-12-05T10:00:00.000Z',
          endedAt: '2026-12-05T10:02:00.000Z',
          artifact: { messages: [], ...(transfers ? { transfers } : {}) },
          call: { id: 'c1' },
        },
      });
    expect(
      report([
        {
          destination: { type: 'number', number: '+14155550142' },
          mode: 'warm-transfer-experimental',
          status: 'no-answer',
        },
        {
          destination: { type: 'number', number: '+14155550141' },
          mode: 'warm-transfer-experimental',
          status: 'connected',
        },
      ]),
    ).toMatchObject({ kind: 'ended', transfer: { to: '+14155550141', status: 'connected' } });
    expect(report(undefined)).toMatchObject({ kind: 'ended', transfer: null });
  });

  it("reads a callee's press from Vapi's keypad entry, never from speech", () => {
    const transcript = (text: string) =>
      provider.parseServerMessage({
        message: {
          type: 'transcript',
          transcriptType: 'final',
          role: 'user',
          transcript: text,
          call: { id: 'c1' },
        },
      });
    // A transcriber's words are speech, even a bare digit.
    expect(transcript('2')).not.toHaveProperty('dtmf');
    expect(transcript('I have 2 kids, yes')).not.toHaveProperty('dtmf');

    // docs.vapi.ai/assistants/keypad-input-settings: the press joins the conversation as a user
    // message, which reaches the server in conversation-update.
    const update = (messages: unknown[]) =>
      provider.parseServerMessage({
        message: { type: 'conversation-update', messages, timestamp: 5, call: { id: 'c1' } },
      });
    const said = { role: 'bot', message: 'Press 9 to opt out.', time: 1, secondsFromStart: 0 };
    expect(
      update([
        said,
        { role: 'user', message: "User's Keypad Entry: 9", time: 4, secondsFromStart: 3 },
      ]),
    ).toMatchObject({ kind: 'turn', speaker: 'callee', text: '9', dtmf: '9', key: 'keys:c1:4:9' });
    expect(
      update([said, { role: 'user', message: "User's Keypad Entry: 1 2 #", time: 4 }]),
    ).toMatchObject({ dtmf: '12#' });
    expect(update([said])).toBeNull();
    expect(update([{ role: 'user', message: '9', time: 4 }])).toBeNull();
  });

  it("puts the agent's dtmf tool calls in the transcript as its key presses", () => {
    const turns = transcriptFromArtifact({
      messages: [
        { role: 'user', message: 'For billing, press 1.', secondsFromStart: 1, duration: 2000 },
        {
          role: 'tool_calls',
          secondsFromStart: 4,
          toolCalls: [
            { id: 't', type: 'function', function: { name: 'dtmf', arguments: '{"keys":"1"}' } },
          ],
        },
        { role: 'user', message: "User's Keypad Entry: 2", secondsFromStart: 6, duration: 200 },
        { role: 'user', message: '3', secondsFromStart: 7, duration: 200 },
        {
          role: 'tool_calls',
          secondsFromStart: 8,
          toolCalls: [
            {
              id: 'u',
              type: 'function',
              function: { name: 'dtmf', arguments: '{"keys":"1w2W#"}' },
            },
          ],
        },
      ],
    });
    expect(turns).toEqual([
      { speaker: 'callee', text: 'For billing, press 1.', start_ms: 1000, end_ms: 3000 },
      { speaker: 'agent', text: '1', dtmf: '1', start_ms: 4000, end_ms: 4000 },
      { speaker: 'callee', text: '2', dtmf: '2', start_ms: 6000, end_ms: 6200 },
      { speaker: 'callee', text: '3', start_ms: 7000, end_ms: 7200 },
      // The dtmf tool's pauses are timing: the turn keeps the contract's keys only.
      { speaker: 'agent', text: '12#', dtmf: '12#', start_ms: 8000, end_ms: 8000 },
    ]);
  });
});

describe('a streamed turn’s times', () => {
  const call = { id: 'c1', startedAt: '2026-12-05T10:00:00.000Z' };
  const at = (iso: string) => Date.parse(iso);

  it('are those of its message in the live artifact, as the final transcript will give them', () => {
    const message = {
      timestamp: at('2026-12-05T10:00:05.000Z'),
      artifact: {
        messages: [
          { role: 'bot', message: 'Hello.', secondsFromStart: 0.6, time: 600, endTime: 1800 },
          { role: 'user', message: 'Hi.', secondsFromStart: 2.5, time: 2500, endTime: 3100 },
        ],
      },
    };
    expect(liveTurnTimes(message, call, 'user', 'Hi.')).toEqual({ startMs: 2500, endMs: 3100 });
    expect(liveTurnTimes(message, call, 'assistant', 'Hello.')).toEqual({
      startMs: 600,
      endMs: 1800,
    });
  });

  it('end at the message’s time from the call’s start without an artifact, and are left to us without either', () => {
    expect(
      liveTurnTimes({ timestamp: at('2026-12-05T10:00:04.250Z') }, call, 'user', 'Hi.'),
    ).toEqual({ endMs: 4250 });
    expect(liveTurnTimes({ timestamp: 5 }, { id: 'c1' }, 'user', 'Hi.')).toEqual({});
  });
});
