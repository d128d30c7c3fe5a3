import { randomInt } from 'node:crypto';
import { TEST_PORTS } from './stack';

/** A fresh dialable US number (NANP: area and exchange codes start 2–9), unique per call. */
export function uniqueUsPhone(): string {
  return `+1${randomInt(200, 999)}${randomInt(200, 999)}${String(randomInt(0, 10_000)).padStart(4, '0')}`;
}

export const twilioUrl = `http://127.0.0.1:${TEST_PORTS.twilio}`;
