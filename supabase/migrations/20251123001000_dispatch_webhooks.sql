-- Scheduled work of the call API (docs/product-rules.md#retries, #task-statuses-and-outcomes,
-- #events-and-webhooks): the `dispatch`
-- function claims due retries, stuck calls and due webhook deliveries here, each claim under
-- `for update skip locked` with a short lease, so concurrent dispatchers never do a thing twice.
-- Webhook deliveries live in an outbox filled by a trigger on task_events: appending an event to
-- a task with a webhook_url queues its delivery in the same transaction, so none is ever lost.

-- Signing secrets --------------------------------------------------------------------------------

create table public.webhook_secrets (
  user_id uuid primary key references auth.users (id) on delete cascade,
  secret text not null constraint webhook_secrets_format check (secret ~ '^whsec_[A-Za-z0-9+/]{32,}={0,2}$'),
  created_at timestamptz not null default now()
);
comment on table public.webhook_secrets is 'Standard Webhooks signing secret of each account (whsec_ + base64 of 24 random bytes).';

create function private.new_webhook_secret() returns text
language sql
volatile
set search_path = ''
as $$
  select 'whsec_' || encode(extensions.gen_random_bytes(24), 'base64');
$$;

create function private.create_webhook_secret_for_new_user() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  insert into public.webhook_secrets (user_id, secret)
  values (new.id, private.new_webhook_secret())
  on conflict (user_id) do nothing;
  return new;
end;
$$;
-- Described on the function: auth.users belongs to supabase_auth_admin on hosted projects, so a
-- migration may create a trigger on it but not comment on (or alter, or drop) one.
comment on function private.create_webhook_secret_for_new_user() is
  'Trigger on_auth_user_created_webhook_secret (after insert on auth.users): creates the webhook signing secret of a new user.';

create trigger on_auth_user_created_webhook_secret
  after insert on auth.users
  for each row execute function private.create_webhook_secret_for_new_user();

insert into public.webhook_secrets (user_id, secret)
select id, private.new_webhook_secret() from auth.users
on conflict (user_id) do nothing;

create function public.rotate_webhook_secret() returns public.webhook_secrets
language plpgsql
security definer
set search_path = ''
as $$
declare
  uid uuid := auth.uid();
  rotated public.webhook_secrets;
begin
  if uid is null then
    raise exception 'Sign in to rotate the webhook secret' using errcode = '42501';
  end if;
  insert into public.webhook_secrets (user_id, secret, created_at)
  values (uid, private.new_webhook_secret(), now())
  on conflict (user_id) do update set secret = excluded.secret, created_at = excluded.created_at
  returning * into rotated;
  return rotated;
end;
$$;
comment on function public.rotate_webhook_secret() is
  'Replaces the caller''s webhook signing secret; deliveries from then on are signed with the new one.';

-- Outbox -----------------------------------------------------------------------------------------

create table public.webhook_deliveries (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  task_id text not null references public.tasks (id) on delete cascade,
  event_seq integer not null,
  event_type text not null,
  url text not null,
  status text not null default 'pending'
    constraint webhook_deliveries_status_valid check (status in ('pending', 'succeeded', 'failed')),
  attempts integer not null default 0,
  next_attempt_at timestamptz not null default now(),
  locked_until timestamptz,
  last_status_code integer,
  last_error text,
  last_latency_ms integer,
  last_attempt_at timestamptz,
  created_at timestamptz not null default now(),
  unique (task_id, event_seq)
);
comment on column public.webhook_deliveries.locked_until is 'Lease of the dispatcher sending it now, so no other sends it at the same time.';
comment on table public.webhook_deliveries is 'Outbox of task events to POST to the task''s webhook_url; retried with backoff.';

create index webhook_deliveries_due on public.webhook_deliveries (next_attempt_at) where status = 'pending';
create index webhook_deliveries_user_newest on public.webhook_deliveries (user_id, created_at desc);

create table public.webhook_delivery_attempts (
  id bigint generated always as identity primary key,
  delivery_id uuid not null references public.webhook_deliveries (id) on delete cascade,
  number integer not null,
  status_code integer,
  latency_ms integer not null,
  error text,
  created_at timestamptz not null default now()
);
comment on table public.webhook_delivery_attempts is 'Each POST of a webhook delivery: HTTP status, latency, error.';

create index webhook_delivery_attempts_delivery on public.webhook_delivery_attempts (delivery_id, number);

create function private.queue_webhook_delivery() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  task public.tasks%rowtype;
begin
  select * into task from public.tasks where id = new.task_id;
  if task.webhook_url is not null then
    insert into public.webhook_deliveries (user_id, task_id, event_seq, event_type, url)
    values (task.user_id, new.task_id, new.seq, new.type, task.webhook_url)
    on conflict (task_id, event_seq) do nothing;
  end if;
  return new;
end;
$$;

create trigger task_events_queue_webhook
  after insert on public.task_events
  for each row execute function private.queue_webhook_delivery();
comment on trigger task_events_queue_webhook on public.task_events is
  'Queues the webhook delivery of every event of a task with a webhook_url, in the same transaction.';

-- Claims of the dispatcher -----------------------------------------------------------------------

alter table public.tasks add column watchdog_checked_at timestamptz;
comment on column public.tasks.watchdog_checked_at is 'When the watchdog last claimed this task (a lease against concurrent dispatchers).';

create function public.dispatch_claim_retries(p_now timestamptz, p_limit integer) returns setof text
language sql
set search_path = ''
as $$
  -- Pushing next_attempt_at a minute ahead is the lease: another dispatcher no longer sees the
  -- task as due, and task_begin_attempt opens the attempt once in any case.
  with due as (
    select id from public.tasks
     where status = 'retry_scheduled' and next_attempt_at <= p_now
     order by next_attempt_at
     limit p_limit
     for update skip locked
  )
  update public.tasks t set next_attempt_at = p_now + interval '1 minute'
    from due where t.id = due.id
  returning t.id;
$$;
comment on function public.dispatch_claim_retries(timestamptz, integer) is
  'Claims the tasks whose retry is due (skip locked, one-minute lease); dispatch then places their next attempt.';

create function public.dispatch_claim_stuck(
  p_now timestamptz, p_margin_minutes integer, p_ring_timeout_minutes integer, p_limit integer
) returns table (task_id text, attempt integer, provider_call_id text, provider_control_url text, status text)
language sql
set search_path = ''
as $$
  with stuck as (
    select t.id from public.tasks t
      left join public.task_attempts a on a.task_id = t.id and a.number = t.current_attempt
     where t.status in ('queued', 'ringing', 'in_progress')
       and (t.watchdog_checked_at is null or t.watchdog_checked_at < p_now - interval '30 seconds')
       and (
         coalesce(a.created_at, t.created_at)
           < p_now - make_interval(mins => t.max_duration_minutes + p_margin_minutes)
         or (t.status in ('queued', 'ringing')
             and coalesce(a.created_at, t.created_at) < p_now - make_interval(mins => p_ring_timeout_minutes))
       )
     order by t.updated_at
     limit p_limit
     for update of t skip locked
  ), claimed as (
    update public.tasks t set watchdog_checked_at = p_now from stuck where t.id = stuck.id
    returning t.id, t.current_attempt, t.status
  )
  select c.id, c.current_attempt, a.provider_call_id, a.provider_control_url, c.status
    from claimed c
    left join public.task_attempts a on a.task_id = c.id and a.number = c.current_attempt;
$$;
comment on function public.dispatch_claim_stuck(timestamptz, integer, integer, integer) is
  'Claims calls past max_duration_minutes plus a margin, or queued/ringing too long, for the watchdog (30-second lease).';

create function public.dispatch_claim_deliveries(p_now timestamptz, p_limit integer)
returns setof public.webhook_deliveries
language sql
set search_path = ''
as $$
  -- The lease (20 s) outlasts the 10 s timeout of one POST.
  with due as (
    select id from public.webhook_deliveries
     where status = 'pending' and next_attempt_at <= p_now
       and (locked_until is null or locked_until < now())
     order by next_attempt_at
     limit p_limit
     for update skip locked
  )
  update public.webhook_deliveries d
     set locked_until = now() + interval '20 seconds', attempts = d.attempts + 1
    from due where d.id = due.id
  returning d.*;
$$;
comment on function public.dispatch_claim_deliveries(timestamptz, integer) is
  'Claims due webhook deliveries (skip locked, 20-second lease) and counts the attempt.';

create function public.webhook_delivery_record(
  p_delivery_id uuid, p_attempt integer, p_status_code integer, p_latency_ms integer, p_error text, p_now timestamptz
) returns text
language plpgsql
set search_path = ''
as $$
declare
  ok boolean := p_status_code between 200 and 299;
  -- docs/product-rules.md#events-and-webhooks: about 5 s, 1 min, 5 min, 30 min, 2 h after the
  -- failed attempts, then given up.
  backoff integer[] := array[5, 60, 300, 1800, 7200];
  outcome text;
begin
  insert into public.webhook_delivery_attempts (delivery_id, number, status_code, latency_ms, error)
  values (p_delivery_id, p_attempt, p_status_code, p_latency_ms, p_error);
  outcome := case when ok then 'succeeded' when p_attempt > array_length(backoff, 1) then 'failed' else 'pending' end;
  update public.webhook_deliveries
     set status = outcome,
         last_status_code = p_status_code, last_error = p_error, last_latency_ms = p_latency_ms,
         last_attempt_at = p_now, locked_until = null,
         next_attempt_at = case when outcome = 'pending'
           then p_now + make_interval(secs => backoff[p_attempt]) else next_attempt_at end
   where id = p_delivery_id and attempts = p_attempt and status = 'pending';
  return outcome;
end;
$$;
comment on function public.webhook_delivery_record(uuid, integer, integer, integer, text, timestamptz) is
  'Records one POST of a delivery and schedules the next per the backoff, or marks it succeeded or failed.';

create function public.resend_webhook_delivery(p_delivery_id uuid) returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  update public.webhook_deliveries
     set status = 'pending', attempts = 0, next_attempt_at = now(), locked_until = null
   where id = p_delivery_id and user_id = (select auth.uid());
  if not found then
    raise exception 'No such webhook delivery' using errcode = 'P0002';
  end if;
end;
$$;
comment on function public.resend_webhook_delivery(uuid) is
  'Queues one of the caller''s webhook deliveries again, to be sent at the next dispatch.';

-- Grants -----------------------------------------------------------------------------------------

revoke all on public.webhook_secrets, public.webhook_deliveries, public.webhook_delivery_attempts
  from public, anon, authenticated;
grant select on public.webhook_secrets, public.webhook_deliveries, public.webhook_delivery_attempts to authenticated;
grant all on public.webhook_secrets, public.webhook_deliveries, public.webhook_delivery_attempts to service_role;

revoke all on function private.new_webhook_secret() from public, anon, authenticated;
revoke all on function private.create_webhook_secret_for_new_user() from public, anon, authenticated;
revoke all on function private.queue_webhook_delivery() from public, anon, authenticated;
revoke all on function public.rotate_webhook_secret() from public, anon;
grant execute on function public.rotate_webhook_secret() to authenticated;
revoke all on function public.resend_webhook_delivery(uuid) from public, anon;
grant execute on function public.resend_webhook_delivery(uuid) to authenticated;
revoke all on function public.dispatch_claim_retries(timestamptz, integer) from public, anon, authenticated;
revoke all on function public.dispatch_claim_stuck(timestamptz, integer, integer, integer) from public, anon, authenticated;
revoke all on function public.dispatch_claim_deliveries(timestamptz, integer) from public, anon, authenticated;
revoke all on function public.webhook_delivery_record(uuid, integer, integer, integer, text, timestamptz) from public, anon, authenticated;
grant execute on function public.dispatch_claim_retries(timestamptz, integer) to service_role;
grant execute on function public.dispatch_claim_stuck(timestamptz, integer, integer, integer) to service_role;
grant execute on function public.dispatch_claim_deliveries(timestamptz, integer) to service_role;
grant execute on function public.webhook_delivery_record(uuid, integer, integer, integer, text, timestamptz) to service_role;

-- Policies ---------------------------------------------------------------------------------------

alter table public.webhook_secrets enable row level security;
alter table public.webhook_deliveries enable row level security;
alter table public.webhook_delivery_attempts enable row level security;

create policy "Users can read their own webhook secret"
  on public.webhook_secrets for select
  to authenticated
  using (user_id = (select auth.uid()));

create policy "Users can read their own webhook deliveries"
  on public.webhook_deliveries for select
  to authenticated
  using (user_id = (select auth.uid()));

create policy "Users can read the attempts of their own webhook deliveries"
  on public.webhook_delivery_attempts for select
  to authenticated
  using (exists (select 1 from public.webhook_deliveries d where d.id = delivery_id and d.user_id = (select auth.uid())));
