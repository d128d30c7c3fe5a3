import { createCompressedClock, sleep, voiceSpeedFromEnv } from './clock';

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
