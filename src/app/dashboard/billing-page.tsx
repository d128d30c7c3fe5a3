import { StandalonePage } from '@/features/dashboard/components/standalone-page';
import { BillingPanel } from '@/features/billing/components/billing-panel';

export function BillingPage() {
  return (
    <StandalonePage title="Billing">
      <BillingPanel />
    </StandalonePage>
  );
}
