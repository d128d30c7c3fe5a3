import { describe, expect, it } from 'vitest';
import { agentSettingsSchema } from './agent-settings-schema';

describe('agent settings schema', () => {
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
