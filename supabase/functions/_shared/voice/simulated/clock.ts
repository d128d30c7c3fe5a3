/**
 * The simulated phone network's compressed clock. A call's script is written in simulated
 * seconds (what the call reports: a 74-second conversation ends 74 s after it was answered);
 * the clock plays it `speed` times faster on the wall, so a minute-long call is delivered in a
 * couple of seconds. Timestamps the network reports are simulated: they advance at the simulated
 * rate, on a timeline placed in the past (`callTimeline`) so that nothing is reported before it
 * happened on the wall clock.
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

/**
 * One call's simulated timeline. A call played `speed` times faster than it reports would, if its
 * simulated time started at the wall time of its creation, report an end up to a minute after the
 * wall-clock "now" of the report. So the timeline starts earlier, by the simulated span less the
 * wall time it takes to play (`leadMs`): the last instant it reports (`spanSeconds` after the first
 * step, plus `trailingMs`) is then the wall time at which it is reported, and every earlier report
 * is at or before its own wall time. Durations stay as scripted.
 */
export type CallTimeline = {
  /** The simulated instant of the call's creation (what `createdAt` reports). */
  createdAt: number;
  /** The simulated instant `simSeconds` after the first step (wall `setupMs` after creation). */
  at(simSeconds: number): number;
  /** The simulated instant of a wall-clock instant (a hang-up), never before `createdAt`. */
  simAt(wallMs: number): number;
  /** Wall-clock instant at which the step `simSeconds` after the first is due. */
  dueAt(simSeconds: number): number;
};

export function callTimeline(
  clock: CompressedClock,
  options: { createdWallMs: number; setupMs: number; spanSeconds: number; trailingMs?: number },
): CallTimeline {
  const { createdWallMs, setupMs, spanSeconds } = options;
  const leadMs =
    Math.max(0, spanSeconds * 1000 - clock.wallMs(spanSeconds)) + (options.trailingMs ?? 0);
  const createdAt = createdWallMs - leadMs;
  const firstStep = createdAt + setupMs;
  return {
    createdAt,
    at: (simSeconds) => clock.at(firstStep, simSeconds),
    simAt: (wallMs) =>
      Math.max(
        createdAt,
        Math.round(firstStep + clock.simSeconds(wallMs - createdWallMs - setupMs) * 1000),
      ),
    dueAt: (simSeconds) => createdWallMs + setupMs + clock.wallMs(simSeconds),
  };
}

/** STACK_VOICE_SPEED: the compression factor (default 30: a 60 s call plays in 2 s). */
export function voiceSpeedFromEnv(env: Record<string, string | undefined>): number {
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
