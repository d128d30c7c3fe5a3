import { StandalonePage } from './standalone-page';
import { BillingPanel } from './tab-panels';

export function BillingPage() {
  return (
    <StandalonePage title="Billing">
      <BillingPanel />
    </StandalonePage>
  );
}
