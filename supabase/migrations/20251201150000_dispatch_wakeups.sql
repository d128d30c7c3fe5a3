-- Ported into supabase/schemas (09-dispatch-and-webhooks, 11-sms: dispatch_work_due and its index).
-- Dispatch runs when there is work, not on every tick (docs/decisions/0028-dispatch-woken-by-the-database.md).
--   * pg_cron runs `private.dispatch_tick()` every 5 seconds: plain SQL inside the database, no
--     function invocation. It calls `dispatch` through pg_net only when work is due (scheduled
--     tasks whose time came, due retries, batch tasks waiting for a line, due webhook deliveries,
--     recording copies to retry, unsent SMS results, live calls the watchdog has not looked at
--     for 15 seconds) or when no run has been recorded for 30 seconds (the heartbeat: retention,
--     and proof to the health check that the whole chain works).
--   * The database wakes `dispatch` itself the moment work appears (a line frees while batch
--     tasks wait, a webhook delivery is queued): `private.wake_dispatch`, through pg_net, skipped
--     while a request to dispatch still waits in pg_net's queue (it will see this work too).
--   * At rest that is one invocation per 30 seconds: 2,880 a day, 86,400 in a 30-day month.
--   * The local stack has the same pg_cron, pg_net and Vault (supabase/local/sql/cron-net-vault.sql
--     and scheduler.ts), so it runs this very path.

-- Tables -----------------------------------------------------------------------------------------

create table private.scheduler_state (
  id boolean primary key default true constraint scheduler_state_one_row check (id),
  last_tick_at timestamptz,
  last_wake_at timestamptz,
  last_wake_reason text
);
insert into private.scheduler_state (id) values (true);
comment on table private.scheduler_state is
  'One row: when the pg_cron tick last ran and what it last woke dispatch for (the health check reads it).';

create index sms_task_notifications_unsent on public.sms_task_notifications (created_at)
  where sent_at is null;

-- Functions --------------------------------------------------------------------------------------

create function private.dispatch_work_due(p_now timestamptz, p_last_run_at timestamptz)
returns text
language sql
stable
set search_path = ''
as $$
  select case
    when p_last_run_at is null or p_last_run_at < p_now - interval '30 seconds' then 'heartbeat'
    when exists (select 1 from public.tasks
                  where status = 'retry_scheduled' and next_attempt_at <= p_now) then 'retries'
    when exists (select 1 from public.tasks
                  where status = 'scheduled' and scheduled_for <= p_now) then 'scheduled'
    when exists (select 1 from public.tasks
                  where status = 'queued' and awaiting_slot) then 'waiting_tasks'
    when exists (select 1 from public.webhook_deliveries
                  where status = 'pending' and next_attempt_at <= p_now
                    and (locked_until is null or locked_until < p_now)) then 'webhooks'
    when exists (select 1 from private.task_recordings
                  where status = 'pending' and next_copy_at <= p_now) then 'recording_copies'
    when exists (select 1 from public.sms_task_notifications n
                   join public.tasks t on t.id = n.task_id
                  where n.sent_at is null
                    and t.status in ('success', 'no_answer', 'busy', 'voicemail', 'failed', 'canceled'))
      then 'sms_results'
    -- The watchdog's earliest case is 15 seconds (a call accepted but never placed).
    when p_last_run_at < p_now - interval '15 seconds'
         and (exists (select 1 from public.tasks
                       where status in ('queued', 'ringing', 'in_progress') and not awaiting_slot)
              or exists (select 1 from public.task_attempts where settled_at is null))
      then 'live_calls'
  end;
$$;
comment on function private.dispatch_work_due(timestamptz, timestamptz) is
  'Why dispatch should run now (heartbeat, retries, scheduled, waiting_tasks, webhooks, recording_copies, sms_results, live_calls), or null when there is nothing to do.';

create function private.wake_dispatch(p_reason text) returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  project_url text;
  secret_key text;
  target text;
begin
  if to_regprocedure('net.http_post(text,jsonb,jsonb,jsonb,integer)') is null
     or to_regclass('vault.decrypted_secrets') is null then
    return;
  end if;
  select decrypted_secret into project_url from vault.decrypted_secrets where name = 'project_url';
  select decrypted_secret into secret_key from vault.decrypted_secrets where name = 'service_role_key';
  if project_url is null or secret_key is null then
    raise warning 'wake_dispatch: Vault has no project_url or service_role_key; dispatch cannot be called';
    return;
  end if;
  target := rtrim(project_url, '/') || '/functions/v1/dispatch';
  -- A request still in pg_net's queue has not reached dispatch yet: that run sees this work too.
  -- (Should the queue not be readable, every wake-up is sent: dispatch is safe concurrently.)
  begin
    if exists (select 1 from net.http_request_queue q where q.url = target) then
      return;
    end if;
  exception when insufficient_privilege or undefined_table then
    null;
  end;
  perform net.http_post(
    url := target,
    body := jsonb_build_object('reason', p_reason),
    headers := jsonb_build_object('Content-Type', 'application/json', 'apikey', secret_key),
    timeout_milliseconds := 55000
  );
exception when others then
  -- Never fails the transaction that asked (a call's end, a queued webhook): the tick retries.
  raise warning 'wake_dispatch: %', sqlerrm;
end;
$$;
comment on function private.wake_dispatch(text) is
  'Asks for a dispatch run now through pg_net (URL and secret key from Vault), unless one is already queued; never fails the caller.';

create function private.dispatch_tick() returns text
language plpgsql
security definer
set search_path = ''
as $$
declare
  state private.scheduler_state%rowtype;
  last_run timestamptz;
  reason text;
begin
  select * into state from private.scheduler_state for update;
  select max(finished_at) into last_run from private.dispatch_runs;
  reason := private.dispatch_work_due(now(), last_run);
  -- A wake-up not answered by a run yet is still on its way (pg_net sending it, dispatch
  -- starting): no second one for 10 seconds, however many ticks pass meanwhile.
  if reason is not null and state.last_wake_at is not null
     and state.last_wake_at > coalesce(last_run, '-infinity')
     and state.last_wake_at > now() - interval '10 seconds' then
    reason := null;
  end if;
  if reason is not null then
    perform private.wake_dispatch(reason);
  end if;
  update private.scheduler_state
     set last_tick_at = now(),
         last_wake_at = case when reason is null then last_wake_at else now() end,
         last_wake_reason = coalesce(reason, last_wake_reason);
  return reason;
end;
$$;
comment on function private.dispatch_tick() is
  'The pg_cron job: wakes dispatch when work is due or for the 30-second heartbeat; returns why, or null.';

-- The two existing wake-ups (a queued webhook delivery, a freed line with batch tasks waiting)
-- now go through wake_dispatch; the NOTIFY they also sent had a listener only locally.
create or replace function private.request_dispatch() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform private.wake_dispatch(tg_table_name);
  return null;
end;
$$;
comment on function private.request_dispatch() is
  'Trigger: asks for a dispatch run now (private.wake_dispatch); never fails the caller.';

create or replace function private.request_dispatch_now() returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform private.wake_dispatch('call_slots');
end;
$$;
comment on function private.request_dispatch_now() is
  'Asks for a dispatch run now because a line freed while tasks wait (private.wake_dispatch); never fails the caller.';

create or replace function public.scheduler_health(p_now timestamptz default now())
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
      -- Dispatch still runs when woken, but the tick (retries, heartbeat, watchdog) stopped.
      when state.last_tick_at is not null and p_now - state.last_tick_at > interval '1 minute' then 'degraded'
      else 'operational'
    end,
    'last_run_at', last_run.finished_at,
    'last_run_ok', last_run.error is null and last_run.finished_at is not null,
    'last_tick_at', state.last_tick_at,
    'heartbeat_seconds', 30,
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
  ) as last_run on true
  left join private.scheduler_state state on true;
$$;
comment on function public.scheduler_health(timestamptz) is
  'Public: operational while dispatch ran in the last minute (a 30-second heartbeat when idle) and succeeded and the tick runs; degraded when late, failing or not ticking; down when it never ran.';

-- Grants -----------------------------------------------------------------------------------------

revoke all on function private.dispatch_work_due(timestamptz, timestamptz) from public, anon, authenticated;
revoke all on function private.wake_dispatch(text) from public, anon, authenticated;
revoke all on function private.dispatch_tick() from public, anon, authenticated;
revoke all on function public.scheduler_health(timestamptz) from public;
grant execute on function public.scheduler_health(timestamptz) to anon, authenticated, service_role;

-- The schedule -----------------------------------------------------------------------------------

-- pg_cron replaces the job of the same name: the 5-second POST becomes the 5-second tick.
do $migration$
begin
  if to_regnamespace('cron') is null
     and exists (select 1 from pg_available_extensions where name = 'pg_cron') then
    create extension pg_cron;
  end if;
  if to_regnamespace('net') is null
     and exists (select 1 from pg_available_extensions where name = 'pg_net') then
    create extension pg_net;
  end if;
  if to_regnamespace('cron') is null or to_regnamespace('net') is null
     or to_regnamespace('vault') is null then
    raise notice 'pg_cron, pg_net or Vault missing: dispatch is not scheduled in the database';
    return;
  end if;
  perform cron.schedule('dialwise-dispatch', '5 seconds', $job$ select private.dispatch_tick() $job$);
end;
$migration$;
