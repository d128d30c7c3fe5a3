// @vitest-environment node
import { CALL_LANGUAGES } from './call-languages.ts';
import { wordingFor } from './disclosures.ts';
import { asksNotToBeCalled, STOP_WORDS } from './opt-out-words.ts';

describe('what asks not to be called again', () => {
  it('is the stop word each language’s opening offers, which the opening itself says', () => {
    for (const { code } of CALL_LANGUAGES.filter((l) => l.code !== 'auto')) {
      const word = STOP_WORDS[code as keyof typeof STOP_WORDS];
      expect(word, code).toBeTruthy();
      expect(wordingFor(code).optOut.toLowerCase(), code).toContain(word);
      expect(asksNotToBeCalled(word, code), code).toBe(true);
      expect(asksNotToBeCalled(`${word}!`, code), code).toBe(true);
    }
  });

  it.each([
    ['Stop.', 'en'],
    ['STOP STOP', 'en'],
    ['stop', 'ja'],
    ['Please stop calling me.', 'en'],
    ['Don’t call me again.', 'en'],
    ['Take me off your list, please.', 'en'],
    ['Remove my number from your calling list.', 'en'],
    ['Put me on your do-not-call list.', 'en'],
    ['No me llame más, por favor.', 'es'],
    ['Bórrenme de su lista.', 'es'],
    ['Ne m’appelez plus.', 'fr'],
    ['Rufen Sie mich nicht mehr an!', 'de'],
    ['Non mi chiamate più.', 'it'],
    ['Não me ligue mais.', 'pt'],
    ['Bel me niet meer.', 'nl'],
    ['Больше не звоните мне.', 'ru'],
  ])('hears %s (%s)', (text, language) => {
    expect(asksNotToBeCalled(text, language)).toBe(true);
  });

  it.each([
    ['Yes, that works for me.', 'en'],
    ['Stop by on Friday, we are open.', 'en'],
    ['Can you call me again tomorrow?', 'en'],
    ['Please call me back later.', 'en'],
    ['I will stop at the pharmacy.', 'en'],
    ['Sí, basta con el martes.', 'es'],
    ['', 'en'],
  ])('does not hear %s (%s) as one', (text, language) => {
    expect(asksNotToBeCalled(text, language)).toBe(false);
  });
});
