// Purchase amount rules: whole dollars from 10 to 500, 1 dollar = 1 credit. The same
// messages as the app's form, so the function never trusts the browser's check.
export const PURCHASE_MIN_USD = 10;
export const PURCHASE_MAX_USD = 500;

export type AmountCheck = { ok: true; dollars: number } | { ok: false; message: string };

export function checkPurchaseAmount(value: unknown): AmountCheck {
  if (value === undefined || value === null || value === '')
    return { ok: false, message: 'amount is required' };
  if (typeof value !== 'number' || !Number.isFinite(value) || !Number.isInteger(value))
    return { ok: false, message: 'Amount must be a whole number' };
  if (value < PURCHASE_MIN_USD) return { ok: false, message: 'Minimum purchase is $10' };
  if (value > PURCHASE_MAX_USD) return { ok: false, message: 'Maximum purchase is $500' };
  return { ok: true, dollars: value };
}
