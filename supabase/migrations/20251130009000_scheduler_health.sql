-- Scheduler health: every run of `dispatch` is recorded (what it did, or why it failed) and kept
-- for a day, so a schedule that stopped or fails shows at once on /status instead of silently
-- stopping retries, the watchdog, webhooks, batches and retention.

create table private.dispatch_runs (
  id bigint generated always as identity primary key,
  started_at timestamptz not null,
  finished_at timestamptz not null default now(),
  -- What the run did (counts per kind of work); null when it failed.
  report jsonb,
  -- Why the run failed; null when it succeeded.
  error text,
  constraint dispatch_runs_report_or_error check ((report is null) <> (error is null))
);
create index dispatch_runs_finished_at on private.dispatch_runs (finished_at desc);
comment on table private.dispatch_runs is
  'One row per dispatch run of the last day: its report, or its error. Read by public.scheduler_health().';

create function public.dispatch_record_run(p_started_at timestamptz, p_report jsonb, p_error text)
returns void
language sql
security definer
set search_path = ''
as $$
  delete from private.dispatch_runs where finished_at < now() - interval '1 day';
  insert into private.dispatch_runs (started_at, report, error)
  values (p_started_at, case when p_error is null then coalesce(p_report, '{}'::jsonb) end, p_error);
$$;
comment on function public.dispatch_record_run(timestamptz, jsonb, text) is
  'Called by dispatch at the end of every run (service role only); keeps a day of runs.';

create function public.scheduler_health(p_now timestamptz default now())
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select jsonb_build_object(
    'status', case
      when last_run.finished_at is null then 'down'
      when p_now - last_run.finished_at > interval '1 minute' then 'degraded'
      when last_run.error is not null then 'degraded'
      else 'operational'
    end,
    'last_run_at', last_run.finished_at,
    'last_run_ok', last_run.error is null and last_run.finished_at is not null,
    'runs_last_hour', (
      select count(*) from private.dispatch_runs r where r.finished_at > p_now - interval '1 hour'
    ),
    'failed_runs_last_hour', (
      select count(*) from private.dispatch_runs r
       where r.finished_at > p_now - interval '1 hour' and r.error is not null
    )
  )
  from (select 1) as one
  left join lateral (
    select r.finished_at, r.error from private.dispatch_runs r order by r.finished_at desc limit 1
  ) as last_run on true;
$$;
comment on function public.scheduler_health(timestamptz) is
  'Public: whether the scheduler ran in the last minute and succeeded (operational), is late or failing (degraded), or never ran (down).';

create function public.dispatch_last_run()
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select to_jsonb(r) - 'id' from private.dispatch_runs r order by r.finished_at desc limit 1;
$$;
comment on function public.dispatch_last_run() is
  'The last dispatch run with its report or error, for operators (service role only).';

revoke all on function public.dispatch_record_run(timestamptz, jsonb, text) from public, anon, authenticated;
grant execute on function public.dispatch_record_run(timestamptz, jsonb, text) to service_role;
revoke all on function public.dispatch_last_run() from public, anon, authenticated;
grant execute on function public.dispatch_last_run() to service_role;
revoke all on function public.scheduler_health(timestamptz) from public;
grant execute on function public.scheduler_health(timestamptz) to anon, authenticated, service_role;

-- Hosted: pg_cron keeps a row per job run in cron.job_run_details (17,280 a day for a job every
-- 5 seconds); a daily job keeps one day of it.
do $migration$
begin
  if not exists (select 1 from pg_namespace where nspname = 'cron') then
    raise notice 'pg_cron missing: no purge of its run history is scheduled';
    return;
  end if;
  perform cron.schedule(
    'dialwise-cron-history',
    '17 3 * * *',
    $job$ delete from cron.job_run_details where end_time < now() - interval '1 day' $job$
  );
end;
$migration$;
