import { createHash, randomBytes, randomInt } from 'node:crypto';

/** GoTrue's token hash: sha224 of e-mail + one-time code, sent in links. */
export const tokenHash = (email: string, otp: string) =>
  createHash('sha224')
    .update(email.toLowerCase() + otp)
    .digest('hex');
/** A six-digit one-time code. */
export const newOtp = () => String(randomInt(0, 1_000_000)).padStart(6, '0');
export const newRefreshToken = () => randomBytes(18).toString('base64url');
