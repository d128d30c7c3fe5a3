import { useEffect } from 'react';
import { toast } from '@/lib/toast';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useSession } from '@/lib/auth/session-context';
import { formatDateTime, formatUsd } from '@/lib/format';
import { usePurchaseHistory } from '../api/get-purchase-history';

export const historyMessages = {
  loading: 'Loading history...',
  empty: 'No purchase history found. Your transactions will appear here after you make a purchase.',
  failed: 'Failed to load purchase history.',
} as const;

const HISTORY_ERROR_TOAST = 'purchase-history-error';

/** Purchase History: Date, Amount, Description, newest first. */
export function PurchaseHistoryCard() {
  const { user } = useSession();
  const history = usePurchaseHistory(user?.id);

  useEffect(() => {
    if (history.isError)
      toast.error('Error', { id: HISTORY_ERROR_TOAST, description: historyMessages.failed });
  }, [history.isError]);

  return (
    <Card>
      <CardHeader>
        <CardTitle>Purchase History</CardTitle>
        <CardDescription>Credits you bought, newest first.</CardDescription>
      </CardHeader>
      <CardContent>
        {history.isPending ? (
          <p role="status" className="text-sm text-muted-foreground">
            {historyMessages.loading}
          </p>
        ) : history.isError ? (
          <p role="alert" className="text-sm text-destructive">
            {historyMessages.failed}
          </p>
        ) : history.data.length === 0 ? (
          <p className="text-sm text-muted-foreground">{historyMessages.empty}</p>
        ) : (
          <div className="overflow-x-auto">
            <table className="w-full text-sm">
              <caption className="sr-only">Purchase history</caption>
              <thead>
                <tr className="border-b text-left text-muted-foreground">
                  <th scope="col" className="py-2 pr-4 font-medium">
                    Date
                  </th>
                  <th scope="col" className="py-2 pr-4 text-right font-medium">
                    Amount
                  </th>
                  <th scope="col" className="py-2 pr-4 font-medium">
                    Description
                  </th>
                  <th scope="col" className="py-2 font-medium">
                    Receipt
                  </th>
                </tr>
              </thead>
              <tbody>
                {history.data.map((purchase) => (
                  <tr key={purchase.id} className="border-b last:border-0">
                    <td className="whitespace-nowrap py-2 pr-4">
                      {formatDateTime(purchase.purchased_at)}
                    </td>
                    <td className="py-2 pr-4 text-right tabular-nums">
                      {formatUsd(purchase.amount)}
                    </td>
                    <td className="py-2 pr-4">{purchase.description || 'Credit Purchase'}</td>
                    <td className="py-2">
                      {purchase.receipt_url ? (
                        <a
                          href={purchase.receipt_url}
                          target="_blank"
                          rel="noreferrer"
                          className="text-primary underline-offset-4 hover:underline"
                          aria-label={`Receipt for ${formatUsd(purchase.amount)} on ${formatDateTime(purchase.purchased_at)}`}
                        >
                          View
                        </a>
                      ) : (
                        <span className="text-muted-foreground">Pending</span>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </CardContent>
    </Card>
  );
}
