import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api/api-error';
import { checkoutErrorToast, checkoutMessages, checkoutUrlFrom } from './create-checkout';
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
    expect(() => checkoutUrlFrom(data)).toThrow(ApiError);
    let thrown: unknown;
    try {
      checkoutUrlFrom(data);
    } catch (error) {
      thrown = error;
    }
    expect(checkoutErrorToast(thrown)).toEqual({ title: 'Payment Error', message });
  });
});

describe('checkoutErrorToast', () => {
  it('words a refusal as a Payment Error in the server’s words', () => {
    const refused = new ApiError({ status: 400, code: 'invalid_request', message: 'Too little.' });
    expect(checkoutErrorToast(refused)).toEqual({ title: 'Payment Error', message: 'Too little.' });
  });

  it('words no answer, or an unexpected failure, as a Payment Failed', () => {
    const unanswered = new ApiError({ status: 0, code: 'network_error', message: '' });
    expect(checkoutErrorToast(unanswered)).toEqual({
      title: 'Payment Failed',
      message: checkoutMessages.exception,
    });
    expect(checkoutErrorToast(new Error('Boom'))).toEqual({
      title: 'Payment Failed',
      message: 'Boom',
    });
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
