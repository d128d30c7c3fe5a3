import { zodResolver } from '@hookform/resolvers/zod';
import { CreditCard } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { PURCHASE_MAX_USD, PURCHASE_MIN_USD } from '@/config/constants';
import { track } from '@/lib/analytics';
import { checkoutErrorToast, useCreateCheckout } from '../api/create-checkout';
import {
  defaultPurchaseAmount,
  purchaseAmountSchema,
  type PurchaseAmountValues,
} from '../api/purchase-amount-schema';

const goToCheckout = (url: string) => window.location.assign(url);

/**
 * Purchase Credits: idle → 'Processing...' (disabled) → the browser goes to
 * the checkout URL; any failure returns to idle with a toast (docs/product-rules.md#ui-messages).
 */
export function PurchaseCreditsCard({
  redirect = goToCheckout,
}: {
  /** Where the browser goes with the checkout URL (tests pass a probe). */
  redirect?: (url: string) => void;
}) {
  const form = useForm<PurchaseAmountValues>({
    resolver: zodResolver(purchaseAmountSchema),
    defaultValues: defaultPurchaseAmount,
    mode: 'onChange',
  });
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = form;
  // One Idempotency-Key per attempt: kept while the amount stays, renewed after a failure.
  const [attemptKey, setAttemptKey] = useState<string | null>(null);

  const checkout = useCreateCheckout({
    onSuccess: (url) => {
      track('checkout redirect');
      redirect(url);
    },
    onError: (error) => {
      setAttemptKey(null);
      const { title, message } = checkoutErrorToast(error);
      track('purchase error', { message });
      toast.error(title, { description: message });
    },
  });
  // Stays 'Processing...' after success, while the browser leaves for checkout.
  const processing = checkout.isPending || checkout.isSuccess;

  return (
    <Card>
      <CardHeader>
        <CardTitle>Purchase Credits</CardTitle>
        <CardDescription>Add prepaid credits to your balance by card.</CardDescription>
      </CardHeader>
      <CardContent>
        <form
          noValidate
          aria-label="Purchase Credits"
          className="grid grid-cols-1 gap-4"
          onSubmit={handleSubmit(({ amount }) => {
            const idempotencyKey = attemptKey ?? crypto.randomUUID();
            setAttemptKey(idempotencyKey);
            track('purchase initiated', { amount });
            checkout.mutate({ amount, idempotencyKey });
          })}
        >
          <FormField
            label="Amount (USD)"
            error={errors.amount?.message}
            hint={`Choose between $${PURCHASE_MIN_USD} and $${PURCHASE_MAX_USD} (1:1 ratio with credits)`}
          >
            <Input
              type="number"
              inputMode="numeric"
              min={PURCHASE_MIN_USD}
              max={PURCHASE_MAX_USD}
              step={1}
              disabled={processing}
              {...register('amount', {
                valueAsNumber: true,
                onChange: (event: { target: { value: string } }) => {
                  setAttemptKey(null);
                  track('amount changed', { amount: event.target.value });
                },
              })}
            />
          </FormField>
          <p className="text-sm text-muted-foreground">
            Credits will be added to your account immediately after successful payment.
          </p>
          <Button type="submit" disabled={processing} className="w-full sm:w-auto">
            <CreditCard aria-hidden />
            {processing ? 'Processing...' : 'Purchase Credits'}
          </Button>
        </form>
      </CardContent>
    </Card>
  );
}
