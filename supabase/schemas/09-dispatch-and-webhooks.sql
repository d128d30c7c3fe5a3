-- Scheduled work of the call API (docs/product-rules.md#retries, #task-statuses-and-outcomes,
-- #events-and-webhooks): the `dispatch`
-- function claims due retries, stuck calls and due webhook deliveries here, each claim under
-- `for update skip locked` with a short lease, so concurrent dispatchers never do a thing twice.
-- Webhook deliveries live in an outbox filled by a trigger on task_events: appending an event to
-- a task with a webhook_url queues its delivery in the same transaction, so none is ever lost.

-- Tables -----------------------------------------------------------------------------------------

create table public.webhook_secrets (
  user_id uuid primary key references auth.users (id) on delete cascade,
  secret text not null constraint webhook_secrets_format check (secret ~ '^whsec_[A-Za-z0-9+/]{32,}={0,2}$'),
  created_at timestamptz not null default now()
);
comment on table public.webhook_secrets is 'Standard Webhooks signing secret of each account (whsec_ + base64 of 24 random bytes).';
revoke all on public.webhook_secrets from public, anon, authenticated;
grant select on public.webhook_secrets to authenticated;
grant all on public.webhook_secrets to service_role;
alter table public.webhook_secrets enable row level security;

create policy "Users can read their own webhook secret"
  on public.webhook_secrets for select
  to authenticated
  using (user_id = (select auth.uid()));

-- Account webhook endpoints (docs/decisions/0039-account-webhook-endpoints.md): every event of
-- the account's tasks of the endpoint's mode goes to each enabled endpoint whose filter names it,
-- beside the task's own webhook_url, through the same outbox. Each endpoint signs with its own
-- secret, kept in webhook_endpoint_secrets, which no user can read: it is shown once, when it is
-- made or rolled.
create table public.webhook_endpoints (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  -- Checked by the account function (https, no private, loopback, link-local or reserved target),
  -- and again at every delivery.
  url text not null
    constraint webhook_endpoints_url_length check (char_length(url) between 8 and private.limit_of('webhookUrlMaxLength')),
  description text not null default ''
    constraint webhook_endpoints_description_length check (char_length(description) <= 200),
  -- null: every event type. The types are those of task_events, and the test event.
  event_types text[]
    constraint webhook_endpoints_event_types_valid check (
      event_types is null or (cardinality(event_types) between 1 and 20 and event_types <@ array[
        'task.queued', 'task.scheduled', 'call.ringing', 'call.answered', 'transcript.turn',
        'call.ended', 'task.retry_scheduled', 'task.completed', 'callee.opted_out', 'tool.called',
        'tool.answered', 'knowledge.searched', 'call.transferred', 'keypad.pressed',
        'recording.available', 'recording.failed', 'inbound.started']::text[])),
  enabled boolean not null default true,
  -- Test endpoints receive the events of test tasks, live endpoints those of live tasks.
  livemode boolean not null,
  -- The secret's first characters, to tell endpoints' secrets apart once it is masked.
  secret_hint text not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
comment on table public.webhook_endpoints is
  'An account''s webhook endpoints: each receives every event of the account''s tasks of its mode that its filter names, signed with its own secret.';
comment on column public.webhook_endpoints.event_types is 'The event types sent to this endpoint; null: all of them.';
create index webhook_endpoints_user on public.webhook_endpoints (user_id, created_at);
revoke all on public.webhook_endpoints from public, anon, authenticated;
grant select on public.webhook_endpoints to authenticated;
grant all on public.webhook_endpoints to service_role;
alter table public.webhook_endpoints enable row level security;

create policy "Users can read their own webhook endpoints"
  on public.webhook_endpoints for select
  to authenticated
  using (user_id = (select auth.uid()));

create trigger webhook_endpoints_updated_at
  before update on public.webhook_endpoints
  for each row execute function private.set_updated_at();

create table public.webhook_endpoint_secrets (
  endpoint_id uuid primary key references public.webhook_endpoints (id) on delete cascade,
  secret text not null constraint webhook_endpoint_secrets_format check (secret ~ '^whsec_[A-Za-z0-9+/]{32,}={0,2}$')
);
comment on table public.webhook_endpoint_secrets is
  'The signing secret of each webhook endpoint; read by the dispatcher only (shown to its owner once, when made or rolled).';
revoke all on public.webhook_endpoint_secrets from public, anon, authenticated;
grant all on public.webhook_endpoint_secrets to service_role;
-- Service role only: no user policies.
alter table public.webhook_endpoint_secrets enable row level security;

create table public.webhook_deliveries (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  -- A delivery carries a task's event or a batch's (batch_id, whose foreign key 12-batches.sql adds).
  task_id text references public.tasks (id) on delete cascade,
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
  batch_id text,
  -- The account endpoint this delivery goes to; null: the task's own webhook_url.
  endpoint_id uuid references public.webhook_endpoints (id) on delete cascade,
  -- The start of the receiver's last answer, to show beside its status code.
  last_response text,
  -- The body of an event that is no task's or batch's (an endpoint's test event).
  payload jsonb,
  constraint webhook_deliveries_of_task_or_batch check (
    ((task_id is null) <> (batch_id is null) and payload is null)
    or (task_id is null and batch_id is null and endpoint_id is not null and payload is not null)),
  constraint webhook_deliveries_batch_event_once unique (batch_id, event_seq)
);
revoke all on public.webhook_deliveries from public, anon, authenticated;
grant select on public.webhook_deliveries to authenticated;
grant all on public.webhook_deliveries to service_role;
comment on column public.webhook_deliveries.locked_until is 'Lease of the dispatcher sending it now, so no other sends it at the same time.';
comment on table public.webhook_deliveries is 'Outbox of task events to POST to the task''s webhook_url; retried with backoff.';
-- One delivery of each task event to the task's webhook_url, and one to each endpoint.
create unique index webhook_deliveries_task_event_once on public.webhook_deliveries (task_id, event_seq)
  where endpoint_id is null;
create unique index webhook_deliveries_endpoint_event_once on public.webhook_deliveries (task_id, event_seq, endpoint_id);
create index webhook_deliveries_endpoint_newest on public.webhook_deliveries (endpoint_id, created_at desc)
  where endpoint_id is not null;
create index webhook_deliveries_due on public.webhook_deliveries (next_attempt_at) where status = 'pending';
create index webhook_deliveries_user_newest on public.webhook_deliveries (user_id, created_at desc);
alter table public.webhook_deliveries enable row level security;

create policy "Users can read their own webhook deliveries"
  on public.webhook_deliveries for select
  to authenticated
  using (user_id = (select auth.uid()));
comment on column public.webhook_deliveries.batch_id is 'The batch whose event this delivery carries (task_id is then null).';
create index webhook_deliveries_created on public.webhook_deliveries (created_at);

create table public.webhook_delivery_attempts (
  id bigint generated always as identity primary key,
  delivery_id uuid not null references public.webhook_deliveries (id) on delete cascade,
  number integer not null,
  status_code integer,
  latency_ms integer not null,
  error text,
  created_at timestamptz not null default now()
);
revoke all on public.webhook_delivery_attempts from public, anon, authenticated;
grant select on public.webhook_delivery_attempts to authenticated;
grant all on public.webhook_delivery_attempts to service_role;
comment on table public.webhook_delivery_attempts is 'Each POST of a webhook delivery: HTTP status, latency, error.';
create index webhook_delivery_attempts_delivery on public.webhook_delivery_attempts (delivery_id, number);
alter table public.webhook_delivery_attempts enable row level security;

create policy "Users can read the attempts of their own webhook deliveries"
  on public.webhook_delivery_attempts for select
  to authenticated
  using (exists (select 1 from public.webhook_deliveries d where d.id = delivery_id and d.user_id = (select auth.uid())));

-- Technical logs are erased by age: each needs its age indexed.
create index webhook_delivery_attempts_created on public.webhook_delivery_attempts (created_at);
comment on index public.task_attempts_unsettled is 'Attempts not billed yet: the watchdog looks here for ended tasks whose call is still open.';

-- Functions --------------------------------------------------------------------------------------

create function private.new_webhook_secret() returns text
language sql
volatile
set search_path = ''
as $$
  select 'whsec_' || encode(extensions.gen_random_bytes(24), 'base64');
$$;
revoke all on function private.new_webhook_secret() from public, anon, authenticated;

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
revoke all on function private.create_webhook_secret_for_new_user() from public, anon, authenticated;

create trigger on_auth_user_created_webhook_secret
  after insert on auth.users
  for each row execute function private.create_webhook_secret_for_new_user();

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
revoke all on function public.rotate_webhook_secret() from public, anon;
grant execute on function public.rotate_webhook_secret() to authenticated;

-- Deliveries are claimed fairly: the accounts take turns (each account's oldest due first, at
-- most webhookInFlightPerAccount of its deliveries being sent at once) and a destination (an
-- endpoint, or a task's webhook_url) has at most webhookInFlightPerDestination POSTs in flight, so
-- one account's slow receiver or flood of events never holds up another's. The dispatcher sends
-- what it claimed in parallel, each POST within its 10 s timeout; the lease (60 s) outlasts that
-- many times over, so no delivery is claimed again while it is being sent.
create function public.dispatch_claim_deliveries(
  p_now timestamptz, p_limit integer, p_attempted_before timestamptz default null
)
returns setof public.webhook_deliveries
language plpgsql
set search_path = ''
as $$
begin
  -- One claim at a time, so two runs at once cannot both fill a destination's turns.
  perform pg_advisory_xact_lock(hashtextextended('dispatch_claim_deliveries', 0));
  return query
  with in_flight as (
    select d.user_id, coalesce(d.endpoint_id::text, d.url) as destination
      from public.webhook_deliveries d
     where d.status = 'pending' and d.locked_until >= now()
  ), due as (
    select d.id, d.user_id, d.next_attempt_at,
           row_number() over (partition by d.user_id order by d.next_attempt_at, d.id) as account_turn,
           row_number() over (partition by coalesce(d.endpoint_id::text, d.url)
                              order by d.next_attempt_at, d.id) as destination_turn,
           (select count(*) from in_flight f where f.user_id = d.user_id) as account_busy,
           (select count(*) from in_flight f
             where f.destination = coalesce(d.endpoint_id::text, d.url)) as destination_busy
      from public.webhook_deliveries d
     where d.status = 'pending' and d.next_attempt_at <= p_now
       and (d.locked_until is null or d.locked_until < now())
       -- A run sends each delivery at most once: a retry waits for a later run.
       and (p_attempted_before is null or d.last_attempt_at is null
            or d.last_attempt_at < p_attempted_before)
  ), chosen as (
    select due.id from due
     where due.account_turn + due.account_busy <= private.limit_of('webhookInFlightPerAccount')
       and due.destination_turn + due.destination_busy <= private.limit_of('webhookInFlightPerDestination')
     order by due.account_turn, due.next_attempt_at
     limit p_limit
  ), locked as (
    select d.id from public.webhook_deliveries d
     where d.id in (select chosen.id from chosen)
     for update skip locked
  )
  update public.webhook_deliveries d
     set locked_until = now() + interval '60 seconds', attempts = d.attempts + 1
    from locked where d.id = locked.id
  returning d.*;
end;
$$;
comment on function public.dispatch_claim_deliveries(timestamptz, integer, timestamptz) is
  'Claims due webhook deliveries fairly across accounts and destinations (60-second lease) and counts the attempt.';
revoke all on function public.dispatch_claim_deliveries(timestamptz, integer, timestamptz) from public, anon, authenticated;
grant execute on function public.dispatch_claim_deliveries(timestamptz, integer, timestamptz) to service_role;

create function public.webhook_delivery_record(
  p_delivery_id uuid, p_attempt integer, p_status_code integer, p_latency_ms integer, p_error text, p_now timestamptz,
  p_response text default null
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
         last_response = left(p_response, 500), last_attempt_at = p_now, locked_until = null,
         next_attempt_at = case when outcome = 'pending'
           then p_now + make_interval(secs => backoff[p_attempt]) else next_attempt_at end
   where id = p_delivery_id and attempts = p_attempt and status = 'pending';
  return outcome;
end;
$$;
comment on function public.webhook_delivery_record(uuid, integer, integer, integer, text, timestamptz, text) is
  'Records one POST of a delivery (with the start of the answer) and schedules the next per the backoff, or marks it succeeded or failed.';
revoke all on function public.webhook_delivery_record(uuid, integer, integer, integer, text, timestamptz, text) from public, anon, authenticated;
grant execute on function public.webhook_delivery_record(uuid, integer, integer, integer, text, timestamptz, text) to service_role;

-- What an account's people ask for by hand (a test event, a resend) is limited per minute, so a
-- script holding a session cannot fill the shared outbox with free deliveries: counted, or refused
-- (P0001, a message fit to show) past the minute's limit.
create function private.take_manual_send(p_user_id uuid, p_kind text) returns void
language plpgsql
set search_path = ''
as $$
declare
  allowed integer := private.limit_of(case p_kind when 'webhook_test_event' then 'webhookTestEventsPerMinute'
                                                  else 'webhookResendsPerMinute' end);
begin
  if private.take_account_request(p_user_id, p_kind, allowed) is not null then
    raise exception '%', format('At most %s %s a minute per account. Try again in a minute.',
      allowed, case p_kind when 'webhook_test_event' then 'test events' else 'resends' end)
      using errcode = 'P0001';
  end if;
end;
$$;
comment on function private.take_manual_send(uuid, text) is
  'Counts one test event or resend for the account; refuses past its per-minute limit.';
revoke all on function private.take_manual_send(uuid, text) from public, anon, authenticated;

create function public.resend_webhook_delivery(p_delivery_id uuid) returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  if not exists (select 1 from public.webhook_deliveries
                  where id = p_delivery_id and user_id = (select auth.uid())) then
    raise exception 'No such webhook delivery' using errcode = 'P0002';
  end if;
  perform private.take_manual_send((select auth.uid()), 'webhook_resend');
  -- A delivery being sent right now is left to finish; it can be resent once it has answered.
  update public.webhook_deliveries
     set status = 'pending', attempts = 0, next_attempt_at = now(), locked_until = null
   where id = p_delivery_id and user_id = (select auth.uid())
     and (locked_until is null or locked_until < now());
end;
$$;
comment on function public.resend_webhook_delivery(uuid) is
  'Queues one of the caller''s webhook deliveries again, to be sent at the next dispatch.';
revoke all on function public.resend_webhook_delivery(uuid) from public, anon;
grant execute on function public.resend_webhook_delivery(uuid) to authenticated;

-- Account webhook endpoints: made by the account function (which checks the URL, and so is the
-- only caller of webhook_endpoint_create), changed, rolled, tested and deleted by their owner.

create function public.webhook_endpoint_create(
  p_user_id uuid, p_url text, p_description text, p_event_types text[], p_livemode boolean
) returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  made public.webhook_endpoints;
  new_secret text := private.new_webhook_secret();
begin
  -- One account's endpoints are counted under the lock of its profile row.
  perform 1 from public.profiles where id = p_user_id for update;
  if (select count(*) from public.webhook_endpoints where user_id = p_user_id)
       >= private.limit_of('webhookEndpointsPerAccount') then
    raise exception 'An account may have at most % webhook endpoints', private.limit_of('webhookEndpointsPerAccount')
      using errcode = 'P0001', hint = 'too_many_endpoints';
  end if;
  insert into public.webhook_endpoints (user_id, url, description, event_types, livemode, secret_hint)
  values (p_user_id, p_url, coalesce(p_description, ''), p_event_types, p_livemode, left(new_secret, 10))
  returning * into made;
  insert into public.webhook_endpoint_secrets (endpoint_id, secret) values (made.id, new_secret);
  return to_jsonb(made) || jsonb_build_object('secret', new_secret);
end;
$$;
comment on function public.webhook_endpoint_create(uuid, text, text, text[], boolean) is
  'Makes a webhook endpoint with a new signing secret, returned this once (service role: the account function checks the URL first).';
revoke all on function public.webhook_endpoint_create(uuid, text, text, text[], boolean) from public, anon, authenticated;
grant execute on function public.webhook_endpoint_create(uuid, text, text, text[], boolean) to service_role;

create function public.update_webhook_endpoint(
  p_endpoint_id uuid, p_description text, p_event_types text[], p_enabled boolean
) returns public.webhook_endpoints
language plpgsql
security definer
set search_path = ''
as $$
declare
  changed public.webhook_endpoints;
begin
  update public.webhook_endpoints
     set description = coalesce(p_description, description),
         event_types = p_event_types,
         enabled = coalesce(p_enabled, enabled)
   where id = p_endpoint_id and user_id = (select auth.uid())
  returning * into changed;
  if changed.id is null then
    raise exception 'No such webhook endpoint' using errcode = 'P0002';
  end if;
  return changed;
end;
$$;
comment on function public.update_webhook_endpoint(uuid, text, text[], boolean) is
  'Changes one of the caller''s endpoints: description, event filter (null: every event), enabled.';
revoke all on function public.update_webhook_endpoint(uuid, text, text[], boolean) from public, anon;
grant execute on function public.update_webhook_endpoint(uuid, text, text[], boolean) to authenticated;

create function public.delete_webhook_endpoint(p_endpoint_id uuid) returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  delete from public.webhook_endpoints where id = p_endpoint_id and user_id = (select auth.uid());
  if not found then
    raise exception 'No such webhook endpoint' using errcode = 'P0002';
  end if;
end;
$$;
comment on function public.delete_webhook_endpoint(uuid) is
  'Deletes one of the caller''s endpoints, with its secret and deliveries.';
revoke all on function public.delete_webhook_endpoint(uuid) from public, anon;
grant execute on function public.delete_webhook_endpoint(uuid) to authenticated;

create function public.roll_webhook_endpoint_secret(p_endpoint_id uuid) returns text
language plpgsql
security definer
set search_path = ''
as $$
declare
  new_secret text := private.new_webhook_secret();
begin
  update public.webhook_endpoints set secret_hint = left(new_secret, 10)
   where id = p_endpoint_id and user_id = (select auth.uid());
  if not found then
    raise exception 'No such webhook endpoint' using errcode = 'P0002';
  end if;
  update public.webhook_endpoint_secrets set secret = new_secret
   where endpoint_id = p_endpoint_id;
  return new_secret;
end;
$$;
comment on function public.roll_webhook_endpoint_secret(uuid) is
  'Replaces the signing secret of one of the caller''s endpoints and returns the new one, this once; the old one stops at once.';
revoke all on function public.roll_webhook_endpoint_secret(uuid) from public, anon;
grant execute on function public.roll_webhook_endpoint_secret(uuid) to authenticated;

create function public.send_webhook_endpoint_test(p_endpoint_id uuid) returns uuid
language plpgsql
security definer
set search_path = ''
as $$
declare
  endpoint public.webhook_endpoints;
  delivery uuid := gen_random_uuid();
begin
  select * into endpoint from public.webhook_endpoints
   where id = p_endpoint_id and user_id = (select auth.uid());
  if endpoint.id is null then
    raise exception 'No such webhook endpoint' using errcode = 'P0002';
  end if;
  perform private.take_manual_send(endpoint.user_id, 'webhook_test_event');
  -- Sent even to a disabled endpoint, and whatever its filter: it was asked for by name.
  insert into public.webhook_deliveries (id, user_id, event_seq, event_type, url, endpoint_id, payload)
  values (delivery, endpoint.user_id, 0, 'ping', endpoint.url, endpoint.id, jsonb_build_object(
    'id', 0,
    'event_id', 'evt_ping_' || replace(delivery::text, '-', ''),
    'type', 'ping',
    'endpoint_id', endpoint.id,
    'livemode', endpoint.livemode,
    'created_at', now(),
    'data', jsonb_build_object('message', 'A test event from Dialwise: this endpoint receives and verifies its webhooks.')));
  return delivery;
end;
$$;
comment on function public.send_webhook_endpoint_test(uuid) is
  'Queues a test event (type ping) to one of the caller''s endpoints; returns the delivery''s id.';
revoke all on function public.send_webhook_endpoint_test(uuid) from public, anon;
grant execute on function public.send_webhook_endpoint_test(uuid) to authenticated;

-- A queued webhook delivery asks for a dispatch run at once (private.wake_dispatch), so its first
-- attempt is immediate instead of waiting for the next tick. Only when a row was queued: every
-- task event runs the queueing insert, which inserts nothing for an account without endpoints,
-- and a statement trigger fires for an insert of no rows too (a dispatch run for each event of
-- every call, most of the database's work per accept and per transcript turn).
create function private.request_dispatch() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if exists (select 1 from queued) then
    perform private.wake_dispatch(tg_table_name);
  end if;
  return null;
end;
$$;
comment on function private.request_dispatch() is
  'Trigger: asks for a dispatch run now (private.wake_dispatch) when the statement queued a row; never fails the caller.';
revoke all on function private.request_dispatch() from public, anon, authenticated;

create trigger webhook_deliveries_dispatch_at_once
  after insert on public.webhook_deliveries
  referencing new table as queued
  for each statement execute function private.request_dispatch();

create function public.dispatch_claim_retries(p_now timestamptz, p_limit integer) returns setof text
language plpgsql
set search_path = ''
as $$
begin
  -- A retry due outside its calling window waits for the window's opening instead.
  update public.tasks t
     set next_attempt_at = private.task_call_opening(p_now, t)
   where t.status = 'retry_scheduled' and t.next_attempt_at <= p_now
     and private.task_call_opening(p_now, t) > p_now;
  -- Pushing next_attempt_at a minute ahead is the lease: another dispatcher no longer sees the
  -- task as due, and task_begin_attempt opens the attempt once in any case.
  return query
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
end;
$$;
comment on function public.dispatch_claim_retries(timestamptz, integer) is
  'Claims the tasks whose retry is due inside their calling window (skip locked, one-minute lease); later ones wait for the opening.';
revoke all on function public.dispatch_claim_retries(timestamptz, integer) from public, anon, authenticated;
grant execute on function public.dispatch_claim_retries(timestamptz, integer) to service_role;

create function private.request_dispatch_now() returns void
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
revoke all on function private.request_dispatch_now() from public, anon, authenticated;
-- A create or a retry that leaves a free line to another account's turn asks for a dispatch run.
grant execute on function private.request_dispatch_now() to service_role;

-- Provider lines ---------------------------------------------------------------------------------
-- The voice provider's lines, one pool shared fairly by every account
-- (docs/decisions/0027-provider-lines-shared-fairly.md):
--  - the provider allows so many concurrent calls per organisation (Vapi: 10 by default); the whole
--    platform holds at most `private.provider_lines.max_lines` calls that hold a line (queued to be
--    dialled, ringing or talking), on top of each account's 10;
--  - a task that finds no line waits `queued` with awaiting_slot (as a batch row waits for its
--    account's slots), never failed and never refused with 429;
--  - lines are given out fairly: a line goes to the account with the fewest calls holding one, so
--    one account's batch of 1,000 never starves another account's single call;
--  - every decision that gives a line is taken under the lock of the one `provider_lines` row, so
--    two function instances can never pass the cap together;
--  - test calls (livemode false) play on the simulated network: they neither hold nor wait for a
--    line, so no number of free test calls moves a live call's ringing time;
--  - a placement the provider refuses for its own concurrency limit is put back to wait (no
--    attempt is counted, nothing is billed).

create table private.provider_lines (
  singleton boolean primary key default true constraint provider_lines_one_row check (singleton),
  max_lines integer not null default 10
    constraint provider_lines_max_lines_range check (max_lines between 1 and 100000),
  updated_at timestamptz not null default now()
);
comment on table private.provider_lines is
  'The voice provider''s concurrent-call limit for the whole platform (VOICE_MAX_CONCURRENT_CALLS, written by the dispatcher); its one row is also the lock every line decision takes.';
insert into private.provider_lines (singleton) values (true);

-- The calls holding a line, platform-wide and per account, counted from a small index.
create index tasks_holding_line on public.tasks (user_id)
  where status in ('queued', 'ringing', 'in_progress') and not awaiting_slot;


revoke all on private.provider_lines from public, anon, authenticated;
grant select, update on private.provider_lines to service_role;

create function public.provider_lines_configure(p_max_lines integer) returns integer
language plpgsql
set search_path = ''
as $$
begin
  -- Written only when it changed, so the dispatcher's every run costs no row version.
  update private.provider_lines
     set max_lines = p_max_lines, updated_at = now()
   where singleton and max_lines is distinct from p_max_lines;
  return (select max_lines from private.provider_lines where singleton);
end;
$$;
comment on function public.provider_lines_configure(integer) is
  'For the dispatcher: sets the platform''s provider line limit (VOICE_MAX_CONCURRENT_CALLS); returns it.';
revoke all on function public.provider_lines_configure(integer) from public, anon, authenticated;
grant execute on function public.provider_lines_configure(integer) to service_role;

create function private.lock_provider_lines() returns integer
language plpgsql
set search_path = ''
as $$
declare
  max_lines integer;
  holding integer;
begin
  -- Held to the end of the caller's transaction: the count below and the caller's line-taking
  -- write are one decision. Whoever holds it never waits for an account's lock (skip locked), and
  -- whoever holds an account's lock may wait for it, so the two never wait on each other in a
  -- cycle.
  select l.max_lines into max_lines from private.provider_lines l where l.singleton for update;
  select count(*) into holding from public.tasks
   where status in ('queued', 'ringing', 'in_progress') and not awaiting_slot and livemode;
  return coalesce(max_lines, 10) - holding;
end;
$$;
comment on function private.lock_provider_lines() is
  'Locks the provider lines for the transaction and returns how many are free (may be 0 or less).';
revoke all on function private.lock_provider_lines() from public, anon, authenticated;
grant execute on function private.lock_provider_lines() to service_role;

create function private.provider_lines_held(p_user_id uuid) returns integer
language sql
stable
set search_path = ''
as $$
  select count(*)::integer from public.tasks
   where user_id = p_user_id and status in ('queued', 'ringing', 'in_progress')
     and not awaiting_slot and livemode;
$$;
comment on function private.provider_lines_held(uuid) is
  'How many provider lines the account''s live calls hold (test calls hold none).';
revoke all on function private.provider_lines_held(uuid) from public, anon, authenticated;
grant execute on function private.provider_lines_held(uuid) to service_role;

create function private.fairer_claimant_waits(p_user_id uuid) returns boolean
language sql
stable
set search_path = ''
as $$
  -- Another account with fewer calls holding a line has a live task waiting for one: the line is
  -- its.
  with mine as (select private.provider_lines_held(p_user_id) as held)
  select (select held from mine) > 0 and exists (
    select 1
      from (select distinct user_id from public.tasks
             where awaiting_slot and status = 'queued' and livemode and user_id <> p_user_id) w
     where private.provider_lines_held(w.user_id) < (select held from mine)
  );
$$;
comment on function private.fairer_claimant_waits(uuid) is
  'Whether another account, holding fewer provider lines than this one, has a live task waiting for one.';
revoke all on function private.fairer_claimant_waits(uuid) from public, anon, authenticated;
grant execute on function private.fairer_claimant_waits(uuid) to service_role;

create function private.takes_provider_line(p_user_id uuid) returns boolean
language plpgsql
set search_path = ''
as $$
declare
  free integer := private.lock_provider_lines();
begin
  if free <= 0 then
    return false;
  end if;
  if private.fairer_claimant_waits(p_user_id) then
    -- A line is free but is another account's turn: the dispatcher gives it now.
    perform private.request_dispatch_now();
    return false;
  end if;
  return true;
end;
$$;
comment on function private.takes_provider_line(uuid) is
  'For a live call: locks the provider lines and says whether the account may take one now: one is free and no account holding fewer waits for one.';
revoke all on function private.takes_provider_line(uuid) from public, anon, authenticated;
grant execute on function private.takes_provider_line(uuid) to service_role;

-- The account's active calls (activeCallsPerAccount) count the tasks that hold a slot; waiting batch tasks do not.
create function public.dispatch_claim_scheduled(p_now timestamptz, p_limit integer) returns setof text
language plpgsql
set search_path = ''
as $$
declare
  due_id text;
  account uuid;
  active integer;
  placed integer := 0;
  free integer;
  gets_line boolean;
  live boolean;
begin
  -- A task created alone is placed when its window opens if the account has a free call slot
  -- (else it waits) and a provider line is free and is the account's turn (else it joins the
  -- waiting tasks, holding nothing until it is admitted). The lines are locked first and accounts are skipped
  -- while another transaction holds them, so this never waits while it holds the lines.
  if exists (select 1 from public.tasks t
              where t.status = 'scheduled' and t.scheduled_for <= p_now and t.batch_id is null) then
    free := private.lock_provider_lines();
    for account in
      select distinct t.user_id from public.tasks t
       where t.status = 'scheduled' and t.scheduled_for <= p_now and t.batch_id is null
       order by t.user_id
    loop
      exit when placed >= p_limit;
      perform 1 from public.profiles where id = account for update skip locked;
      continue when not found;
      active := private.active_call_count(account);
      for due_id in
        select t.id from public.tasks t
         where t.user_id = account and t.status = 'scheduled' and t.scheduled_for <= p_now
           and t.batch_id is null
           and private.task_call_opening(p_now, t) <= p_now
         order by t.scheduled_for
         limit greatest(0, least(private.limit_of('activeCallsPerAccount') - active, p_limit - placed))
         for update skip locked
      loop
        -- One live call per callee: due again at the next run, once that call has ended.
        live := (select livemode from public.tasks where id = due_id);
        if live then
          perform private.lock_callee((select phone_number from public.tasks where id = due_id));
        end if;
        continue when private.has_live_call(account,
          (select phone_number from public.tasks where id = due_id), live);
        -- A test call needs no line; a live one a free line that is the account's turn.
        gets_line := not live or (free > 0 and not private.fairer_claimant_waits(account));
        -- Placed now: its money is held now (a task left waiting is held when admitted).
        continue when gets_line and not private.hold_or_fail(due_id);
        update public.tasks set status = 'queued', awaiting_slot = not gets_line, updated_at = now()
         where id = due_id;
        perform private.append_task_event(due_id, 'task.queued', '{}'::jsonb);
        if gets_line then
          free := free - case when live then 1 else 0 end;
          active := active + 1;
          placed := placed + 1;
          return next due_id;
        end if;
      end loop;
    end loop;
  end if;
  -- A batch task whose window opened joins its account's waiting tasks; it is placed when a slot
  -- frees (the dispatcher admits waiting tasks after this).
  for due_id in
    select t.id from public.tasks t
     where t.status = 'scheduled' and t.scheduled_for <= p_now and t.batch_id is not null
       and private.task_call_opening(p_now, t) <= p_now
     order by t.scheduled_for
     limit p_limit
     for update skip locked
  loop
    update public.tasks set status = 'queued', awaiting_slot = true, updated_at = now() where id = due_id;
    perform private.append_task_event(due_id, 'task.queued', '{}'::jsonb);
  end loop;
  -- Due but outside the window (a clock that jumped past a whole window): the next opening.
  update public.tasks t
     set scheduled_for = private.task_call_opening(p_now, t)
   where t.id in (
     select d.id from public.tasks d
      where d.status = 'scheduled' and d.scheduled_for <= p_now
        and private.task_call_opening(p_now, d) > p_now
      for update skip locked);
end;
$$;
comment on function public.dispatch_claim_scheduled(timestamptz, integer) is
  'Moves scheduled tasks whose window has opened to queued: a task created alone when its account has a free call slot (returned to place when it also gets a provider line, else waiting for one), a batch task to the waiting tasks (admitted by dispatch_claim_batch_slots).';
revoke all on function public.dispatch_claim_scheduled(timestamptz, integer) from public, anon, authenticated;
grant execute on function public.dispatch_claim_scheduled(timestamptz, integer) to service_role;

create function public.dispatch_claim_stuck(
  p_now timestamptz, p_margin_minutes integer, p_ring_timeout_minutes integer, p_limit integer,
  p_deadline_minutes integer
) returns table (
  task_id text, attempt integer, provider_call_id text, provider_control_url text, status text,
  attempt_created_at timestamptz, past_cap boolean, past_deadline boolean
)
language sql
set search_path = ''
as $$
  -- A batch task waiting for a slot is not stuck, and its clock starts when it gets one.
  with candidates as (
    select id from public.tasks where status in ('queued', 'ringing', 'in_progress') and not awaiting_slot
    union
    select a.task_id from public.task_attempts a where a.settled_at is null
  ), stuck as (
    select t.id from candidates c
      join public.tasks t on t.id = c.id
      left join public.task_attempts a on a.task_id = t.id and a.number = t.current_attempt
     where (t.watchdog_checked_at is null or t.watchdog_checked_at < p_now - interval '30 seconds')
       -- A test browser call has no provider call to ask about: web_calls_end_abandoned ends it.
       and (t.direction <> 'web' or t.livemode)
       and (
         (t.status in ('queued', 'ringing', 'in_progress') and not (t.status = 'queued' and t.awaiting_slot) and (
           -- Accepted, but the placement after the response never happened.
           (t.current_attempt = 0 and coalesce(t.slot_claimed_at, t.created_at) < p_now - interval '15 seconds')
           -- No provider message for a minute: ask whether the call ended (lost end reports).
           or (a.provider_call_id is not null and t.updated_at < p_now - interval '60 seconds')
           or coalesce(a.created_at, t.slot_claimed_at, t.created_at)
                < p_now - make_interval(mins => t.max_duration_minutes + p_margin_minutes)
           or (t.status in ('queued', 'ringing')
               and coalesce(a.created_at, t.slot_claimed_at, t.created_at) < p_now - make_interval(mins => p_ring_timeout_minutes))))
         -- An ended task whose call is still unbilled a minute on.
         or (t.status in ('success', 'no_answer', 'busy', 'voicemail', 'failed', 'canceled')
             and a.settled_at is null and a.task_id is not null
             and greatest(t.updated_at, a.created_at) < p_now - interval '60 seconds')
       )
     order by t.updated_at
     limit p_limit
     for update of t skip locked
  ), claimed as (
    update public.tasks t set watchdog_checked_at = p_now from stuck where t.id = stuck.id
    returning t.id, t.current_attempt, t.status, t.max_duration_minutes, t.created_at, t.slot_claimed_at
  )
  select c.id, c.current_attempt, a.provider_call_id, a.provider_control_url, c.status, a.created_at,
         coalesce(a.created_at, c.slot_claimed_at, c.created_at)
           < p_now - make_interval(mins => c.max_duration_minutes + p_margin_minutes),
         -- Past this the task ends whatever the provider says (the terminal-event bound).
         coalesce(a.created_at, c.slot_claimed_at, c.created_at)
           < p_now - make_interval(mins => c.max_duration_minutes + p_deadline_minutes)
    from claimed c
    left join public.task_attempts a on a.task_id = c.id and a.number = c.current_attempt;
$$;
comment on function public.dispatch_claim_stuck(timestamptz, integer, integer, integer, integer) is
  'Claims calls for the watchdog (30-second lease): never placed, silent for a minute, past their cap, ringing too long, or ended but unbilled; a batch task waiting for a call slot is none of these. past_deadline: past max_duration_minutes plus p_deadline_minutes, when the task ends whatever the provider says.';
revoke all on function public.dispatch_claim_stuck(timestamptz, integer, integer, integer, integer) from public, anon, authenticated;
grant execute on function public.dispatch_claim_stuck(timestamptz, integer, integer, integer, integer) to service_role;

create function private.queue_webhook_delivery() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  owner uuid;
  hook text;
  live boolean;
begin
  select user_id, webhook_url, livemode into owner, hook, live from public.tasks where id = new.task_id;
  if hook is not null then
    insert into public.webhook_deliveries (user_id, task_id, event_seq, event_type, url)
    values (owner, new.task_id, new.seq, new.type, hook)
    on conflict (task_id, event_seq) where endpoint_id is null do nothing;
  end if;
  insert into public.webhook_deliveries (user_id, task_id, event_seq, event_type, url, endpoint_id)
  select owner, new.task_id, new.seq, new.type, e.url, e.id
    from public.webhook_endpoints e
   where e.user_id = owner and e.enabled and e.livemode = live
     and (e.event_types is null or new.type = any (e.event_types))
  on conflict (task_id, event_seq, endpoint_id) do nothing;
  return new;
end;
$$;
revoke all on function private.queue_webhook_delivery() from public, anon, authenticated;

create trigger task_events_queue_webhook
  after insert on public.task_events
  for each row execute function private.queue_webhook_delivery();
comment on trigger task_events_queue_webhook on public.task_events is
  'Queues the webhook deliveries of every event of a task (to its webhook_url, and to each enabled endpoint of its account and mode whose filter names it), in the same transaction.';

-- Scheduler health ---------------------------------------------------------------------------------
-- Every run of `dispatch` is recorded (what it did, or why it failed) and kept for a day, so a
-- schedule that stopped or fails shows at once on /status instead of silently stopping retries,
-- the watchdog, webhooks, batches and retention.

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


create table private.scheduler_state (
  id boolean primary key default true constraint scheduler_state_one_row check (id),
  last_tick_at timestamptz,
  last_wake_at timestamptz,
  last_wake_reason text
);
insert into private.scheduler_state (id) values (true);
comment on table private.scheduler_state is
  'One row: when the pg_cron tick last ran and what it last woke dispatch for (the health check reads it).';

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
revoke all on function private.wake_dispatch(text) from public, anon, authenticated;

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
revoke all on function private.dispatch_tick() from public, anon, authenticated;

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
revoke all on function public.dispatch_record_run(timestamptz, jsonb, text) from public, anon, authenticated;
grant execute on function public.dispatch_record_run(timestamptz, jsonb, text) to service_role;

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
revoke all on function public.scheduler_health(timestamptz) from public;
grant execute on function public.scheduler_health(timestamptz) to anon, authenticated, service_role;

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
revoke all on function public.dispatch_last_run() from public, anon, authenticated;
grant execute on function public.dispatch_last_run() to service_role;

-- The schedule: pg_cron runs private.dispatch_tick() every 5 seconds (see above). The Vault secrets
-- wake_dispatch reads are created by `supabase db push` from [db.vault] in supabase/config.toml
-- (`service_role_key` is a secret key, sb_secret_…: dispatch accepts no JWT as the service role).
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
