import type { Behaviour } from './callees.ts';
import {
  buildScript,
  conversationLines,
  goalFromPrompt,
  holdSeconds,
  OPT_OUT_KEY,
  OPT_OUT_LINE,
  purposeOf,
  speakingSeconds,
  type ScriptInput,
  type Step,
} from './conversation.ts';

const PROMPT =
  'You are Aria, a professional assistant.\nGoal: Confirm Kim\'s dental appointment tomorrow at 3 pm; offer Thursday if not.\nContext: {"patient":"Kim Lee"}';

const input = (behaviour: Behaviour, overrides: Partial<ScriptInput> = {}): ScriptInput => ({
  behaviour,
  systemPrompt: PROMPT,
  firstMessage: 'Hi, this is Aria calling from Bright Smiles.',
  maxDurationSeconds: 600,
  voicemailMessage: null,
  voicemailDetection: true,
  ...overrides,
});

const turns = (steps: Step[]) =>
  steps.flatMap((s) => (s.kind === 'turn' ? [`${s.role}: ${s.text}`] : []));
const statuses = (steps: Step[]) =>
  steps.flatMap((s) =>
    s.kind === 'status' ? [s.status] : s.kind === 'end' ? [s.endedReason] : [],
  );
const answeredAt = (steps: Step[]) =>
  steps.find((s) => s.kind === 'status' && s.status === 'in-progress')!.at;
const endAt = (steps: Step[]) => steps.find((s) => s.kind === 'end')!.at;

describe('goalFromPrompt', () => {
  it('reads a Goal: line', () => {
    expect(goalFromPrompt(PROMPT)).toBe(
      "Confirm Kim's dental appointment tomorrow at 3 pm; offer Thursday if not",
    );
  });
  it("reads the Vapi adapter's prompt line", () => {
    expect(
      goalFromPrompt(
        'You are Aria, an AI voice agent placing an outbound phone call.\nYour goal on this call: Book a table for two.\nSpeak English.',
      ),
    ).toBe('Book a table for two');
  });

  it('accepts Task: and markdown labels', () => {
    expect(goalFromPrompt('Be kind.\n## Task: Book a table for two.')).toBe('Book a table for two');
    expect(goalFromPrompt('**Objective**: Ask about the invoice')).toBe('Ask about the invoice');
  });
  it('falls back to the first sentence, then to a generic reason', () => {
    expect(goalFromPrompt('Ask Sam whether the parcel arrived. Be brief.')).toBe(
      'Ask Sam whether the parcel arrived',
    );
    expect(goalFromPrompt(null)).toBe('the reason for this call');
    expect(goalFromPrompt('   ')).toBe('the reason for this call');
  });
});

describe('purposeOf', () => {
  it('keeps what the call is for and leaves the agent’s instructions unsaid', () => {
    expect(purposeOf("Confirm Kim's appointment at 3 pm; offer Thursday if not")).toBe(
      "Confirm Kim's appointment at 3 pm",
    );
    expect(purposeOf('Ask Sam whether the parcel arrived. Be brief and polite.')).toBe(
      'Ask Sam whether the parcel arrived',
    );
    expect(purposeOf('Remind Lee about the checkup — mention parking is free')).toBe(
      'Remind Lee about the checkup',
    );
    expect(purposeOf('the 3-day follow-up')).toBe('the 3-day follow-up');
  });

  it('is said as the agent’s own purpose', () => {
    const { ask } = conversationLines('Ask Sam whether the parcel arrived; be brief', null, true);
    expect(ask).toBe("I'm calling to ask Sam whether the parcel arrived.");
    expect(conversationLines('the invoice from March', null, true).ask).toBe(
      "I'm calling about the invoice from March.",
    );
  });
});

describe('buildScript', () => {
  it('is deterministic', () => {
    expect(buildScript(input('agrees'))).toEqual(buildScript(input('agrees')));
  });

  it('agrees: rings, answers, a conversation that follows the goal, the callee hangs up', () => {
    const script = buildScript(input('agrees'));
    expect(statuses(script.steps)).toEqual(['ringing', 'in-progress', 'customer-ended-call']);
    expect(turns(script.steps)).toEqual([
      'assistant: Hi, this is Aria calling from Bright Smiles.',
      'user: Hi, yes, speaking. What is this about?',
      "assistant: I'm calling to confirm Kim's dental appointment tomorrow at 3 pm.",
      'user: Okay, let me check that. One moment, please.',
      "user: Yes, that works — confirm Kim's dental appointment tomorrow at 3 pm. Consider it done.",
      'assistant: Wonderful, thank you. I have noted that. Have a great day!',
      'user: Thanks, bye.',
    ]);
    expect(script.outcome).toBe('met');
    // What happened, not the goal again.
    expect(script.summary).toBe('The callee answered, heard the request and agreed.');
    const seconds = endAt(script.steps) - answeredAt(script.steps);
    expect(seconds).toBeGreaterThanOrEqual(40);
    expect(seconds).toBeLessThanOrEqual(110);
  });

  it("is held in the transcriber's language: a Spanish agent hears Spanish back", () => {
    const script = buildScript(
      input('agrees', {
        firstMessage: 'Hola, soy Aria de Bright Smiles.',
        systemPrompt: 'Goal: Confirmar la cita de Kim mañana a las 3.',
        language: 'es',
      }),
    );
    expect(turns(script.steps)).toEqual([
      'assistant: Hola, soy Aria de Bright Smiles.',
      'user: Hola, sí, dígame. ¿De qué se trata?',
      'assistant: El motivo de mi llamada: Confirmar la cita de Kim mañana a las 3.',
      'user: De acuerdo, déjeme comprobarlo. Un momento, por favor.',
      'user: Sí, me parece bien — confirmar la cita de Kim mañana a las 3. Cuente con ello.',
      'assistant: Estupendo, muchas gracias. Lo he anotado. ¡Que tenga un buen día!',
      'user: Gracias, adiós.',
    ]);
    // A region suffix is the same language; an unknown one falls back to English.
    expect(turns(buildScript(input('declines', { language: 'fr-FR' })).steps)[1]).toBe(
      "user: Bonjour, oui, c'est moi. C'est à quel sujet ?",
    );
    expect(turns(buildScript(input('agrees', { language: 'xx' })).steps)[1]).toBe(
      'user: Hi, yes, speaking. What is this about?',
    );
  });

  it('conversations last 40 to 110 s, varying with the goal', () => {
    const goals = [
      'Book a table for two at 7 pm',
      'Ask whether the parcel arrived',
      'x'.repeat(300),
      PROMPT,
    ];
    const lengths = goals.map((goal) => {
      const { steps } = buildScript(input('agrees', { systemPrompt: `Goal: ${goal}` }));
      return endAt(steps) - answeredAt(steps);
    });
    for (const seconds of lengths) {
      expect(seconds).toBeGreaterThanOrEqual(40);
      expect(seconds).toBeLessThanOrEqual(110);
    }
    expect(new Set(lengths).size).toBeGreaterThan(1);
  });

  it('cuts a conversation that outruns maxDurationSeconds: exceeded-max-duration', () => {
    const script = buildScript(input('agrees', { maxDurationSeconds: 20 }));
    const answered = answeredAt(script.steps);
    expect(endAt(script.steps)).toBe(answered + 20);
    expect(statuses(script.steps).at(-1)).toBe('exceeded-max-duration');
    for (const step of script.steps)
      if (step.kind === 'turn') expect(step.at + step.seconds).toBeLessThanOrEqual(answered + 20);
    expect(turns(script.steps).length).toBeGreaterThan(0);
    expect(script.outcome).toBe('not-met');
  });

  it('holds for 15 to 45 s, the same for the same goal', () => {
    expect(holdSeconds('Book a table')).toBe(holdSeconds('Book a table'));
    for (const goal of ['a', 'b', 'Book a table', 'Confirm the delivery']) {
      expect(holdSeconds(goal)).toBeGreaterThanOrEqual(15);
      expect(holdSeconds(goal)).toBeLessThanOrEqual(45);
    }
  });

  it('steps never overlap: each starts after the one before has ended', () => {
    for (const behaviour of [
      'agrees',
      'declines',
      'voicemail',
      'talks-until-max-duration',
    ] as const) {
      let free = 0;
      for (const step of buildScript(input(behaviour, { maxDurationSeconds: 120 })).steps) {
        expect(step.at).toBeGreaterThanOrEqual(free);
        free = step.kind === 'turn' ? step.at + step.seconds : step.at;
      }
    }
  });

  it('declines: the callee refuses the goal', () => {
    const script = buildScript(input('declines'));
    expect(turns(script.steps)[4]).toMatch(/^user: No, I'm sorry, that doesn't work for me/);
    expect(script.outcome).toBe('not-met');
    expect(statuses(script.steps).at(-1)).toBe('customer-ended-call');
  });

  it('0109 opts out: asks not to be called again, the goal is not met', () => {
    const script = buildScript(input('opts-out'));
    expect(turns(script.steps)[3]).toBe(`user: ${OPT_OUT_LINE}`);
    expect(script).toMatchObject({ outcome: 'not-met', optedOut: true });
    expect(script.summary).toContain('asked not to be called again');
    expect(statuses(script.steps).at(-1)).toBe('customer-ended-call');
    expect(buildScript(input('agrees')).optedOut).toBeUndefined();
  });

  it('0190 presses 9 after the opening and the model misses it: only the platform can act', () => {
    const script = buildScript(input('presses-opt-out-key'));
    const press = script.steps.find((s) => s.kind === 'turn' && s.role === 'user');
    expect(press).toMatchObject({ dtmf: OPT_OUT_KEY });
    // The model carries on with its goal and its analysis reports no opt-out.
    expect(turns(script.steps).at(-1)).toMatch(/^assistant: /);
    expect(turns(script.steps).join('\n')).not.toContain('not call this number again');
    expect(script).toMatchObject({ outcome: 'not-met', optedOut: false });
    expect(statuses(script.steps).at(-1)).toBe('customer-ended-call');
  });

  it('busy, no answer and carrier failure end without a conversation', () => {
    expect(statuses(buildScript(input('busy')).steps)).toEqual(['ringing', 'customer-busy']);
    expect(statuses(buildScript(input('no-answer')).steps)).toEqual([
      'ringing',
      'customer-did-not-answer',
    ]);
    expect(statuses(buildScript(input('carrier-failure')).steps)).toEqual([
      'twilio-failed-to-connect-call',
    ]);
    for (const b of ['busy', 'no-answer', 'carrier-failure'] as const) {
      const script = buildScript(input(b));
      expect(turns(script.steps)).toEqual([]);
      expect(script.outcome).toBe('none');
    }
  });

  it('voicemail with a message: the agent leaves it after the greeting', () => {
    const script = buildScript(input('voicemail', { voicemailMessage: 'Please call us back.' }));
    expect(statuses(script.steps)).toEqual(['ringing', 'in-progress', 'voicemail']);
    const lines = turns(script.steps);
    expect(lines[0]).toMatch(/^user: Hi, you have reached my voicemail/);
    expect(lines[1]).toBe('assistant: Please call us back.');
    expect(script.outcome).toBe('not-met');
  });

  it('voicemail without a message: the agent hangs up', () => {
    const script = buildScript(input('voicemail'));
    expect(turns(script.steps)).toHaveLength(1);
    expect(statuses(script.steps).at(-1)).toBe('voicemail');
    expect(script.summary).toMatch(/hung up/);
  });

  it('voicemail with detection off (Vapi default): talks to the machine until silence', () => {
    const script = buildScript(input('voicemail', { voicemailDetection: false }));
    expect(statuses(script.steps).at(-1)).toBe('silence-timed-out');
  });

  it('0107 talks until maxDurationSeconds after the answer', () => {
    const script = buildScript(input('talks-until-max-duration', { maxDurationSeconds: 90 }));
    const answered = answeredAt(script.steps);
    expect(endAt(script.steps)).toBe(answered + 90);
    expect(statuses(script.steps).at(-1)).toBe('exceeded-max-duration');
    for (const step of script.steps)
      if (step.kind === 'turn') expect(step.at + step.seconds).toBeLessThanOrEqual(answered + 90);
    expect(turns(script.steps).length).toBeGreaterThan(5);
    expect(script.outcome).toBe('not-met');
  });

  it('a missing first message gets a generic greeting', () => {
    const script = buildScript(input('agrees', { firstMessage: null }));
    expect(turns(script.steps)[0]).toBe(
      'assistant: Hello, this is an automated assistant calling.',
    );
  });

  it('speaking time grows with the words', () => {
    expect(speakingSeconds('Hi.')).toBe(1.2);
    expect(
      speakingSeconds('one two three four five six seven eight nine ten eleven twelve thirteen'),
    ).toBe(5);
  });
});

describe('the consent step and the closing', () => {
  const consentRequest =
    'Hi, this is Aria, an AI assistant calling on behalf of Bright Smiles. I would like to record this call. Do you agree to be recorded? Please say yes or no.';

  it('asks consent before the first message; a callee consents and the call goes on', () => {
    const script = buildScript(input('agrees', { consentRequest, firstMessage: 'Thank you.' }));
    expect(turns(script.steps).slice(0, 3)).toEqual([
      `assistant: ${consentRequest}`,
      'user: Yes, that is fine, you can record it.',
      'assistant: Thank you.',
    ]);
    expect(script.recordingConsent).toBe('granted');
    expect(script.outcome).toBe('met');
  });

  it('the callee who objects is not recorded, and the conversation still reaches its goal', () => {
    const script = buildScript(
      input('objects-to-recording', { consentRequest, firstMessage: 'Thank you.' }),
    );
    expect(turns(script.steps)[1]).toBe('user: No, I do not agree to be recorded.');
    expect(script.recordingConsent).toBe('declined');
    expect(script.outcome).toBe('met');
  });

  it('asks nothing without a consent step', () => {
    const script = buildScript(input('agrees'));
    expect(script.recordingConsent).toBeUndefined();
    expect(turns(script.steps)[0]).toBe('assistant: Hi, this is Aria calling from Bright Smiles.');
  });

  it('says the end-call message (the callback number) as the assistant closes', () => {
    const endCallMessage = 'If you need to reach us, call +1 212-555-0199. Goodbye.';
    for (const behaviour of ['agrees', 'declines', 'opts-out'] as const) {
      const spoken = turns(buildScript(input(behaviour, { endCallMessage })).steps);
      expect(spoken.filter((t) => t.startsWith('assistant:')).at(-1)).toContain(endCallMessage);
    }
  });
});
