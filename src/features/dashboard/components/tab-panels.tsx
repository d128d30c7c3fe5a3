import { ComingSoonCard } from './coming-soon-card';

// The contents of these sections arrive with their own issues (API keys, phone agent settings);
// until then each shows an honest empty state. Billing lives in features/billing.

export function ApiKeyPanel() {
  return (
    <ComingSoonCard
      title="API Keys"
      description="The key your systems use to place calls through the API."
      note="Generating and viewing your API key will be available here shortly."
    />
  );
}

export function PhoneAgentSettingsPanel() {
  return (
    <ComingSoonCard
      title="Phone Agent Settings"
      description="Voice, speaking style and language of your phone agent."
      note="Phone agent preferences will be available here shortly."
    />
  );
}
