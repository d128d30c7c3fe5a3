import { describe, expect, it } from 'vitest';
import { CheckoutError, checkoutMessages, checkoutUrlFrom } from './create-checkout';
import { purchaseAmountSchema } from './purchase-amount-schema';

describe('checkoutUrlFrom', () => {
  it('takes url, or data.url', () => {
    expect(checkoutUrlFrom({ url: 'https://checkout.example/1' })).toBe(
      'https://checkout.example/1',
    );
    expect(checkoutUrlFrom({ data: { url: 'https://checkout.example/2' } })).toBe(
      'https://checkout.example/2',
    );
  });

  it.each([
    [null, checkoutMessages.noResponse],
    [undefined, checkoutMessages.noResponse],
    [{}, checkoutMessages.noUrl],
    [{ error: 'Card processor offline' }, 'Card processor offline'],
    [{ error: { message: 'Stripe said no' } }, 'Stripe said no'],
  ])('answers %j with a Payment Error "%s"', (data, message) => {
    expect(() => checkoutUrlFrom(data)).toThrow(CheckoutError);
    try {
      checkoutUrlFrom(data);
    } catch (error) {
      expect(error).toMatchObject({ title: 'Payment Error', message });
    }
  });
});

describe('purchaseAmountSchema', () => {
  it.each([
    [10, null],
    [500, null],
    [9, 'Minimum purchase is $10'],
    [501, 'Maximum purchase is $500'],
    [25.5, 'Amount must be a whole number'],
    [Number.NaN, 'Amount must be a whole number'],
  ])('amount %s → %s', (amount, message) => {
    const result = purchaseAmountSchema.safeParse({ amount });
    expect(result.success ? null : result.error.issues[0]!.message).toBe(message);
  });
});
