import { describe, expect, it } from 'vitest';
import { settingsFromRow } from './agent-settings';

describe('saved phone-agent settings', () => {
  it('defaults to Aria, Professional, English when there is no row', () => {
    expect(settingsFromRow(null)).toEqual({
      voice: 'Aria',
      speakingStyle: 'Professional',
      language: 'en',
    });
  });

  it('reads a saved row', () => {
    expect(
      settingsFromRow({ voice: 'George', speaking_style: 'Friendly', language: 'de' }),
    ).toEqual({ voice: 'George', speakingStyle: 'Friendly', language: 'de' });
  });

  it('falls back to the default for a value that is not one of the choices', () => {
    expect(settingsFromRow({ voice: 'HAL', speaking_style: 'Friendly', language: 'tlh' })).toEqual({
      voice: 'Aria',
      speakingStyle: 'Friendly',
      language: 'en',
    });
  });
});
