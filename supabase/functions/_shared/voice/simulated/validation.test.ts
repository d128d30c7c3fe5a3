import { validateCreateCall } from './validation.ts';

const valid = () => ({
  phoneNumberId: 'local',
  customer: { number: '+14155550100' },
  assistant: {
    firstMessage: 'Hi, this is Aria.',
    model: {
      provider: 'openai',
      model: 'gpt-4o',
      messages: [{ role: 'system', content: 'Goal: x' }],
    },
    voice: { provider: '11labs', voiceId: 'Aria' },
    transcriber: { provider: 'deepgram', language: 'en' },
    maxDurationSeconds: 600,
    voicemailDetection: { provider: 'vapi' },
    voicemailMessage: 'Please call back.',
    analysisPlan: { summaryPlan: { enabled: true }, successEvaluationPlan: { rubric: 'PassFail' } },
    serverMessages: ['status-update', 'transcript[transcriptType="final"]', 'end-of-call-report'],
    server: {
      url: 'http://127.0.0.1:54321/functions/v1/voice-events',
      headers: { 'x-dialwise-token': 'secret' },
      backoffPlan: { type: 'exponential', maxRetries: 5, baseDelaySeconds: 1 },
    },
    monitorPlan: { controlEnabled: true },
    metadata: { task_id: 'task_1' },
  },
});

const ids = ['local'];

describe('validateCreateCall', () => {
  it('accepts the request the Vapi adapter sends', () => {
    expect(validateCreateCall(valid(), ids)).toEqual([]);
  });

  it('refuses unknown properties like Vapi (NestJS whitelist), at every level', () => {
    const body = { ...valid(), metadata: { task_id: 'x' } } as Record<string, unknown>;
    (body.assistant as Record<string, unknown>).silly = 1;
    (body.customer as Record<string, unknown>).nickname = 'K';
    expect(validateCreateCall(body, ids)).toEqual([
      'property metadata should not exist',
      'assistant.property silly should not exist',
      'customer.property nickname should not exist',
    ]);
  });

  it('needs an assistant, a phone number id and a customer', () => {
    expect(validateCreateCall({}, ids)).toEqual([
      'Need Either `assistant` Or `assistantId`.',
      'Need Either `phoneNumberId` Or `phoneNumber`.',
      'Need Either `customer` Or `customerId`.',
    ]);
  });

  it('refuses a phone number id the account does not own', () => {
    expect(validateCreateCall({ ...valid(), phoneNumberId: 'other' }, ids)).toEqual([
      "Couldn't Get Phone Number. No phone number with id other.",
    ]);
    expect(validateCreateCall({ ...valid(), phoneNumberId: 'other' }, ['local', 'other'])).toEqual(
      [],
    );
  });

  it('checks customer.number is E.164 unless the check is off', () => {
    const body = { ...valid(), customer: { number: '4155550100' } };
    expect(validateCreateCall(body, ids)).toEqual([
      'customer.number must be a valid phone number in the E.164 format. Hot tip, you may be missing the country code (Eg. US: +1).',
    ]);
    const unchecked = {
      ...valid(),
      customer: { number: '4155550100', numberE164CheckEnabled: false },
    };
    expect(validateCreateCall(unchecked, ids)).toEqual([]);
  });

  it('checks the assistant fields the network reads', () => {
    const body = valid();
    Object.assign(body.assistant, {
      maxDurationSeconds: 5,
      serverMessages: ['status-update', 'nope'],
      voice: { provider: '11labs' },
      transcriber: { provider: 'deepgram', language: 'xx' },
      voicemailDetection: { provider: 'nobody' },
      analysisPlan: { successEvaluationPlan: { rubric: 'Vibes' } },
      server: {
        url: 'not a url',
        backoffPlan: { type: 'linear', maxRetries: 99, baseDelaySeconds: 1 },
      },
      voicemailMessage: 'x'.repeat(1001),
    });
    const errors = validateCreateCall(body, ids);
    expect(errors).toEqual(
      expect.arrayContaining([
        'assistant.maxDurationSeconds must not be less than 10',
        'assistant.voice.voiceId must be a string',
        'assistant.server.url must be a URL address',
        'assistant.server.backoffPlan.type must be one of the following values: fixed, exponential',
        'assistant.server.backoffPlan.maxRetries must be a number from 0 to 10',
        'assistant.voicemailMessage must be shorter than or equal to 1000 characters',
      ]),
    );
    expect(errors.some((e) => e.startsWith('assistant.each value in serverMessages'))).toBe(true);
    expect(errors.some((e) => e.startsWith('assistant.transcriber.language must be one of'))).toBe(
      true,
    );
    expect(errors.some((e) => e.startsWith('assistant.voicemailDetection must be'))).toBe(true);
    expect(
      errors.some((e) => e.startsWith('assistant.analysisPlan.successEvaluationPlan.rubric')),
    ).toBe(true);
    expect(errors).toHaveLength(10);
  });

  it('checks artifactPlan.recordingEnabled and recordingFormat', () => {
    const withPlan = (artifactPlan: unknown) => {
      const body = valid() as { assistant: Record<string, unknown> };
      body.assistant.artifactPlan = artifactPlan;
      return validateCreateCall(body, ids);
    };
    expect(withPlan({ recordingEnabled: true, recordingFormat: 'wav;l16' })).toEqual([]);
    expect(withPlan({ recordingEnabled: false })).toEqual([]);
    expect(withPlan({ recordingEnabled: 'yes' })).toEqual([
      'assistant.artifactPlan.recordingEnabled must be a boolean value',
    ]);
    expect(withPlan({ recordingFormat: 'ogg' })).toEqual([
      'assistant.artifactPlan.recordingFormat must be one of the following values: wav;l16, mp3',
    ]);
  });

  it('checks artifactPlan.structuredOutputs like CreateStructuredOutputDTO (name 1 to 40, schema)', () => {
    const withOutputs = (structuredOutputs: unknown) => {
      const body = valid() as { assistant: Record<string, unknown> };
      body.assistant.artifactPlan = { recordingEnabled: false, structuredOutputs };
      return validateCreateCall(body, ids);
    };
    expect(
      withOutputs([
        { name: 'opted_out', type: 'ai', description: 'x', schema: { type: 'boolean' } },
        { name: 'result', schema: { type: 'object', properties: {} } },
      ]),
    ).toEqual([]);
    expect(withOutputs([])).toEqual([]);
    expect(withOutputs({ name: 'x' })).toEqual([
      'assistant.artifactPlan.structuredOutputs must be an array',
    ]);
    expect(
      withOutputs([
        { schema: { type: 'boolean' } },
        { name: 'x'.repeat(41), schema: { type: 'boolean' } },
        { name: '', schema: { type: 'boolean' } },
        { name: 'ok', type: 'llm', description: 3, colour: 'red' },
        'nope',
      ]),
    ).toEqual([
      'assistant.artifactPlan.structuredOutputs.0.name must be a string',
      'assistant.artifactPlan.structuredOutputs.1.name must be shorter than or equal to 40 characters',
      'assistant.artifactPlan.structuredOutputs.2.name must be longer than or equal to 1 characters',
      'assistant.artifactPlan.structuredOutputs.3.property colour should not exist',
      'assistant.artifactPlan.structuredOutputs.3.schema must be an object',
      'assistant.artifactPlan.structuredOutputs.3.type must be one of the following values: ai, regex',
      'assistant.artifactPlan.structuredOutputs.3.description must be a string',
      'assistant.artifactPlan.structuredOutputs.4 must be an object',
    ]);
  });

  it('refuses what the local network does not simulate, saying so', () => {
    expect(
      validateCreateCall({ ...valid(), assistantId: 'a1', assistant: undefined }, ids),
    ).toEqual([
      "Couldn't Get Assistant. The local phone network has no saved assistants; send `assistant` inline.",
    ]);
    expect(validateCreateCall({ ...valid(), customers: [] }, ids)).toEqual([
      'customers is not supported by the local phone network',
    ]);
    const saved = valid() as { assistant: Record<string, unknown> };
    saved.assistant.artifactPlan = { structuredOutputIds: ['so_1'] };
    expect(validateCreateCall(saved, ids)).toEqual([
      'assistant.artifactPlan.structuredOutputIds is not supported by the local phone network (it has no saved structured outputs); send structuredOutputs inline',
    ]);
  });

  it('refuses a body that is not an object, and a long name', () => {
    expect(validateCreateCall([], ids)).toEqual(['the request body must be a JSON object']);
    expect(validateCreateCall('x', ids)).toEqual(['the request body must be a JSON object']);
    expect(validateCreateCall({ ...valid(), name: 'n'.repeat(41) }, ids)).toEqual([
      'name must be shorter than or equal to 40 characters',
    ]);
  });

  it('takes a browser call on the WebSocket transport, and no number with it', () => {
    const { phoneNumberId: _id, customer: _customer, ...agentOnly } = valid();
    const transport = {
      provider: 'vapi.websocket',
      audioFormat: { format: 'pcm_s16le', container: 'raw', sampleRate: 16000 },
    };
    expect(validateCreateCall({ ...agentOnly, transport }, ids)).toEqual([]);
    expect(validateCreateCall({ ...valid(), transport }, ids)).toEqual([
      'phoneNumberId is not permitted with the vapi.websocket transport',
      'customer is not permitted with the vapi.websocket transport',
    ]);
    expect(
      validateCreateCall(
        {
          ...agentOnly,
          transport: { provider: 'daily', audioFormat: { format: 'opus', sampleRate: 16000 } },
        },
        ids,
      ),
    ).toEqual([
      'transport.provider must be vapi.websocket on the local phone network',
      'transport.audioFormat.format must be one of the following values: pcm_s16le, mulaw',
    ]);
  });
});
