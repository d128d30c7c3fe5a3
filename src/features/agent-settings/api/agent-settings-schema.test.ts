import { describe, expect, it } from 'vitest';
import { agentSettingsSchema } from './agent-settings-schema';

describe('agent settings schema', () => {
  const valid = {
    voice: 'Sarah',
    speakingStyle: 'Conversational',
    language: 'fr',
    defaultAgentId: '',
  };

  it('accepts only the fixed choices', () => {
    expect(agentSettingsSchema.safeParse({ ...valid, voice: 'Bob' }).success).toBe(false);
    expect(agentSettingsSchema.safeParse({ ...valid, speakingStyle: 'excited' }).success).toBe(
      false,
    );
    expect(agentSettingsSchema.safeParse(valid).success).toBe(true);
  });

  it('takes no default agent, or an agent id', () => {
    expect(
      agentSettingsSchema.safeParse({ ...valid, defaultAgentId: 'agt_01KEXAMPLE0000000000000000' })
        .success,
    ).toBe(true);
    const refused = agentSettingsSchema.safeParse({ ...valid, defaultAgentId: 'Refill desk' });
    expect(refused.error?.issues[0]?.message).toBe('Choose one of your agents, or none.');
  });
});
