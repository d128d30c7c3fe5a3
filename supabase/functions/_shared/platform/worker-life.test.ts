// @vitest-environment node
import {
  speedWithinWorker,
  WORKER_END_MARGIN_MS,
  withinWorkerLife,
  workerWallClockMs,
} from './worker-life.ts';

describe("a worker's life", () => {
  it('is the plan’s wall clock: 150 s unless WORKER_WALL_CLOCK_SECONDS says otherwise', () => {
    expect(workerWallClockMs(() => undefined)).toBe(150_000);
    expect(workerWallClockMs(() => '400')).toBe(400_000);
    expect(workerWallClockMs(() => 'soon')).toBe(150_000);
  });

  it('shortens a wait or a stream to end before the worker does', () => {
    expect(withinWorkerLife(60_000, 140_000)).toBe(60_000);
    expect(withinWorkerLife(60_000, 20_000)).toBe(20_000 - WORKER_END_MARGIN_MS);
    expect(withinWorkerLife(60_000, 1_000)).toBe(0);
  });

  it('plays the longest test call within half a worker’s life, never slower than asked', () => {
    const longest = 30 * 60 + 60;
    // The free plan's 150 s: the default speed of 30 already plays it in 62 s, under 72 s.
    expect(speedWithinWorker(30, longest, 150_000)).toBe(30);
    const fast = speedWithinWorker(1, longest, 14_000);
    expect((longest * 1000) / fast).toBeLessThanOrEqual(14_000 / 2 - WORKER_END_MARGIN_MS);
  });
});
