import { describe, expect, it } from 'vitest';
import {
  createCallMessages,
  createCallSchema,
  SAMPLE_OUTPUT_SCHEMA,
  toCreateTaskBody,
  toUsE164,
} from './create-call-schema';

describe('toUsE164', () => {
  it('turns the ways people write a US number into E.164', () => {
    for (const typed of [
      '4155550100',
      '415-555-0100',
      '(415) 555-0100',
      '415.555.0100',
      '1 415 555 0100',
      '+1 (415) 555-0100',
      ' +14155550100 ',
    ])
      expect(toUsE164(typed), typed).toBe('+14155550100');
  });

  it('refuses what is not 10 digits with an optional leading 1', () => {
    for (const typed of ['415555010', '24155550100', '+44 20 7946 0958', '415-555-01OO', ''])
      expect(toUsE164(typed), typed).toBeNull();
  });
});

describe('createCallSchema', () => {
  it('gives the call API body of a valid form', () => {
    const values = createCallSchema.parse({
      phone: '415-555-0100',
      goal: '  Confirm the appointment.  ',
      voice: 'Roger',
      language: 'es',
      speakingStyle: 'Conversational',
      maxDurationMinutes: 3,
    });
    expect(toCreateTaskBody(values)).toEqual({
      phone_number: '+14155550100',
      goal: 'Confirm the appointment.',
      // No agent chosen: the form's choices, not the account's default agent.
      agent_id: null,
      voice: 'Roger',
      language: 'es',
      speaking_style: 'Conversational',
      max_duration_minutes: 3,
    });
  });

  it('refuses numbers the call API refuses, with its reason', () => {
    const form = {
      goal: 'Confirm.',
      voice: 'Aria',
      language: 'en',
      speakingStyle: 'Professional',
      maxDurationMinutes: 3,
    } as const;
    const messageFor = (phone: string) =>
      createCallSchema.safeParse({ ...form, phone }).error?.issues[0]?.message;
    expect(messageFor('900-555-0100')).toContain('premium-rate');
    expect(messageFor('(416) 555-0100')).toContain('Canada');
    expect(messageFor('911-555-0100')).toContain('N11');
    expect(messageFor('800-555-0100')).toBeUndefined();
  });

  it('schedules a call for a local time up to 30 days ahead, as schedule_at', () => {
    const form = {
      phone: '415-555-0100',
      goal: 'Confirm.',
      voice: 'Aria',
      language: 'en',
      speakingStyle: 'Professional',
      maxDurationMinutes: 3,
    } as const;
    const local = (ms: number) => {
      const d = new Date(Date.now() + ms);
      const pad = (n: number) => String(n).padStart(2, '0');
      return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
    };
    const tomorrow = local(86_400_000);
    const body = toCreateTaskBody(createCallSchema.parse({ ...form, scheduleAt: tomorrow }));
    expect(body.schedule_at).toBe(new Date(tomorrow).toISOString());
    expect(
      toCreateTaskBody(createCallSchema.parse({ ...form, scheduleAt: '' })),
    ).not.toHaveProperty('schedule_at');
    for (const scheduleAt of [local(-86_400_000), local(31 * 86_400_000)])
      expect(createCallSchema.safeParse({ ...form, scheduleAt }).error?.issues[0]?.message).toBe(
        'Choose a time from now to 30 days ahead, or leave it empty to call now.',
      );
  });
});

describe('the result schema and recording', () => {
  const form = {
    phone: '415-555-0100',
    goal: 'Confirm.',
    voice: 'Aria',
    language: 'en',
    speakingStyle: 'Professional',
    maxDurationMinutes: 3,
  } as const;

  it('sends the sample schema as output_schema, and record only when ticked', () => {
    const values = createCallSchema.parse({
      ...form,
      outputSchema: JSON.stringify(SAMPLE_OUTPUT_SCHEMA),
      record: true,
    });
    expect(toCreateTaskBody(values)).toMatchObject({
      output_schema: SAMPLE_OUTPUT_SCHEMA,
      record: true,
    });
    const plain = toCreateTaskBody(createCallSchema.parse({ ...form, outputSchema: '  ' }));
    expect(plain).not.toHaveProperty('output_schema');
    expect(plain).not.toHaveProperty('record');
  });

  it('checks the schema before sending', () => {
    const messageOf = (outputSchema: string) =>
      createCallSchema.safeParse({ ...form, outputSchema }).error?.issues[0]?.message;
    expect(messageOf('{"type": "object",')).toBe(createCallMessages.outputSchemaJson);
    expect(messageOf('[]')).toBe(createCallMessages.outputSchemaShape);
    expect(messageOf('{"type": "string"}')).toBe(createCallMessages.outputSchemaShape);
    expect(messageOf('{"type": "object", "properties": {}}')).toBe(
      createCallMessages.outputSchemaShape,
    );
    const big = {
      type: 'object',
      properties: { a: { type: 'string', description: 'x'.repeat(9000) } },
    };
    expect(messageOf(JSON.stringify(big))).toBe(createCallMessages.outputSchemaSize);
  });

  it('asks a marketing call what it sells and for the callee’s written consent, and sends both', () => {
    const issues = createCallSchema.safeParse({ ...form, purpose: 'marketing' }).error?.issues;
    expect(issues?.map((issue) => issue.path[0])).toEqual([
      'offer',
      'consentObtainedAt',
      'consentSource',
      'consentReference',
    ]);
    const values = createCallSchema.parse({
      ...form,
      purpose: 'marketing',
      offer: 'teeth whitening',
      consentObtainedAt: '2026-10-01T09:30',
      consentSource: 'web form',
      consentReference: 'form-123',
    });
    expect(toCreateTaskBody(values)).toMatchObject({
      purpose: 'marketing',
      offer: 'teeth whitening',
      consent: { type: 'written', source: 'web form', reference: 'form-123' },
    });
    const informational = toCreateTaskBody(createCallSchema.parse({ ...form }));
    expect(informational).not.toHaveProperty('purpose');
    expect(informational).not.toHaveProperty('consent');
  });

  it('asks a marketing call’s voicemail for a toll-free number to opt out at', () => {
    const marketing = {
      ...form,
      purpose: 'marketing',
      offer: 'a spring offer',
      consentObtainedAt: '2026-10-01T09:30',
      consentSource: 'web form',
      consentReference: 'form-123',
      voicemailAction: 'leave_message',
    } as const;
    const issue = createCallSchema.safeParse({
      ...marketing,
      voicemailMessage: 'Our spring offer: call 415-555-0100.',
    }).error?.issues[0];
    expect(issue).toMatchObject({
      path: ['voicemailMessage'],
      message: createCallMessages.marketingVoicemailTollFree,
    });
    expect(
      createCallSchema.safeParse({
        ...marketing,
        voicemailMessage: 'Our spring offer. To stop these calls, call 1-800-555-0199.',
      }).success,
    ).toBe(true);
  });
});

describe('the form’s API options', () => {
  const form = {
    phone: '415-555-0100',
    goal: 'Confirm.',
    voice: 'Aria',
    language: 'en',
    speakingStyle: 'Professional',
    maxDurationMinutes: 3,
  } as const;

  it('sends webhook_url and retry as POST /task takes them', () => {
    const values = createCallSchema.parse({
      ...form,
      webhookUrl: ' https://example.com/hook ',
      retryAttempts: 0,
      retryIntervalMinutes: 15,
    });
    expect(toCreateTaskBody(values)).toMatchObject({
      webhook_url: 'https://example.com/hook',
      retry: { max_attempts: 0, interval_minutes: 15 },
    });
  });

  it('refuses a webhook that is not https and retries outside the API’s limits', () => {
    const issues = createCallSchema.safeParse({
      ...form,
      webhookUrl: 'ftp://example.com',
      retryAttempts: 6,
      retryIntervalMinutes: 0,
    }).error?.issues;
    expect(issues?.map((issue) => issue.path[0])).toEqual([
      'webhookUrl',
      'retryAttempts',
      'retryIntervalMinutes',
    ]);
  });

  it('keeps metadata within the API’s 4 KB and leaves the default voicemail unsent', () => {
    const form = {
      phone: '415-555-0100',
      goal: 'Confirm.',
      voice: 'Aria',
      language: 'en',
      speakingStyle: 'Professional',
      maxDurationMinutes: 3,
    } as const;
    const big = createCallSchema.safeParse({
      ...form,
      metadata: [{ key: 'notes', value: 'x'.repeat(4 * 1024) }],
    });
    expect(big.error?.issues).toEqual([
      expect.objectContaining({ path: ['metadata'], message: 'Keep the metadata under 4 KB.' }),
    ]);
    const values = createCallSchema.parse({
      ...form,
      voicemailAction: 'hang_up',
      voicemailMessage: 'Not sent: hanging up leaves no message.',
      metadata: [{ key: ' order ', value: 'A-1' }],
    });
    const body = toCreateTaskBody(values);
    expect(body).not.toHaveProperty('voicemail');
    expect(body).toMatchObject({ metadata: { order: 'A-1' } });
  });
});
