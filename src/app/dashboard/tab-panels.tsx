import { AccountDataCard } from '@/features/account/components/account-data-card';
import { LegalBasisCard } from '@/features/legal-basis/components/legal-basis-card';
import { DeleteAccountCard } from '@/features/account/components/delete-account-card';
import { AgentSettingsCard } from '@/features/agent-settings/components/agent-settings-card';
import { TalkToAgentCard } from '@/features/calls/components/talk-to-agent';
import { ApiKeyCard } from '@/features/api-keys/components/api-key-card';
import { PhoneVerificationBadge } from '@/features/onboarding/components/phone-verification-badge';
import { UsageCard } from '@/features/usage/components/usage-card';
import { WebhookEndpointsCard } from '@/features/webhooks/components/webhook-endpoints-card';
import { WebhooksCard } from '@/features/webhooks/components/webhooks-card';
import { ChangePasswordCard } from '@/features/auth/components/change-password-card';
import { ProfileCard } from '@/features/dashboard/components/profile-card';
import { GettingStartedCard } from '@/features/onboarding/components/getting-started-card';

/** Where a new account starts: the checklist, and its agent to talk to. */
export function GettingStartedPanel() {
  return (
    <div className="grid grid-cols-1 gap-6">
      <GettingStartedCard />
      <TalkToAgentCard />
    </div>
  );
}

export function ApiKeyPanel() {
  return (
    <div className="grid grid-cols-1 gap-6">
      <ApiKeyCard phoneVerification={<PhoneVerificationBadge />} />
    </div>
  );
}

/** Account endpoints, then the per-call webhook_url's secret and deliveries. */
export function WebhooksPanel() {
  return (
    <div className="grid grid-cols-1 gap-6">
      <WebhookEndpointsCard />
      <WebhooksCard />
    </div>
  );
}

export function UsagePanel() {
  return <UsageCard />;
}

export function PhoneAgentSettingsPanel() {
  return (
    <div className="grid grid-cols-1 gap-6">
      <AgentSettingsCard />
      <TalkToAgentCard />
      <LegalBasisCard />
    </div>
  );
}

export function ProfilePanel() {
  return (
    <div className="grid grid-cols-1 gap-6">
      <ProfileCard />
      <ChangePasswordCard />
      <AccountDataCard />
      <DeleteAccountCard />
    </div>
  );
}
