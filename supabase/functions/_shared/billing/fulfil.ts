// Fulfilment of a paid Checkout Session, keyed by the session id: the webhook (any event of the
// session, even concurrent ones) and the return-from-checkout confirmation share this one path,
// and record_credit_purchase credits once per payment reference.

/** The fields of a Stripe Checkout Session that fulfilment reads. */
export type CheckoutSessionLike = {
  id: string;
  mode?: string | null;
  status?: string | null;
  payment_status?: string | null;
  amount_total?: number | null;
  currency?: string | null;
  client_reference_id?: string | null;
  metadata?: Record<string, string> | null;
  payment_intent?: string | { id: string } | null;
};

export type RecordPurchase = (purchase: {
  userId: string;
  amount: number;
  reference: string;
  description: string;
  /** The payment provider's receipt page, when it could be read. */
  receiptUrl?: string | null;
}) => Promise<'recorded' | 'duplicate' | 'unknown_user'>;

/** The receipt page of the session's charge, or null (never throws: a receipt never blocks credits). */
export type ReceiptUrlOf = (session: CheckoutSessionLike) => Promise<string | null>;

export type FulfilResult =
  | { status: 'credited' | 'already_credited'; amount: number; userId: string }
  | { status: 'not_paid' | 'unusable'; reason: string };

export const PURCHASE_DESCRIPTION = 'Credit Purchase';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whose purchase this is: metadata.user_id, which client_reference_id must not contradict. */
export function sessionUserId(session: CheckoutSessionLike): string | null {
  const userId = session.metadata?.user_id ?? null;
  if (!userId || !UUID.test(userId)) return null;
  if (session.client_reference_id && session.client_reference_id !== userId) return null;
  return userId;
}

export async function fulfilCheckoutSession(
  session: CheckoutSessionLike,
  recordPurchase: RecordPurchase,
  receiptUrlOf?: ReceiptUrlOf,
): Promise<FulfilResult> {
  if (session.payment_status !== 'paid')
    return {
      status: 'not_paid',
      reason: `payment_status is ${session.payment_status ?? 'missing'}`,
    };
  if (session.mode !== 'payment') return { status: 'unusable', reason: 'not a payment session' };
  if (session.currency !== 'usd') return { status: 'unusable', reason: 'currency is not usd' };
  const cents = session.amount_total;
  if (typeof cents !== 'number' || !Number.isInteger(cents) || cents <= 0)
    return { status: 'unusable', reason: 'no amount_total' };
  const userId = sessionUserId(session);
  if (!userId) return { status: 'unusable', reason: 'no user on the session' };
  const amount = cents / 100;
  const receiptUrl = receiptUrlOf ? await receiptUrlOf(session).catch(() => null) : null;
  const outcome = await recordPurchase({
    userId,
    amount,
    reference: session.id,
    description: PURCHASE_DESCRIPTION,
    receiptUrl,
  });
  if (outcome === 'unknown_user')
    return { status: 'unusable', reason: 'the user no longer exists' };
  return { status: outcome === 'recorded' ? 'credited' : 'already_credited', amount, userId };
}
