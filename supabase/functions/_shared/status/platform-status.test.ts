// @vitest-environment node
import { missingSecrets } from '../platform/required-secrets.ts';
import { createPlatformStatus, type SchedulerHealth } from './platform-status.ts';

const healthy: SchedulerHealth = {
  status: 'operational',
  last_run_at: '2026-11-27T12:00:00.000Z',
  last_run_ok: true,
  runs_last_hour: 120,
  failed_runs_last_hour: 0,
  last_tick_at: '2026-11-27T12:00:03.000Z',
  heartbeat_seconds: 30,
};

function clock(start = Date.parse('2026-11-27T12:00:05Z')) {
  let now = start;
  return { now: () => new Date(now), advance: (ms: number) => (now += ms) };
}

describe('platform status', () => {
  it('is operational only when every component is', async () => {
    const time = clock();
    const status = createPlatformStatus({
      schedulerHealth: async () => healthy,
      voiceReachable: async () => true,
      now: time.now,
    });
    expect(await status.current()).toEqual({
      status: 'operational',
      checked_at: '2026-11-27T12:00:05.000Z',
      components: {
        api: { status: 'operational' },
        scheduler: healthy,
        voice_provider: { status: 'operational', checked_at: '2026-11-27T12:00:05.000Z' },
      },
      not_configured: [],
    });
  });

  it('names the parts missing a secret, and checks no provider it has no key for', async () => {
    const status = createPlatformStatus({
      schedulerHealth: async () => healthy,
      voiceReachable: null,
      notConfigured: () => missingSecrets((name) => (name === 'VAPI_API_KEY' ? undefined : 'set')),
      now: clock().now,
      log: () => {},
    });
    const answer = await status.current();
    expect(answer.status).toBe('down');
    expect(answer.components.voice_provider.status).toBe('down');
    expect(answer.not_configured).toEqual([{ part: 'voice_provider', missing: ['VAPI_API_KEY'] }]);

    const noSms = createPlatformStatus({
      schedulerHealth: async () => healthy,
      voiceReachable: async () => true,
      notConfigured: () => missingSecrets((name) => (name.startsWith('TWILIO_') ? '' : 'set')),
      now: clock().now,
      log: () => {},
    });
    const degraded = await noSms.current();
    expect(degraded.status).toBe('degraded');
    expect(degraded.not_configured).toEqual([
      {
        part: 'text_messages',
        missing: ['TWILIO_ACCOUNT_SID', 'TWILIO_AUTH_TOKEN', 'TWILIO_PHONE_NUMBER'],
      },
    ]);
  });

  it('takes the worst component: a late scheduler degrades, an unreachable provider is down', async () => {
    const late = { ...healthy, status: 'degraded' as const };
    const degraded = createPlatformStatus({
      schedulerHealth: async () => late,
      voiceReachable: async () => true,
      now: clock().now,
    });
    expect((await degraded.current()).status).toBe('degraded');

    const unreachable = createPlatformStatus({
      schedulerHealth: async () => late,
      voiceReachable: async () => {
        throw new Error('connect ECONNREFUSED');
      },
      now: clock().now,
      log: () => {},
    });
    const answer = await unreachable.current();
    expect(answer.status).toBe('down');
    expect(answer.components.voice_provider.status).toBe('down');
  });

  it('says the API is down when the database does not answer', async () => {
    const answer = await createPlatformStatus({
      schedulerHealth: async () => {
        throw new Error('connection refused');
      },
      voiceReachable: async () => true,
      now: clock().now,
      log: () => {},
    }).current();
    expect(answer.components.api.status).toBe('down');
    expect(answer.components.scheduler.status).toBe('down');
    expect(answer.status).toBe('down');
  });

  it('reuses one measurement for 15 s and one provider check for 60 s', async () => {
    const time = clock();
    let schedulerChecks = 0;
    let voiceChecks = 0;
    const status = createPlatformStatus({
      schedulerHealth: async () => (schedulerChecks++, healthy),
      voiceReachable: async () => (voiceChecks++, true),
      now: time.now,
    });
    await Promise.all([status.current(), status.current(), status.current()]);
    expect([schedulerChecks, voiceChecks]).toEqual([1, 1]);
    time.advance(15_000);
    await status.current();
    expect([schedulerChecks, voiceChecks]).toEqual([2, 1]);
    time.advance(45_000);
    await status.current();
    expect([schedulerChecks, voiceChecks]).toEqual([3, 2]);
  });
});
