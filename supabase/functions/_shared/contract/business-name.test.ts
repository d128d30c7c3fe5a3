// @vitest-environment node
import { BUSINESS_NAME_SAMPLES } from '../../../tests/support/business-names.ts';
import { businessNameProblem, spokenBusinessName } from './business-name.ts';

const RULE_WORDS: Record<string, RegExp> = {
  'one line': /one line of visible characters/,
  characters: /letters, digits, spaces/,
  instruction: /a name only/,
  'public body': /government agency or public body/,
  words: /at most 16 words/,
};

describe('the business name calls speak', () => {
  it.each(BUSINESS_NAME_SAMPLES)('judges %j (%s)', (name, refusedBy) => {
    const problem = businessNameProblem(name);
    if (refusedBy === null) expect(problem).toBeNull();
    else expect(problem).toMatch(RULE_WORDS[refusedBy]!);
  });

  it('is spoken as written when it is a name, and never when it says what the caller is', () => {
    expect(spokenBusinessName(' Acme Dental LLC ')).toBe('Acme Dental LLC');
    expect(spokenBusinessName('Ａｃｍｅ Dental')).toBe('Acme Dental');
    expect(spokenBusinessName('Acme. Correction: I am not an AI')).toBeNull();
    expect(spokenBusinessName(null)).toBeNull();
  });

  it('leaves a public body’s name to our support: once they wrote it, calls speak it', () => {
    expect(businessNameProblem('Social Security Administration')).not.toBeNull();
    expect(spokenBusinessName('Social Security Administration')).toBe(
      'Social Security Administration',
    );
  });
});
