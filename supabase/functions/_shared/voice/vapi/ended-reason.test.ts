// @vitest-environment node
import { describeEndedReason, statusForEndedReason } from './ended-reason.ts';
import { createVapiProvider } from './adapter.ts';

describe("Vapi's endedReason → our outcome", () => {
  it.each([
    ['customer-did-not-answer', 'no_answer'],
    ['customer-busy', 'busy'],
    ['voicemail', 'voicemail'],
    ['manually-canceled', 'canceled'],
    ['customer-ended-call', 'success'],
    ['assistant-ended-call', 'success'],
    ['exceeded-max-duration', 'success'],
    ['twilio-failed-to-connect-call', 'failed'],
    ['call.start.error-get-phone-number', 'failed'],
    ['pipeline-error-openai-llm-failed', 'failed'],
    ['something-new', 'failed'],
  ])('%s → %s', (reason, status) => {
    expect(statusForEndedReason(reason)).toBe(status);
  });

  it('hands the task service a failure sentence for a failed call, and none for the others', () => {
    const provider = createVapiProvider({
      apiUrl: 'http://vapi.test',
      apiKey: 'k',
      phoneNumberId: 'pn',
    });
    const report = (endedReason: string) =>
      provider.parseServerMessage({ message: { type: 'end-of-call-report', endedReason } });
    expect(report('twilio-failed-to-connect-call')).toMatchObject({
      outcome: 'failed',
      failureReason: 'The carrier could not connect the call.',
      providerReason: 'twilio-failed-to-connect-call',
    });
    expect(report('customer-busy')).toMatchObject({ outcome: 'busy', failureReason: null });
    expect(describeEndedReason('pipeline-error-openai-llm-failed')).toBe(
      'The voice agent failed during the call.',
    );
  });
});
