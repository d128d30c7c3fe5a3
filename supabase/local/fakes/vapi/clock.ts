/**
 * The simulated phone network's compressed clock. A call's script is written in simulated
 * seconds (what the call reports: a 74-second conversation ends 74 s after it was answered);
 * the clock plays it `speed` times faster on the wall, so a minute-long call is delivered in a
 * couple of seconds. Timestamps the network reports are simulated: they start at the wall time
 * the call was created and advance at the simulated rate.
 */
export const DEFAULT_VOICE_SPEED = 30;

export type CompressedClock = {
  /** How many simulated seconds pass per wall-clock second. */
  speed: number;
  /** Wall-clock milliseconds that `simSeconds` of simulated time take. */
  wallMs(simSeconds: number): number;
  /** Simulated seconds that `wallMs` of wall-clock time stand for. */
  simSeconds(wallMs: number): number;
  /** The simulated instant (epoch ms) `simSeconds` after the simulated origin `originMs`. */
  at(originMs: number, simSeconds: number): number;
};

export function createCompressedClock(speed: number): CompressedClock {
  if (!Number.isFinite(speed) || speed <= 0)
    throw new Error(`The voice network's speed must be a positive number, got ${speed}`);
  return {
    speed,
    wallMs: (simSeconds) => (simSeconds * 1000) / speed,
    simSeconds: (wallMs) => (wallMs * speed) / 1000,
    at: (originMs, simSeconds) => Math.round(originMs + simSeconds * 1000),
  };
}

/** STACK_VOICE_SPEED: the compression factor (default 30: a 60 s call plays in 2 s). */
export function voiceSpeedFromEnv(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env.STACK_VOICE_SPEED;
  if (raw === undefined || raw === '') return DEFAULT_VOICE_SPEED;
  const speed = Number(raw);
  if (!Number.isFinite(speed) || speed <= 0)
    throw new Error(`STACK_VOICE_SPEED must be a positive number, got "${raw}"`);
  return speed;
}

/**
 * Resolves after `ms` of wall time, or as soon as `signal` aborts; true when the time was
 * reached, false when aborted.
 */
export function sleep(ms: number, signal?: AbortSignal): Promise<boolean> {
  if (signal?.aborted) return Promise.resolve(false);
  return new Promise((resolve) => {
    const timer = setTimeout(
      () => {
        signal?.removeEventListener('abort', onAbort);
        resolve(true);
      },
      Math.max(0, ms),
    );
    const onAbort = () => {
      clearTimeout(timer);
      resolve(false);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}
