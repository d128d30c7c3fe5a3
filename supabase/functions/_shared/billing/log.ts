/** The billing functions log one line; an unexpected error becomes that line. */
export const logTo =
  (log: (message: string) => void) =>
  (message: string, error: unknown): void =>
    log(`${message}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
