// GET /functions/v1/status: the platform's measured health, read by the public /status page.

export type ComponentStatus = 'operational' | 'degraded' | 'down';

/** public.scheduler_health(): did dispatch run in the last minute, and succeed. */
export type SchedulerHealth = {
  status: ComponentStatus;
  last_run_at: string | null;
  last_run_ok: boolean;
  runs_last_hour: number;
  failed_runs_last_hour: number;
  /** When the pg_cron tick last ran (null where there is no tick). */
  last_tick_at: string | null;
  /** An idle scheduler still runs dispatch this often, so silence means broken. */
  heartbeat_seconds: number;
};

export type PlatformStatus = {
  /** The worst of the components. */
  status: ComponentStatus;
  checked_at: string;
  components: {
    /** The API answered, and the database behind it. */
    api: { status: ComponentStatus };
    /** Retries, the watchdog, webhooks, batches and retention. */
    scheduler: SchedulerHealth;
    /** The voice provider answers our key. */
    voice_provider: { status: ComponentStatus; checked_at: string };
  };
  /**
   * Each part of the product that is missing a secret it needs, by name (never a value); empty
   * when everything is configured. Any entry makes the platform at least degraded.
   */
  not_configured: { part: string; missing: string[] }[];
};
