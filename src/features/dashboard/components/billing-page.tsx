import { StandalonePage } from './standalone-page';
import { BillingPanel } from '@/features/billing/components/billing-panel';

export function BillingPage() {
  return (
    <StandalonePage title="Billing">
      <BillingPanel />
    </StandalonePage>
  );
}
