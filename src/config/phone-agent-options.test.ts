import {
  DEFAULT_PHONE_AGENT_SETTINGS,
  languages,
  languageValues,
  speakingStyles,
  speakingStyleValues,
  voices,
  voiceValues,
} from '@/config/phone-agent-options';

describe('phone agent options', () => {
  it('offers the four voices with their descriptions', () => {
    expect(voices.map((v) => [v.value, v.description])).toEqual([
      ['Aria', 'Warm, friendly'],
      ['Roger', 'Conversational male'],
      ['Sarah', 'Professional female'],
      ['George', 'Deep male'],
    ]);
    expect(voiceValues).toEqual(['Aria', 'Roger', 'Sarah', 'George']);
  });

  it('offers the first reading of speaking styles', () => {
    expect(speakingStyles.map((s) => s.label)).toEqual([
      'Professional',
      'Conversational',
      'Friendly',
    ]);
    expect(speakingStyleValues).toEqual(['Professional', 'Conversational', 'Friendly']);
  });

  it('labels languages by name and sends their ISO codes', () => {
    expect(languages.map((l) => [l.label, l.value])).toEqual(
      expect.arrayContaining([
        ['English', 'en'],
        ['Spanish', 'es'],
        ['Japanese', 'ja'],
        ['Filipino', 'fil'],
        ['Detect the callee’s language', 'auto'],
      ]),
    );
    // At least the 30 languages the site promises, each once, and auto.
    expect(new Set(languageValues).size).toBe(languageValues.length);
    expect(languageValues.filter((v) => v !== 'auto').length).toBeGreaterThanOrEqual(30);
  });

  it('defaults to Aria, Professional, English, and no default agent', () => {
    expect(DEFAULT_PHONE_AGENT_SETTINGS).toEqual({
      voice: 'Aria',
      speakingStyle: 'Professional',
      language: 'en',
      defaultAgentId: '',
    });
  });
});
