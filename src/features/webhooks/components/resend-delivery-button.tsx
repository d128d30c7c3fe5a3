import type { UseMutationResult } from '@tanstack/react-query';
import { Send } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { toast } from '@/lib/toast';

/** Resend for one delivery, with whichever resend mutation the list that shows it refreshes. */
export function ResendDeliveryButton({
  deliveryId,
  resend,
}: {
  deliveryId: string;
  resend: Pick<UseMutationResult<unknown, Error, string>, 'isPending' | 'mutate'>;
}) {
  return (
    <Button
      size="sm"
      variant="outline"
      disabled={resend.isPending}
      onClick={() =>
        resend.mutate(deliveryId, {
          onSuccess: () => toast.success('Delivery queued again'),
          onError: (error) => toast.error(error.message),
        })
      }
    >
      <Send aria-hidden />
      Resend
    </Button>
  );
}
