import { z } from 'zod';
import { PURCHASE_DEFAULT_USD, PURCHASE_MAX_USD, PURCHASE_MIN_USD } from '@/config/constants';

/**
 * A whole number of dollars from 10 to 500, default 10 (docs/product-rules.md#credit-purchases).
 */
export const purchaseAmountMessages = {
  whole: 'Amount must be a whole number',
  min: `Minimum purchase is $${PURCHASE_MIN_USD}`,
  max: `Maximum purchase is $${PURCHASE_MAX_USD}`,
} as const;

export const purchaseAmountSchema = z.object({
  amount: z
    .number({ message: purchaseAmountMessages.whole })
    .refine(Number.isFinite, purchaseAmountMessages.whole)
    .refine(Number.isInteger, purchaseAmountMessages.whole)
    .refine((value) => value >= PURCHASE_MIN_USD, purchaseAmountMessages.min)
    .refine((value) => value <= PURCHASE_MAX_USD, purchaseAmountMessages.max),
});

export type PurchaseAmountValues = z.infer<typeof purchaseAmountSchema>;

export const defaultPurchaseAmount: PurchaseAmountValues = { amount: PURCHASE_DEFAULT_USD };
