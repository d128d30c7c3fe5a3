import { AgentSettingsCard } from '@/features/agent-settings/components/agent-settings-card';
import { ApiKeyCard } from '@/features/api-keys/components/api-key-card';
import { WebhooksCard } from '@/features/webhooks/components/webhooks-card';
import { ComingSoonCard } from './coming-soon-card';

export function ApiKeyPanel() {
  return (
    <div className="grid gap-6">
      <ApiKeyCard />
      <WebhooksCard />
    </div>
  );
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
