import { randomInt } from 'node:crypto';
import {
  checkCallableNumber,
  isTextableVerificationNumber,
} from '../../functions/_shared/contract/phone-number';
import { TEST_PORTS } from './stack';

/**
 * A fresh random US number that the shared number rule accepts (a valid area code and exchange
 * that can receive texts, and that calls may go to: never a 976 pay-per-call exchange), unique
 * per call.
 */
export function uniqueUsPhone(): string {
  for (;;) {
    const phone = `+1${randomInt(200, 999)}${randomInt(200, 999)}${String(randomInt(0, 10_000)).padStart(4, '0')}`;
    if (isTextableVerificationNumber(phone) && checkCallableNumber(phone).allowed) return phone;
  }
}

export const twilioUrl = `http://127.0.0.1:${TEST_PORTS.twilio}`;

// Area codes the shared number rule accepts, all in time zones where noon in Los Angeles (the test
// stacks' calling clock) is within calling hours.
const AREA_CODES = [
  415, 201, 202, 203, 205, 206, 207, 208, 209, 210, 212, 213, 214, 215, 216, 217, 218, 219, 224,
  225, 228, 229, 231, 234, 239, 240, 248, 251, 252, 253, 254, 256, 260, 262, 267, 269, 270, 281,
  301, 302, 303, 304, 305, 307, 308, 309, 310, 312, 313, 314, 315, 316, 317, 318, 319, 320,
];

/**
 * `count` distinct numbers on which the simulated network's callee 555-`digits` (e.g. '0107')
 * behaves the same: it reads only the last digits, so each number gets an area code of its own.
 * An account calls each number once at a time, so rows that must ring together need these.
 */
export function sameCallee(digits: string, count: number): string[] {
  if (count > AREA_CODES.length) throw new Error(`at most ${AREA_CODES.length} numbers`);
  return AREA_CODES.slice(0, count).map((code) => `+1${code}555${digits}`);
}
