import { PurchaseCreditsCard } from './purchase-credits-card';
import { PurchaseHistoryCard } from './purchase-history-card';
import { UsageCard } from './usage-card';
import { useCheckoutReturn } from './use-checkout-return';

/** The billing tab and /billing: purchase, usage and history. */
export function BillingPanel() {
  const { confirming } = useCheckoutReturn();
  return (
    <div className="grid grid-cols-1 gap-6">
      {confirming ? (
        <p role="status" className="text-sm text-muted-foreground">
          Confirming your payment...
        </p>
      ) : null}
      <PurchaseCreditsCard />
      <UsageCard />
      <PurchaseHistoryCard />
    </div>
  );
}
