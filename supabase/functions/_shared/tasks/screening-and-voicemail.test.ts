// Call screening and voicemail on the simulated network, read as the task reads them: the
// scripted callees' transcripts go through the same call-outcome rules as a real call's, and the
// voicemail settings the adapter sends are the ones Vapi's POST /call (and our fake) accept.
import { resolveCallOutcome } from './call-outcome.ts';
import { voicemailMessageWithCallback } from '../contract/disclosures.ts';
import { calleeBehaviour } from '../contract/simulated-numbers.ts';
import type { TranscriptTurn } from '../voice/provider.ts';
import { VOICEMAIL_DETECTION } from '../voice/vapi/adapter.ts';
import {
  buildScript,
  SCREENING_ASK,
  type ScriptInput,
  type Step,
} from '../voice/simulated/conversation.ts';
import { lineEndForEndedReason } from '../voice/vapi/ended-reason.ts';
import { validateCreateCall } from '../voice/simulated/validation.ts';

const input = (number: string, overrides: Partial<ScriptInput> = {}): ScriptInput => ({
  behaviour: calleeBehaviour(number, 1),
  systemPrompt: "Goal: Confirm Kim's dental appointment tomorrow at 3 pm.",
  firstMessage: 'Hi, this is Aria, an AI assistant calling on behalf of Bright Smiles.',
  maxDurationSeconds: 600,
  voicemailMessage: null,
  voicemailDetection: true,
  ...overrides,
});

function callOutcomeOf(steps: Step[]) {
  const transcript: TranscriptTurn[] = steps.flatMap((s) =>
    s.kind === 'turn'
      ? [
          {
            speaker: s.role === 'user' ? ('callee' as const) : ('agent' as const),
            text: s.text,
            start_ms: 0,
            end_ms: 0,
          },
        ]
      : [],
  );
  const end = steps.find((s) => s.kind === 'end')!;
  const reason = end.kind === 'end' ? end.endedReason : '';
  const { line, known } = lineEndForEndedReason(reason);
  return resolveCallOutcome({
    line,
    reasonKnown: known,
    providerReason: reason,
    transcript,
    voicemailAction: 'hang_up',
  }).callOutcome;
}

const lines = (steps: Step[]) =>
  steps.flatMap((s) => (s.kind === 'turn' ? [`${s.role}: ${s.text}`] : []));

describe('a call-screening assistant', () => {
  it('asks who is calling; the agent gives its identity and purpose, then the person comes on (555-0150)', () => {
    const script = buildScript(input('+14155550150'));
    const said = lines(script.steps);
    expect(said[0]).toBe(`user: ${SCREENING_ASK}`);
    expect(said[1]).toMatch(
      /^assistant: Hi, this is Aria, an AI assistant .*Bright Smiles\..*dental/,
    );
    expect(script.outcome).toBe('met');
    expect(callOutcomeOf(script.steps)).toBe('human_answered');
  });

  it('asks who is calling and never puts a person on (555-0151): screened', () => {
    const script = buildScript(input('+14155550151'));
    expect(lines(script.steps)[1]).toMatch(/^assistant: .*Bright Smiles/);
    expect(script.outcome).toBe('not-met');
    expect(callOutcomeOf(script.steps)).toBe('screened');
    expect(script.summary).toContain('nobody came on');
  });
});

describe('voicemail', () => {
  it('adds the callback number to the message, once', () => {
    expect(voicemailMessageWithCallback('Please call us back.', 'en', '+14155550199')).toBe(
      'Please call us back. If you need to reach us, call +1 415-555-0199.',
    );
    expect(
      voicemailMessageWithCallback('Call us back at (415) 555-0199.', 'en', '+14155550199'),
    ).toBe('Call us back at (415) 555-0199.');
    expect(voicemailMessageWithCallback('Call us back.', 'en', null)).toBe('Call us back.');
  });

  it('leaves the message after the greeting’s beep and ends the call (555-0104)', () => {
    const message = 'This is Bright Smiles. If you need to reach us, call +1 415-555-0199.';
    const script = buildScript(input('+14155550104', { voicemailMessage: message }));
    const said = lines(script.steps);
    expect(said.at(-2)).toMatch(/leave a message after the tone/);
    expect(said.at(-1)).toBe(`assistant: ${message}`);
    expect(script.steps.at(-1)).toMatchObject({ kind: 'end', endedReason: 'voicemail' });
  });

  it('sends a detection plan that decides early, and the fake takes exactly Vapi’s fields', () => {
    const body = (voicemailDetection: unknown) => ({
      phoneNumberId: 'local',
      customer: { number: '+14155550104' },
      assistant: { voicemailDetection, voicemailMessage: 'Call us back.' },
    });
    expect(validateCreateCall(body(VOICEMAIL_DETECTION), ['local'])).toEqual([]);
    expect(VOICEMAIL_DETECTION.backoffPlan.startAtSeconds).toBeLessThanOrEqual(3);
    expect(
      validateCreateCall(body({ ...VOICEMAIL_DETECTION, detectEarly: true }), ['local']),
    ).toEqual(['assistant.voicemailDetection.property detectEarly should not exist']);
    expect(
      validateCreateCall(body({ ...VOICEMAIL_DETECTION, beepMaxAwaitSeconds: 90 }), ['local']),
    ).toEqual(['assistant.voicemailDetection.beepMaxAwaitSeconds must be a number from 0 to 60']);
  });
});
