import { formatDateTime } from '@/lib/format';
import { Copy, Eye, EyeOff, RotateCw } from 'lucide-react';
import { useState } from 'react';
import { toast } from '@/lib/toast';
import { ResendDeliveryButton } from './resend-delivery-button';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { useSession } from '@/lib/auth/session-context';
import { maskWebhookSecret, useWebhookSecret } from '../api/get-webhook-secret';
import { useWebhookDeliveries } from '../api/list-webhook-deliveries';
import { useResendWebhookDelivery } from '../api/resend-webhook-delivery';
import { useRotateWebhookSecret } from '../api/rotate-webhook-secret';

const STATUS_BADGE = {
  succeeded: 'success',
  pending: 'outline',
  failed: 'destructive',
} as const;

/**
 * Webhooks (docs/product-rules.md#events-and-webhooks): the signing secret (masked, reveal, copy,
 * rotate after a
 * confirmation) and the recent deliveries with their last status and a Resend button.
 */
export function WebhooksCard() {
  const { user } = useSession();
  const secret = useWebhookSecret(user?.id);
  const deliveries = useWebhookDeliveries(user?.id);
  const rotate = useRotateWebhookSecret(user?.id);
  const resend = useResendWebhookDelivery(user?.id);
  const [revealed, setRevealed] = useState(false);
  const [confirming, setConfirming] = useState(false);

  if (!user) return null;

  const copy = async (value: string) => {
    try {
      await navigator.clipboard.writeText(value);
      toast.success('Copied to clipboard');
    } catch {
      toast.error('Could not copy to the clipboard');
    }
  };

  const runRotate = () => {
    setConfirming(false);
    rotate.mutate(undefined, {
      onSuccess: () => toast.success('Signing secret rotated'),
      onError: (error) => toast.error(error.message),
    });
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Webhooks</CardTitle>
        <CardDescription>
          Events of calls with a webhook_url are POSTed there, signed per Standard Webhooks with
          this secret.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        <section className="grid gap-2" aria-label="Signing secret">
          <h3 className="text-sm font-medium">Signing secret</h3>
          <div className="flex flex-wrap items-center justify-between gap-3 rounded-md border bg-muted/40 p-4">
            {secret.isPending ? (
              <Skeleton className="h-6 w-64" />
            ) : secret.isError || !secret.data ? (
              <p className="text-sm text-destructive">Could not load the signing secret</p>
            ) : (
              <>
                <code className="break-all font-mono text-sm" aria-label="Webhook signing secret">
                  {revealed ? secret.data : maskWebhookSecret(secret.data)}
                </code>
                <div className="flex gap-2">
                  <Button variant="outline" size="sm" onClick={() => setRevealed(!revealed)}>
                    {revealed ? <EyeOff aria-hidden /> : <Eye aria-hidden />}
                    {revealed ? 'Hide' : 'Reveal'}
                  </Button>
                  <Button variant="outline" size="sm" onClick={() => void copy(secret.data!)}>
                    <Copy aria-hidden />
                    Copy
                  </Button>
                  <Button
                    variant="outline"
                    size="sm"
                    disabled={rotate.isPending}
                    onClick={() => setConfirming(true)}
                  >
                    <RotateCw aria-hidden />
                    Rotate
                  </Button>
                </div>
              </>
            )}
          </div>
        </section>
        <section className="grid gap-2" aria-label="Recent deliveries">
          <h3 className="text-sm font-medium">Recent deliveries</h3>
          {deliveries.isPending ? (
            <Skeleton className="h-16 w-full" />
          ) : deliveries.isError ? (
            <p className="text-sm text-destructive">Could not load the deliveries</p>
          ) : deliveries.data.length === 0 ? (
            <p className="text-sm text-muted-foreground">
              No deliveries yet. Pass webhook_url when you create a call.
            </p>
          ) : (
            <ul className="divide-y rounded-md border">
              {deliveries.data.map((d) => (
                <li key={d.id} className="flex flex-wrap items-center justify-between gap-3 p-3">
                  <div className="grid gap-0.5 text-sm">
                    <span className="font-mono">{d.event_type}</span>
                    <span className="text-xs text-muted-foreground">
                      {d.task_id ?? d.batch_id} · {formatDateTime(d.created_at)} · {d.attempts}{' '}
                      {d.attempts === 1 ? 'attempt' : 'attempts'}
                      {d.last_status_code ? ` · HTTP ${d.last_status_code}` : ''}
                      {d.status !== 'succeeded' && d.last_error ? ` · ${d.last_error}` : ''}
                    </span>
                  </div>
                  <div className="flex items-center gap-2">
                    <Badge variant={STATUS_BADGE[d.status]}>{d.status}</Badge>
                    <ResendDeliveryButton deliveryId={d.id} resend={resend} />
                  </div>
                </li>
              ))}
            </ul>
          )}
        </section>
      </CardContent>
      <Dialog open={confirming} onOpenChange={setConfirming}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Rotate the signing secret?</DialogTitle>
            <DialogDescription>
              Deliveries are signed with the new secret from now on; signatures made with the old
              one will no longer verify. Update your receiver with the new secret.
            </DialogDescription>
          </DialogHeader>
          <div className="flex justify-end gap-2">
            <Button variant="outline" onClick={() => setConfirming(false)}>
              Cancel
            </Button>
            <Button variant="destructive" onClick={runRotate}>
              Rotate secret
            </Button>
          </div>
        </DialogContent>
      </Dialog>
    </Card>
  );
}
