import { callTimeline, createCompressedClock, sleep, voiceSpeedFromEnv } from './clock.ts';

describe('compressed clock', () => {
  it('plays simulated seconds `speed` times faster on the wall', () => {
    const clock = createCompressedClock(30);
    expect(clock.wallMs(60)).toBe(2000);
    expect(clock.simSeconds(2000)).toBe(60);
    expect(clock.at(1_000_000, 74.5)).toBe(1_074_500);
  });

  it('refuses a speed that is not positive', () => {
    expect(() => createCompressedClock(0)).toThrow(/positive/);
    expect(() => createCompressedClock(Number.NaN)).toThrow(/positive/);
  });

  it('reads STACK_VOICE_SPEED, defaulting to 30', () => {
    expect(voiceSpeedFromEnv({})).toBe(30);
    expect(voiceSpeedFromEnv({ STACK_VOICE_SPEED: '500' })).toBe(500);
    expect(() => voiceSpeedFromEnv({ STACK_VOICE_SPEED: 'fast' })).toThrow(/STACK_VOICE_SPEED/);
  });

  it('sleep reports whether it was cut short', async () => {
    await expect(sleep(0)).resolves.toBe(true);
    const abort = new AbortController();
    const pending = sleep(60_000, abort.signal);
    abort.abort();
    await expect(pending).resolves.toBe(false);
  });
});

describe("a call's timeline", () => {
  const clock = createCompressedClock(30);
  const created = Date.parse('2026-01-05T12:00:00.000Z');
  const timeline = callTimeline(clock, {
    createdWallMs: created,
    setupMs: 250,
    spanSeconds: 90,
    trailingMs: 1500,
  });

  it('keeps the scripted durations', () => {
    expect(timeline.at(74) - timeline.at(7)).toBe(67_000);
    expect(timeline.at(0) - timeline.createdAt).toBe(250);
  });

  it('reports every step at or before the wall time it is played, the last one (and its trailing report) exactly then', () => {
    for (const simSeconds of [0, 7, 30, 60, 89.5, 90]) {
      expect(timeline.at(simSeconds)).toBeLessThanOrEqual(timeline.dueAt(simSeconds));
    }
    expect(timeline.at(90) + 1500).toBe(timeline.dueAt(90));
    expect(timeline.dueAt(90)).toBe(created + 250 + 3000);
    expect(timeline.createdAt).toBeLessThan(created);
  });

  it('places a hang-up at a simulated instant in the past of its wall time, never before the creation', () => {
    for (const wall of [created, created + 100, created + 1000, created + 3250]) {
      expect(timeline.simAt(wall) + 1500).toBeLessThanOrEqual(wall);
      expect(timeline.simAt(wall)).toBeGreaterThanOrEqual(timeline.createdAt);
    }
    // 1 s of wall after the first step is 30 simulated seconds into the call.
    expect(timeline.simAt(created + 1250)).toBe(timeline.at(30));
  });

  it('stays in the past on a clock slower than the wall', () => {
    const slow = callTimeline(createCompressedClock(0.5), {
      createdWallMs: created,
      setupMs: 0,
      spanSeconds: 10,
      trailingMs: 1500,
    });
    expect(slow.at(10) + 1500).toBeLessThanOrEqual(slow.dueAt(10));
    expect(slow.simAt(created + 5000) + 1500).toBeLessThanOrEqual(created + 5000);
  });
});
