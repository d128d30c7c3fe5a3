import { StandalonePage } from '@/features/dashboard/components/standalone-page';
import { WebhooksPanel } from './tab-panels';

export function WebhooksPage() {
  return (
    <StandalonePage title="Webhooks">
      <WebhooksPanel />
    </StandalonePage>
  );
}
