import type { Db } from '../db.ts';
import type { RecordPurchase } from './fulfil.ts';

/** record_credit_purchase (service role): true when recorded now, false when already recorded. */
export function recordPurchaseWith(admin: Db): RecordPurchase {
  return async ({ userId, amount, reference, description, receiptUrl }) => {
    const { data, error } = await admin.rpc('record_credit_purchase', {
      p_user_id: userId,
      p_amount: amount,
      p_payment_reference: reference,
      p_description: description,
    });
    if (error) {
      // 23503: the profile is gone (account deleted); 23505 cannot happen (on conflict do nothing).
      if (error.code === '23503') return 'unknown_user';
      throw new Error(`record_credit_purchase failed: ${error.message}`);
    }
    // The receipt is kept beside the purchase whichever path (webhook or return) recorded it.
    if (receiptUrl) {
      const saved = await admin
        .from('credit_purchases')
        .update({ receipt_url: receiptUrl })
        .eq('payment_reference', reference)
        .is('receipt_url', null);
      if (saved.error) console.error(`receipt_url not saved: ${saved.error.message}`);
    }
    return data === true ? 'recorded' : 'duplicate';
  };
}
