import { AccountDataCard } from '@/features/account/components/account-data-card';
import { DeleteAccountCard } from '@/features/account/components/delete-account-card';
import { AgentSettingsCard } from '@/features/agent-settings/components/agent-settings-card';
import { ApiKeyCard } from '@/features/api-keys/components/api-key-card';
import { WebhooksCard } from '@/features/webhooks/components/webhooks-card';
import { ChangePasswordCard } from './change-password-card';
import { ProfileCard } from './profile-card';

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

export function ProfilePanel() {
  return (
    <div className="grid gap-6">
      <ProfileCard />
      <ChangePasswordCard />
      <AccountDataCard />
      <DeleteAccountCard />
    </div>
  );
}
