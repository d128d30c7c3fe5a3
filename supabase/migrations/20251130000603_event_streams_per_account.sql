-- Open event streams count per account as well as per credential, and a revoked key's streams
-- close. Before, each new key (rotating is one click) brought 20 more streams while the revoked
-- keys' streams stayed open: about 160 for one account.
--   * At most 20 per API key (or per user's sessions), as before, and 30 per account in all: a
--     key's and the dashboard's together.
--   * Revoking a key (rotating it, or closing the account) deletes its stream leases; the
--     instance serving a stream learns at its next renewal (one heartbeat) that the lease is
--     gone and ends the stream. Closing the account deletes its session streams' leases too.
--   * A key revoked while its stream was being opened is refused there.
-- Opens, revocations and closings of one account take the account's stream lock, so the counts
-- and the deletes are each one decision.

-- Functions --------------------------------------------------------------------------------------

create function private.lock_event_streams_of(p_user_id uuid) returns void
language sql
set search_path = ''
as $$
  select pg_advisory_xact_lock(hashtextextended('task_event_streams:user:' || p_user_id::text, 0));
$$;
comment on function private.lock_event_streams_of(uuid) is
  'Serialises the stream opens, revocations and closing of one account (a transaction-level advisory lock).';

create or replace function public.task_event_stream_open(
  p_stream_id uuid, p_api_key_id uuid, p_user_id uuid, p_task_id text,
  p_lease_seconds integer, p_max_seconds integer
) returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  per_credential constant integer := 20;
  per_account constant integer := 30;
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
  'Leases a slot for one event stream of a live API key (or of a user''s sessions when the key is null): at most 20 per credential and 30 per account; else {opened:false, limit, scope, retry_after}, or {opened:false, revoked:true}.';

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

-- Triggers ---------------------------------------------------------------------------------------

create trigger api_keys_revoked_close_streams
  after update of revoked on public.api_keys
  for each row when (new.revoked and not old.revoked)
  execute function private.close_streams_of_revoked_key();
comment on trigger api_keys_revoked_close_streams on public.api_keys is
  'Revoking (or rotating) a key ends its open event streams.';

create trigger profiles_closed_close_streams
  after update of closed_at on public.profiles
  for each row when (new.closed_at is not null and old.closed_at is null)
  execute function private.close_streams_of_closed_account();
comment on trigger profiles_closed_close_streams on public.profiles is
  'Closing an account ends all its open event streams.';

-- Grants -----------------------------------------------------------------------------------------

revoke all on function private.lock_event_streams_of(uuid),
  private.close_streams_of_revoked_key(),
  private.close_streams_of_closed_account()
  from public, anon, authenticated;
-- task_event_stream_open runs as the service role (the functions' streams).
grant execute on function private.lock_event_streams_of(uuid) to service_role;
