// The platform's measured health, for the public /status page: the API (this answer itself, and
// the database behind it), the scheduler (public.scheduler_health: did dispatch run in the last
// minute, and succeed) and the voice provider (reachable with our key). Nothing here is typed in
// by hand: a component is only as healthy as its last check.
import type {
  ComponentStatus,
  PlatformStatus,
  SchedulerHealth,
} from '../contract/platform-status.ts';

export type { PlatformStatus, SchedulerHealth };

export type PlatformStatusDeps = {
  schedulerHealth: () => Promise<SchedulerHealth>;
  /** True when the voice provider answers our key; null when it has no key to check. */
  voiceReachable: (() => Promise<boolean>) | null;
  /** The parts missing a secret (platform/required-secrets.ts). */
  notConfigured?: () => PlatformStatus['not_configured'];
  now: () => Date;
  /** How long one answer is reused (the page is public: nobody can make us query per request). */
  cacheMs?: number;
  /** How long one provider check is reused. */
  voiceCacheMs?: number;
  log?: (line: string) => void;
};

const RANK: Record<ComponentStatus, number> = { operational: 0, degraded: 1, down: 2 };

const worst = (statuses: ComponentStatus[]) =>
  statuses.reduce((a, b) => (RANK[b] > RANK[a] ? b : a), 'operational');

const SCHEDULER_UNKNOWN: SchedulerHealth = {
  status: 'down',
  last_run_at: null,
  last_run_ok: false,
  runs_last_hour: 0,
  failed_runs_last_hour: 0,
  last_tick_at: null,
  heartbeat_seconds: 30,
};

export function createPlatformStatus(deps: PlatformStatusDeps) {
  const cacheMs = deps.cacheMs ?? 15_000;
  const voiceCacheMs = deps.voiceCacheMs ?? 60_000;
  const log = deps.log ?? ((line: string) => console.error(line));
  let cached: { at: number; value: Promise<PlatformStatus> } | null = null;
  let voice: { at: number; checkedAt: string; value: Promise<boolean> } | null = null;

  function voiceCheck() {
    const now = deps.now();
    if (!voice || now.getTime() - voice.at >= voiceCacheMs) {
      const reachable = deps.voiceReachable;
      if (!reachable) {
        voice = { at: now.getTime(), checkedAt: now.toISOString(), value: Promise.resolve(false) };
        return voice;
      }
      const value = reachable().catch((error: Error) => {
        log(`[status] voice provider check failed: ${error.message}`);
        return false;
      });
      voice = { at: now.getTime(), checkedAt: now.toISOString(), value };
    }
    return voice;
  }

  async function measure(): Promise<PlatformStatus> {
    const checkedAt = deps.now().toISOString();
    const voiceNow = voiceCheck();
    let api: ComponentStatus = 'operational';
    let scheduler = SCHEDULER_UNKNOWN;
    try {
      scheduler = await deps.schedulerHealth();
    } catch (error) {
      // The database did not answer: the API cannot serve calls either.
      log(`[status] scheduler health unavailable: ${(error as Error).message}`);
      api = 'down';
    }
    const voiceStatus: ComponentStatus = (await voiceNow.value) ? 'operational' : 'down';
    const notConfigured = deps.notConfigured?.() ?? [];
    if (notConfigured.length)
      log(
        `[status] not configured: ${notConfigured.map((p) => `${p.part} (${p.missing.join(', ')})`).join('; ')}`,
      );
    return {
      status: worst([
        api,
        scheduler.status,
        voiceStatus,
        notConfigured.length ? 'degraded' : 'operational',
      ]),
      checked_at: checkedAt,
      components: {
        api: { status: api },
        scheduler,
        voice_provider: { status: voiceStatus, checked_at: voiceNow.checkedAt },
      },
      not_configured: notConfigured,
    };
  }

  return {
    current(): Promise<PlatformStatus> {
      const now = deps.now().getTime();
      if (!cached || now - cached.at >= cacheMs) cached = { at: now, value: measure() };
      return cached.value;
    },
  };
}
