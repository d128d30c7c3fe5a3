import { AgentSettingsCard } from '@/features/agent-settings/components/agent-settings-card';
import { ApiKeyCard } from '@/features/api-keys/components/api-key-card';

export function ApiKeyPanel() {
  return <ApiKeyCard />;
}

export function PhoneAgentSettingsPanel() {
  return <AgentSettingsCard />;
}
