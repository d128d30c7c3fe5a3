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
      }),
    ).toEqual({
      callOutcome: 'provider_failed',
      evidence:
        'The provider ended the call with "call.reason-from-next-year", a reason we do not know yet.',
    });
  });
});
