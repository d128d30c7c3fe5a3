import { randomBytes } from 'node:crypto';

/** A Stripe-looking object id: the prefix, then random letters and digits. */
export const id = (prefix: string, length = 24) => {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  return prefix + [...randomBytes(length)].map((b) => alphabet[b % alphabet.length]).join('');
};
