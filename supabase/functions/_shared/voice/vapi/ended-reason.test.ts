// @vitest-environment node
import { readFileSync } from 'node:fs';
import { createVapiProvider } from './adapter.ts';
import { lineEndForEndedReason, statusForEndedReason } from './ended-reason.ts';

/** Vapi's own list of Call.endedReason values, pinned (see the file's source and commit). */
const pinned = JSON.parse(
  readFileSync(new URL('./ended-reasons.json', import.meta.url), 'utf8'),
) as { commit: string; values: string[] };

describe("Vapi's endedReason → our call outcome", () => {
  it('knows every value of the pinned list (none falls through to the unknown rule)', () => {
    expect(pinned.values.length).toBeGreaterThan(500);
    const unknown = pinned.values.filter((reason) => !lineEndForEndedReason(reason).known);
    expect(unknown).toEqual([]);
  });

  it.each([
    ['customer-did-not-answer', 'no_answer', 'no_answer'],
    ['call.forwarding.no-answer', 'no_answer', 'no_answer'],
    ['customer-busy', 'busy', 'busy'],
    ['voicemail', 'voicemail', 'voicemail'],
    ['manually-canceled', 'canceled', 'canceled'],
    ['customer-ended-call', 'callee_hung_up', 'success'],
    ['assistant-ended-call', 'conversation', 'success'],
    ['exceeded-max-duration', 'conversation', 'success'],
    ['vonage-rejected', 'declined', 'failed'],
    ['twilio-reported-customer-misdialed', 'invalid_number', 'failed'],
    ['twilio-failed-to-connect-call', 'carrier_failed', 'failed'],
    [
      'call.in-progress.error-providerfault-outbound-sip-503-service-unavailable',
      'carrier_failed',
      'failed',
    ],
    ['call.in-progress.error-sip-outbound-call-failed-to-connect', 'carrier_failed', 'failed'],
    ['call.start.error-get-phone-number', 'provider_failed', 'failed'],
    ['pipeline-error-openai-llm-failed', 'provider_failed', 'failed'],
    ['call.in-progress.error-vapifault-transport-never-connected', 'provider_failed', 'failed'],
  ])('%s → %s (status %s)', (reason, line, status) => {
    expect(pinned.values).toContain(reason);
    expect(lineEndForEndedReason(reason)).toEqual({ line, known: true });
    expect(statusForEndedReason(reason)).toBe(status);
  });

  it('calls a reason Vapi adds later provider_failed, and says it does not know it', () => {
    expect(lineEndForEndedReason('call.something-vapi-adds-next-year')).toEqual({
      line: 'provider_failed',
      known: false,
    });
    expect(statusForEndedReason('call.something-vapi-adds-next-year')).toBe('failed');
  });

  it("hands the task service the line's end and Vapi's raw words, never a sentence", () => {
    const provider = createVapiProvider({
      apiUrl: 'http://vapi.test',
      apiKey: 'k',
      phoneNumberId: 'pn',
    });
    const report = (endedReason: string) =>
      provider.parseServerMessage({ message: { type: 'end-of-call-report', endedReason } });
    expect(report('twilio-failed-to-connect-call')).toMatchObject({
      outcome: 'failed',
      line: 'carrier_failed',
      reasonKnown: true,
      providerReason: 'twilio-failed-to-connect-call',
    });
    expect(report('a-reason-from-the-future')).toMatchObject({
      outcome: 'failed',
      line: 'provider_failed',
      reasonKnown: false,
      providerReason: 'a-reason-from-the-future',
    });
  });
});
