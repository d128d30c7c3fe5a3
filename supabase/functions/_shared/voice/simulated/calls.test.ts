import {
  analysis,
  callCost,
  callObject,
  durationSeconds,
  endOfCallReport,
  successEvaluation,
  transcriptText,
  type CallRecord,
} from './calls.ts';

const record = (overrides: Partial<CallRecord> = {}): CallRecord => ({
  id: '11111111-1111-4111-8111-111111111111',
  orgId: 'org',
  createdAt: 1_000_000,
  updatedAt: 1_000_000,
  status: 'ended',
  startedAt: 1_008_000,
  endedAt: 1_082_000,
  endedReason: 'customer-ended-call',
  name: null,
  phoneNumberId: 'local',
  customer: { number: '+14155550100' },
  assistant: { analysisPlan: { successEvaluationPlan: { rubric: 'PassFail' } } },
  turns: [
    { role: 'assistant', text: 'Hello.', time: 1_008_600, endTime: 1_010_000 },
    { role: 'user', text: 'Hi.', time: 1_011_000, endTime: 1_012_000 },
  ],
  outcome: 'met',
  summary: 'It went well.',
  optedOut: false,
  controlUrl: 'http://x/1/control',
  listenUrl: null,
  phoneCallProviderId: 'CA1',
  behaviour: 'agrees',
  recordingUrl: null,
  structuredOutputIds: [],
  ...overrides,
});

describe('call objects', () => {
  it('measures duration and cost from startedAt to endedAt', () => {
    expect(durationSeconds(record())).toBe(74);
    expect(callCost(record())).toBeCloseTo(0.0863, 4);
    expect(durationSeconds(record({ startedAt: null }))).toBe(0);
    expect(callCost(record({ startedAt: null }))).toBe(0);
  });

  it('reports the ring time of an unanswered call as its duration only when asked', () => {
    const unanswered = record({
      startedAt: null,
      endedAt: 1_045_000,
      endedReason: 'customer-did-not-answer',
      turns: [],
    });
    const plain = endOfCallReport(unanswered, 1_046_500).message;
    expect(plain).toMatchObject({ durationSeconds: 0, durationMs: 0, cost: 0 });
    expect(plain).not.toHaveProperty('startedAt');
    const ringing = endOfCallReport(unanswered, 1_046_500, { ringTime: true }).message;
    expect(ringing).toMatchObject({ durationSeconds: 45, durationMs: 45_000, cost: 0 });
    expect(ringing).not.toHaveProperty('startedAt');
    // An answered call reports its talk time either way.
    expect(endOfCallReport(record(), 1_083_500, { ringTime: true }).message).toMatchObject({
      durationSeconds: 74,
    });
  });

  it('writes the transcript as AI/User lines', () => {
    expect(transcriptText(record())).toBe('AI: Hello.\nUser: Hi.');
  });

  it('evaluates success in the rubric asked for', () => {
    expect(successEvaluation('PassFail', true)).toBe('true');
    expect(successEvaluation('PassFail', false)).toBe('false');
    expect(successEvaluation('NumericScale', true)).toBe('9');
  });

  it('analyses only calls with enough messages, honouring enabled flags', () => {
    expect(analysis(record())).toEqual({ summary: 'It went well.', successEvaluation: 'true' });
    expect(analysis(record({ turns: [] }))).toEqual({});
    expect(
      analysis(record({ assistant: { analysisPlan: { summaryPlan: { enabled: false } } } })),
    ).toEqual({ successEvaluation: 'true' });
  });

  it('still answers the deprecated structuredDataPlan: opted_out from the call, other fields per the callee', () => {
    const plan = {
      structuredDataPlan: {
        enabled: true,
        schema: {
          type: 'object',
          properties: {
            opted_out: { type: 'boolean' },
            result: {
              type: 'object',
              properties: {
                confirmed: { type: 'boolean' },
                new_time: { type: 'string', description: 'The new appointment time' },
                party_size: { type: 'integer' },
                channel: { type: 'string', enum: ['phone', 'sms'] },
                notes: { type: 'array', items: { type: 'string' } },
              },
            },
          },
        },
      },
    };
    const assistant = {
      analysisPlan: plan,
      model: {
        messages: [
          {
            role: 'system',
            content: 'Your goal: Confirm the appointment tomorrow at 3 pm; add any notes.',
          },
        ],
      },
    };
    // Only what the callee settles: the yes/no answer and what the goal talks about; a new time
    // when the original stands, or a party size nobody mentioned, stays null.
    expect(analysis(record({ assistant })).structuredData).toEqual({
      opted_out: false,
      result: {
        confirmed: true,
        new_time: null,
        party_size: null,
        channel: null,
        notes: ['As discussed: Confirm the appointment tomorrow at 3 pm; add any notes'],
      },
    });
    const declined = analysis(record({ assistant, outcome: 'not-met', behaviour: 'declines' }))
      .structuredData as { result: Record<string, unknown> };
    expect(declined.result).toMatchObject({ confirmed: false, channel: null, party_size: null });
    expect(
      analysis(record({ assistant, outcome: 'not-met', behaviour: 'opts-out', optedOut: true })),
    ).toMatchObject({ structuredData: { opted_out: true, result: { confirmed: false } } });
    // Voicemail, or a call cut short: nothing was settled.
    expect(
      analysis(record({ assistant, outcome: 'not-met', behaviour: 'voicemail' })).structuredData,
    ).toEqual({
      opted_out: false,
      result: { confirmed: null, new_time: null, party_size: null, channel: null, notes: null },
    });
    expect(analysis(record())).not.toHaveProperty('structuredData');
  });

  it('answers artifactPlan.structuredOutputs by output id: opted_out from the call, the rest per the callee', () => {
    const ids = ['aaaaaaaa-0000-4000-8000-000000000001', 'aaaaaaaa-0000-4000-8000-000000000002'];
    const assistant = {
      artifactPlan: {
        structuredOutputs: [
          { name: 'opted_out', schema: { type: 'boolean' } },
          {
            name: 'result',
            type: 'ai',
            schema: {
              type: 'object',
              properties: {
                confirmed: { type: 'boolean' },
                new_time: { type: 'string', description: 'The new appointment time' },
                channel: { type: 'string', enum: ['phone', 'sms'] },
              },
            },
          },
        ],
      },
      model: { messages: [{ role: 'system', content: 'Your goal: Confirm the appointment.' }] },
    };
    const call = (overrides: Partial<CallRecord> = {}) =>
      record({ assistant, structuredOutputIds: ids, ...overrides });
    expect(callObject(call()).artifact).toMatchObject({
      structuredOutputs: {
        [ids[0]!]: { name: 'opted_out', result: false },
        [ids[1]!]: {
          name: 'result',
          result: { confirmed: true, new_time: null, channel: null },
        },
      },
    });
    // The end-of-call report carries the same outputs, under the same ids.
    expect(endOfCallReport(call(), 2_000_000).message.artifact).toEqual(
      callObject(call()).artifact,
    );
    const optedOut = callObject(call({ outcome: 'not-met', behaviour: 'opts-out', optedOut: true }))
      .artifact as { structuredOutputs: Record<string, { result: unknown }> };
    expect(optedOut.structuredOutputs[ids[0]!]!.result).toBe(true);
    // A callee who only asked not to be called again settled nothing else.
    expect(optedOut.structuredOutputs[ids[1]!]!.result).toMatchObject({
      confirmed: null,
      channel: null,
    });
    // Nobody answered: no conversation, no outputs. Not asked: none either.
    expect(callObject(call({ turns: [], startedAt: null })).artifact).not.toHaveProperty(
      'structuredOutputs',
    );
    expect(callObject(record()).artifact).not.toHaveProperty('structuredOutputs');
    // A single-value output follows the callee too.
    const single = record({
      assistant: {
        artifactPlan: { structuredOutputs: [{ name: 'Agreed', schema: { type: 'boolean' } }] },
      },
      structuredOutputIds: [ids[0]!],
      outcome: 'not-met',
      behaviour: 'declines',
    });
    expect(callObject(single).artifact).toMatchObject({
      structuredOutputs: { [ids[0]!]: { name: 'Agreed', result: false } },
    });
  });

  it('links the recording in the artifact only when there is one', () => {
    expect(callObject(record()).artifact).not.toHaveProperty('recordingUrl');
    const url = 'http://x/recordings/1/mono.wav';
    expect(callObject(record({ recordingUrl: url })).artifact).toMatchObject({
      recordingUrl: url,
      recording: { mono: { combinedUrl: url } },
    });
  });

  it('shows the end, artifact and analysis only once the call has ended', () => {
    const live = callObject(record({ status: 'in-progress', endedAt: null, endedReason: null }));
    expect(live).not.toHaveProperty('endedReason');
    expect(live).not.toHaveProperty('artifact');
    const ended = callObject(record());
    expect(ended).toMatchObject({
      type: 'outboundPhoneCall',
      status: 'ended',
      endedReason: 'customer-ended-call',
      startedAt: new Date(1_008_000).toISOString(),
      endedAt: new Date(1_082_000).toISOString(),
      monitor: { controlUrl: 'http://x/1/control' },
      analysis: { successEvaluation: 'true' },
    });
    expect(
      (ended.artifact as { messages: { role: string }[] }).messages.map((m) => m.role),
    ).toEqual(['bot', 'user']);
  });
});
