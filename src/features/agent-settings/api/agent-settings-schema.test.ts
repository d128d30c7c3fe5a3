import { describe, expect, it } from 'vitest';
import { agentSettingsSchema, settingsFromRow } from './agent-settings-schema';

describe('agent settings schema (spec §5)', () => {
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

  it('accepts only the fixed choices', () => {
    expect(
      agentSettingsSchema.safeParse({ voice: 'Bob', speakingStyle: 'Friendly', language: 'en' })
        .success,
    ).toBe(false);
    expect(
      agentSettingsSchema.safeParse({ voice: 'Roger', speakingStyle: 'excited', language: 'en' })
        .success,
    ).toBe(false);
    expect(
      agentSettingsSchema.safeParse({
        voice: 'Sarah',
        speakingStyle: 'Conversational',
        language: 'fr',
      }).success,
    ).toBe(true);
  });
});
