import { describe, expect, it } from 'vitest';
import { agentReply, reasonLine, speakingMs } from './browser-agent.ts';

const call = {
  goal: "Confirm Kim's cleaning tomorrow at 3 pm; offer Thursday if not.",
  voice: 'Aria',
  businessName: 'Bright Smiles Dental LLC',
};

describe('the simulated agent of a browser call', () => {
  it('says what the call is for, never the contingencies of its goal', () => {
    expect(reasonLine(call.goal)).toBe("I'm calling to confirm Kim's cleaning tomorrow at 3 pm.");
    expect(agentReply({ ...call, heard: 'Hmm.' }).text).not.toContain('Thursday');
  });

  it('ends the call at once on an opt-out, whatever else is said', () => {
    const reply = agentReply({ ...call, heard: 'Yes, but please stop calling me.' });
    expect(reply).toMatchObject({ ends: true });
    expect(reply.summary).toContain('asked not to be called again');
  });

  it('says goodbye when the user does', () => {
    expect(agentReply({ ...call, heard: 'OK, bye!' })).toMatchObject({
      text: 'Thank you for your time. Goodbye!',
      ends: true,
    });
  });

  it('answers who is calling and that it is an AI, and carries on', () => {
    expect(agentReply({ ...call, heard: 'Who is this?' })).toMatchObject({
      text: expect.stringContaining('Aria, an AI assistant calling on behalf of Bright Smiles'),
      ends: false,
    });
    for (const heard of ['Who is calling?', "Who's calling?", 'whos calling'])
      expect(agentReply({ ...call, heard }).text).toContain('This is Aria, an AI assistant');
    expect(agentReply({ ...call, heard: 'Am I talking to a robot?' }).text).toBe(
      "Yes, I'm an AI assistant calling on behalf of Bright Smiles Dental LLC.",
    );
    expect(agentReply({ ...call, heard: 'Can I speak to a person?' }).ends).toBe(false);
  });

  it('takes a yes and a no as noted', () => {
    expect(agentReply({ ...call, heard: 'Yes, 3 pm works.' }).text).toContain("I've noted that");
    expect(agentReply({ ...call, heard: "No, that doesn't work." }).text).toContain(
      "I've noted that",
    );
  });

  it('takes as long to say a turn as a simulated call does, at least 1.2 s', () => {
    expect(speakingMs('Hi')).toBe(1200);
    expect(speakingMs('one two three four five six seven eight')).toBeGreaterThan(1200);
  });
});

describe('the simulated agent in the call’s language', () => {
  it('answers in Spanish, French, German and Japanese, and in English otherwise', () => {
    expect(agentReply({ ...call, heard: '¿Quién habla?', language: 'es' }).text).toContain(
      'Le habla Aria',
    );
    expect(agentReply({ ...call, heard: 'Sí, perfecto.', language: 'es' }).text).toBe(
      'Gracias, lo he anotado. ¿Algo más?',
    );
    expect(agentReply({ ...call, heard: 'Au revoir', language: 'fr' })).toMatchObject({
      text: 'Merci pour votre temps. Au revoir !',
      ends: true,
    });
    expect(agentReply({ ...call, heard: 'Sind Sie ein Roboter?', language: 'de' }).text).toBe(
      'Ja, ich bin ein KI-Assistent und rufe im Auftrag von Bright Smiles Dental LLC an.',
    );
    expect(agentReply({ ...call, heard: 'どなたですか？', language: 'ja' }).text).toContain(
      'AIアシスタントのAriaです。',
    );
    expect(agentReply({ ...call, heard: 'Hej', language: 'sv' }).text).toContain(
      'Does that work for you?',
    );
  });

  it('hears an opt-out in the call’s language and confirms it there', () => {
    expect(
      agentReply({ ...call, heard: 'No me vuelvan a llamar, por favor.', language: 'es' }),
    ).toMatchObject({
      ends: true,
      optedOut: true,
      text: expect.stringContaining('No le volveremos'),
    });
  });
});
