// @vitest-environment node
import { readFileSync } from 'node:fs';
import { CALL_OUTCOMES } from '../contract/call-outcomes.ts';
import { lineEndForEndedReason } from '../voice/vapi/ended-reason.ts';
import { failureCodeOf, resolveCallOutcome } from './call-outcome.ts';
import { FAILURE_CODES } from '../contract/call-outcomes.ts';

/** Vapi's own list of Call.endedReason values, pinned (voice/vapi/ended-reasons.json). */
const pinned = JSON.parse(
  readFileSync(new URL('../voice/vapi/ended-reasons.json', import.meta.url), 'utf8'),
) as { values: string[] };

describe('a transfer', () => {
  const spoke = [
    { speaker: 'callee' as const, text: 'Can I talk to a person?', start_ms: 0, end_ms: 900 },
  ];
  const forwarded = (transfer: { to: string; status: string } | null) =>
    resolveCallOutcome({
      line: lineEndForEndedReason('assistant-forwarded-call').line,
      reasonKnown: true,
      providerReason: 'assistant-forwarded-call',
      transcript: spoke,
      voicemailAction: 'hang_up',
      transfer,
    });

  it('is transferred only when the provider reports the person took the call', () => {
    expect(forwarded({ to: '+14155550141', status: 'connected' })).toEqual({
      callOutcome: 'transferred',
      evidence:
        'The provider ended the call with "assistant-forwarded-call"; the callee spoke 1 time, then was connected to +14155550141 (the transfer ended "connected").',
    });
    expect(forwarded({ to: '+14155550141', status: 'completed' }).callOutcome).toBe('transferred');
  });

  it('that nobody took, or that the report does not mention, leaves the call human_answered and says so', () => {
    expect(forwarded({ to: '+14155550142', status: 'no-answer' })).toEqual({
      callOutcome: 'human_answered',
      evidence:
        'The provider ended the call with "assistant-forwarded-call"; the callee spoke 1 time; the transfer to +14155550142 did not connect ("no-answer").',
    });
    expect(forwarded(null).callOutcome).toBe('human_answered');
  });
});

describe('every Vapi endedReason gives a call outcome of the closed set', () => {
  it('walks the whole pinned enum, with a callee who spoke, one who did not, and both voicemail actions', () => {
    const reached = new Set<string>();
    for (const providerReason of pinned.values) {
      const { line, known } = lineEndForEndedReason(providerReason);
      for (const transcript of [
        [{ speaker: 'callee' as const, text: 'Hello?', start_ms: 0, end_ms: 500 }],
        [],
      ])
        for (const voicemailAction of ['hang_up', 'leave_message'] as const) {
          const { callOutcome, evidence } = resolveCallOutcome({
            line,
            reasonKnown: known,
            providerReason,
            transcript,
            voicemailAction,
            // A connected transfer is reported with the call's forwarding end.
            transfer:
              providerReason === 'assistant-forwarded-call'
                ? { to: '+14155550141', status: 'connected' }
                : null,
          });
          expect(CALL_OUTCOMES).toContain(callOutcome);
          expect(FAILURE_CODES).toContain(failureCodeOf(callOutcome));
          expect(evidence).toContain(providerReason);
          reached.add(callOutcome);
        }
    }
    // Vapi's reasons alone reach all but the two the transcript decides (screened, ivr_stuck).
    expect([...CALL_OUTCOMES].filter((o) => !reached.has(o)).sort()).toEqual([
      'ivr_stuck',
      'screened',
    ]);
  });

  it('turns a reason nobody knows into provider_failed, keeping the raw words in the evidence', () => {
    const { line, known } = lineEndForEndedReason('call.reason-from-next-year');
    expect(
      resolveCallOutcome({
        line,
        reasonKnown: known,
        providerReason: 'call.reason-from-next-year',
        transcript: null,
        voicemailAction: 'hang_up',
        transfer: null,
      }),
    ).toEqual({
      callOutcome: 'provider_failed',
      evidence:
        'The provider ended the call with "call.reason-from-next-year", a reason we do not know yet.',
    });
  });
});
