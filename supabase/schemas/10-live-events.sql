-- Live task events (docs/decisions/0010-live-events-listen-notify.md).
--
-- 1. Every event recorded sends NOTIFY task_events with a small JSON payload
--    {"task_id", "seq", "type"}. Each function instance holds one LISTEN connection and wakes the
--    streams of that task, which read the new rows by seq. The payload never carries the event's
--    data: NOTIFY payloads are limited to 8000 bytes and the row is the one source of truth.
--    NOTIFY is delivered when the transaction commits, so a listener never sees an event before
--    it can be read; a rolled-back event is never announced.
--
-- 2. Open event streams are leased, counted across every function instance: at most
--    openStreamsPerKey (private.limits()) per API key (or per user's sessions) and
--    openStreamsPerAccount per account in all, so a new key (rotating is one click) brings no
--    more streams. A lease is renewed while its stream lives and lapses on its own when an
--    instance dies without closing it. Revoking a key (rotating it, or closing the account)
--    deletes its leases, and closing the account deletes its session streams' leases too: the
--    instance serving a stream learns at its next renewal (one heartbeat) that the lease is gone
--    and ends the stream. Opens, revocations and closings of one account take the account's
--    stream lock, so the counts and the deletes are each one decision.

-- Tables -----------------------------------------------------------------------------------------

create table public.task_event_streams (
  id uuid primary key,
  -- Null for a signed-in user's session (no API key): its streams are counted per user.
  api_key_id uuid references public.api_keys (id) on delete cascade,
  user_id uuid not null references auth.users (id) on delete cascade,
  -- A stream lease names the task or the batch whose events it streams.
  task_id text not null
    constraint task_event_streams_subject_format check (task_id ~ '^(task|batch)_[0-9A-Z]{26}$'),
  opened_at timestamptz not null default now(),
  -- When the stream will have reached its maximum length; its slot is free by then at the latest.
  ends_by timestamptz not null,
  expires_at timestamptz not null
);
comment on table public.task_event_streams is
  'Open SSE streams of the call API, leased per API key (at most openStreamsPerKey live leases per key).';
comment on column public.task_event_streams.expires_at is
  'The lease lapses here unless renewed; the instance serving the stream renews it while the stream lives.';
comment on column public.task_event_streams.task_id is 'The task (task_…) or batch (batch_…) whose events the stream carries.';
comment on column public.task_event_streams.api_key_id is
  'The API key the stream was opened with; null for a signed-in user''s session (counted per user).';
create index task_event_streams_key on public.task_event_streams (api_key_id, expires_at);
create index task_event_streams_expiry on public.task_event_streams (expires_at);
create index task_event_streams_session_user on public.task_event_streams (user_id, expires_at)
  where api_key_id is null;
comment on index public.task_event_streams_session_user is
  'Counts the live session streams of one user.';
alter table public.task_event_streams enable row level security;

-- Service role only: no user policies, nothing granted to anon or authenticated.
revoke all on public.task_event_streams from public, anon, authenticated;
grant all on public.task_event_streams to service_role;

-- Functions --------------------------------------------------------------------------------------

create function private.notify_task_event() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform pg_notify('task_events',
    json_build_object('task_id', new.task_id, 'seq', new.seq, 'type', new.type)::text);
  return null;
end;
$$;
comment on function private.notify_task_event() is
  'NOTIFY task_events {"task_id","seq","type"} for each event row (delivered at commit).';
revoke all on function private.notify_task_event() from public, anon, authenticated;

create trigger task_events_notify
  after insert on public.task_events
  for each row when (new.seq > 1)
  execute function private.notify_task_event();
comment on trigger task_events_notify on public.task_events is
  'Wakes the live event streams of the task (one LISTEN per function instance); a task''s first event, written as it is created, wakes nobody.';

create function public.task_event_streams_renew(p_stream_ids uuid[], p_lease_seconds integer)
returns uuid[]
language plpgsql
set search_path = ''
as $$
declare
  renewed uuid[];
begin
  -- A lease that lapsed and was taken away is not revived: the caller closes that stream.
  with extended as (
    update public.task_event_streams
       set expires_at = least(ends_by, now() + make_interval(secs => p_lease_seconds))
     where id = any(p_stream_ids) and expires_at > now()
    returning id
  )
  select coalesce(array_agg(id), '{}') into renewed from extended;
  -- Leases of instances that died lapse; their rows go here (and when their key opens a stream).
  delete from public.task_event_streams where expires_at <= now() - interval '1 minute';
  return renewed;
end;
$$;
comment on function public.task_event_streams_renew(uuid[], integer) is
  'Extends the leases of the streams an instance still serves (never beyond their ends_by); returns those renewed.';
revoke all on function public.task_event_streams_renew(uuid[], integer) from public, anon, authenticated;
grant execute on function public.task_event_streams_renew(uuid[], integer) to service_role;

create function public.task_event_stream_close(p_stream_id uuid) returns void
language sql
set search_path = ''
as $$
  delete from public.task_event_streams where id = p_stream_id;
$$;
comment on function public.task_event_stream_close(uuid) is 'Frees the slot of a closed event stream.';
revoke all on function public.task_event_stream_close(uuid) from public, anon, authenticated;
grant execute on function public.task_event_stream_close(uuid) to service_role;

create function private.lock_event_streams_of(p_user_id uuid) returns void
language sql
set search_path = ''
as $$
  select pg_advisory_xact_lock(hashtextextended('task_event_streams:user:' || p_user_id::text, 0));
$$;
comment on function private.lock_event_streams_of(uuid) is
  'Serialises the stream opens, revocations and closing of one account (a transaction-level advisory lock).';
revoke all on function private.lock_event_streams_of(uuid) from public, anon, authenticated;
grant execute on function private.lock_event_streams_of(uuid) to service_role;

create function public.task_event_stream_open(
  p_stream_id uuid, p_api_key_id uuid, p_user_id uuid, p_task_id text,
  p_lease_seconds integer, p_max_seconds integer
) returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  per_credential constant integer := private.limit_of('openStreamsPerKey');
  per_account constant integer := private.limit_of('openStreamsPerAccount');
  live_credential integer;
  live_account integer;
  first_end timestamptz;
  limit_hit integer;
begin
  if p_lease_seconds is null or p_lease_seconds < 1 or p_max_seconds is null or p_max_seconds < 1 then
    raise exception 'lease and max seconds must be positive' using errcode = '22023';
  end if;
  if p_user_id is null then
    raise exception 'a stream belongs to a user' using errcode = '22023';
  end if;
  perform private.lock_event_streams_of(p_user_id);
  if p_api_key_id is not null and not exists (
       select 1 from public.api_keys where id = p_api_key_id and user_id = p_user_id and not revoked) then
    return jsonb_build_object('opened', false, 'revoked', true);
  end if;
  delete from public.task_event_streams where user_id = p_user_id and expires_at <= now();
  select count(*) filter (where api_key_id = p_api_key_id or (p_api_key_id is null and api_key_id is null)),
         count(*)
    into live_credential, live_account
    from public.task_event_streams where user_id = p_user_id;
  limit_hit := case when live_credential >= per_credential then per_credential
                    when live_account >= per_account then per_account end;
  if limit_hit is not null then
    select min(least(ends_by, expires_at)) into first_end
      from public.task_event_streams
     where user_id = p_user_id
       and (limit_hit = per_account or api_key_id = p_api_key_id
            or (p_api_key_id is null and api_key_id is null));
    return jsonb_build_object('opened', false, 'limit', limit_hit,
      'scope', case when limit_hit = per_account and live_credential < per_credential then 'account' else 'credential' end,
      'retry_after', least(30, greatest(1, ceil(extract(epoch from (first_end - now())))::integer)));
  end if;
  insert into public.task_event_streams (id, api_key_id, user_id, task_id, ends_by, expires_at)
  values (p_stream_id, p_api_key_id, p_user_id, p_task_id,
          now() + make_interval(secs => p_max_seconds), now() + make_interval(secs => p_lease_seconds));
  return jsonb_build_object('opened', true, 'limit', per_credential, 'open', live_credential + 1);
end;
$$;
comment on function public.task_event_stream_open(uuid, uuid, uuid, text, integer, integer) is
  'Leases a slot for one event stream of a live API key (or of a user''s sessions when the key is null): at most openStreamsPerKey per credential and openStreamsPerAccount per account; else {opened:false, limit, scope, retry_after}, or {opened:false, revoked:true}.';
revoke all on function public.task_event_stream_open(uuid, uuid, uuid, text, integer, integer) from public, anon, authenticated;
grant execute on function public.task_event_stream_open(uuid, uuid, uuid, text, integer, integer) to service_role;

create function private.close_streams_of_revoked_key() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform private.lock_event_streams_of(new.user_id);
  delete from public.task_event_streams where api_key_id = new.id;
  return null;
end;
$$;
comment on function private.close_streams_of_revoked_key() is
  'Trigger api_keys_revoked_close_streams: a revoked key''s stream leases go, so its streams end at their next renewal.';
revoke all on function private.close_streams_of_revoked_key() from public, anon, authenticated;

create trigger api_keys_revoked_close_streams
  after update of revoked on public.api_keys
  for each row when (new.revoked and not old.revoked)
  execute function private.close_streams_of_revoked_key();
comment on trigger api_keys_revoked_close_streams on public.api_keys is
  'Revoking (or rotating) a key ends its open event streams.';

create function private.close_streams_of_closed_account() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform private.lock_event_streams_of(new.id);
  delete from public.task_event_streams where user_id = new.id;
  return null;
end;
$$;
comment on function private.close_streams_of_closed_account() is
  'Trigger profiles_closed_close_streams: a closed account''s stream leases (keys and sessions) go.';
revoke all on function private.close_streams_of_closed_account() from public, anon, authenticated;

create trigger profiles_closed_close_streams
  after update of closed_at on public.profiles
  for each row when (new.closed_at is not null and old.closed_at is null)
  execute function private.close_streams_of_closed_account();
comment on trigger profiles_closed_close_streams on public.profiles is
  'Closing an account ends all its open event streams.';
