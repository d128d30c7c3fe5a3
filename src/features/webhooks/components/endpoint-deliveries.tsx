import { Badge } from '@/components/ui/badge';
import { Skeleton } from '@/components/ui/skeleton';
import { formatDateTime } from '@/lib/format';
import { useEndpointDeliveries, useEndpointMutation } from '../api/webhook-endpoints';
import { resendWebhookDelivery } from '../api/resend-webhook-delivery';
import { nextAttemptText } from './endpoint-wording';
import { ResendDeliveryButton } from './resend-delivery-button';

const STATUS_BADGE = { succeeded: 'success', pending: 'outline', failed: 'destructive' } as const;

/** The newest deliveries to one endpoint: event, answer, attempts, next retry, Resend. */
export function EndpointDeliveries({ endpointId }: { endpointId: string }) {
  const deliveries = useEndpointDeliveries(endpointId);
  const resend = useEndpointMutation(resendWebhookDelivery);
  if (deliveries.isPending) return <Skeleton className="h-16 w-full" />;
  if (deliveries.isError)
    return <p className="text-sm text-destructive">Could not load the deliveries</p>;
  if (deliveries.data.length === 0)
    return (
      <p className="text-sm text-muted-foreground">
        No deliveries yet: send a test event, or place a call in this endpoint&apos;s mode.
      </p>
    );
  const now = new Date();
  return (
    <div className="overflow-x-auto rounded-md border">
      <table className="w-full text-left text-sm" aria-label="Deliveries">
        <thead className="bg-muted/40 text-xs text-muted-foreground">
          <tr>
            <th className="p-2 font-medium">Event</th>
            <th className="p-2 font-medium">Status</th>
            <th className="p-2 font-medium">Attempts</th>
            <th className="p-2 font-medium">Next retry</th>
            <th className="p-2 font-medium">Response</th>
            <th className="p-2 font-medium">
              <span className="sr-only">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y">
          {deliveries.data.map((d) => (
            <tr key={d.id} className="align-top">
              <td className="p-2">
                <span className="font-mono text-xs">{d.event_type}</span>
                <span className="block text-xs text-muted-foreground">
                  {formatDateTime(d.created_at)}
                </span>
              </td>
              <td className="p-2">
                <Badge variant={STATUS_BADGE[d.status]}>
                  {d.last_status_code ? `${d.last_status_code} · ` : ''}
                  {d.status}
                </Badge>
              </td>
              <td className="p-2 tabular-nums">{d.attempts}</td>
              <td className="p-2 text-xs">{nextAttemptText(d, now)}</td>
              <td className="max-w-48 p-2">
                <span className="line-clamp-2 break-all font-mono text-xs text-muted-foreground">
                  {d.last_response || d.last_error || '—'}
                </span>
              </td>
              <td className="p-2">
                <ResendDeliveryButton deliveryId={d.id} resend={resend} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
