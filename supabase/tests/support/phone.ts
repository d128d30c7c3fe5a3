import { randomInt } from 'node:crypto';
import { isTextableVerificationNumber } from '../../functions/_shared/contract/phone-number';
import { TEST_PORTS } from './stack';

/**
 * A fresh random US number that the shared number rule accepts (a valid area code and exchange
 * that can receive texts), unique per call.
 */
export function uniqueUsPhone(): string {
  for (;;) {
    const phone = `+1${randomInt(200, 999)}${randomInt(200, 999)}${String(randomInt(0, 10_000)).padStart(4, '0')}`;
    if (isTextableVerificationNumber(phone)) return phone;
  }
}

export const twilioUrl = `http://127.0.0.1:${TEST_PORTS.twilio}`;
