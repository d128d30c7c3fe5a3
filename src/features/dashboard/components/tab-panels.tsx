import { AgentSettingsCard } from '@/features/agent-settings/components/agent-settings-card';
import { ApiKeyCard } from '@/features/api-keys/components/api-key-card';
import { ComingSoonCard } from './coming-soon-card';

export function ApiKeyPanel() {
  return <ApiKeyCard />;
}

export function PhoneAgentSettingsPanel() {
  return <AgentSettingsCard />;
}

// Billing arrives with its own issue; until then it shows an honest empty state.
export function BillingPanel() {
  return (
    <ComingSoonCard
      title="Billing"
      description="Purchase credits and review your purchase history."
      note="Credit purchases and purchase history will be available here shortly."
    />
  );
}
