import { describe, expect, it } from 'vitest';
import { settingsFromRow } from './agent-settings';

describe('saved phone-agent settings', () => {
  it('defaults to Aria, Professional, English and no default agent when there is no row', () => {
    expect(settingsFromRow(null)).toEqual({
      voice: 'Aria',
      speakingStyle: 'Professional',
      language: 'en',
      defaultAgentId: '',
    });
  });

  it('reads a saved row', () => {
    expect(
      settingsFromRow({
        voice: 'George',
        speaking_style: 'Friendly',
        language: 'de',
        default_agent_id: 'agt_01KEXAMPLE0000000000000000',
      }),
    ).toEqual({
      voice: 'George',
      speakingStyle: 'Friendly',
      language: 'de',
      defaultAgentId: 'agt_01KEXAMPLE0000000000000000',
    });
  });

  it('falls back to the default for a value that is not one of the choices', () => {
    expect(
      settingsFromRow({
        voice: 'HAL',
        speaking_style: 'Friendly',
        language: 'tlh',
        default_agent_id: null,
      }),
    ).toEqual({ voice: 'Aria', speakingStyle: 'Friendly', language: 'en', defaultAgentId: '' });
  });
});
