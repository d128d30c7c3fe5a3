import { describeError } from '../http/errors.ts';

/** The billing functions log one line; an unexpected error becomes that line. */
export const logTo =
  (log: (message: string) => void) =>
  (message: string, error: unknown): void =>
    log(`${message}: ${describeError(error)}`);
