-- The call API also serves a signed-in user's session (no API key). Its event streams are leased
-- like a key's, at most 20 live at once, counted per user across the user's sessions; a key's
-- streams are still counted per key (20251126000100_task_event_streams.sql).

-- Tables -----------------------------------------------------------------------------------------

alter table public.task_event_streams alter column api_key_id drop not null;
comment on column public.task_event_streams.api_key_id is
  'The API key the stream was opened with; null for a signed-in user''s session (counted per user).';

create index task_event_streams_session_user on public.task_event_streams (user_id, expires_at)
  where api_key_id is null;
comment on index public.task_event_streams_session_user is
  'Counts the live session streams of one user.';

-- Functions --------------------------------------------------------------------------------------

create or replace function public.task_event_stream_open(
  p_stream_id uuid, p_api_key_id uuid, p_user_id uuid, p_task_id text,
  p_lease_seconds integer, p_max_seconds integer
) returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  max_streams constant integer := 20;
  live integer;
  first_end timestamptz;
begin
  if p_lease_seconds is null or p_lease_seconds < 1 or p_max_seconds is null or p_max_seconds < 1 then
    raise exception 'lease and max seconds must be positive' using errcode = '22023';
  end if;
  if p_user_id is null then
    raise exception 'a stream belongs to a user' using errcode = '22023';
  end if;
  -- Opens of one key (or of one user's sessions) run one at a time, so the count below and the
  -- insert are one decision.
  perform pg_advisory_xact_lock(hashtextextended('task_event_streams:'
    || coalesce(p_api_key_id::text, 'user:' || p_user_id::text), 0));
  delete from public.task_event_streams
   where expires_at <= now()
     and (api_key_id = p_api_key_id or (p_api_key_id is null and api_key_id is null and user_id = p_user_id));
  select count(*), min(least(ends_by, expires_at)) into live, first_end
    from public.task_event_streams
   where api_key_id = p_api_key_id or (p_api_key_id is null and api_key_id is null and user_id = p_user_id);
  if live >= max_streams then
    return jsonb_build_object('opened', false, 'limit', max_streams,
      'retry_after', least(30, greatest(1, ceil(extract(epoch from (first_end - now())))::integer)));
  end if;
  insert into public.task_event_streams (id, api_key_id, user_id, task_id, ends_by, expires_at)
  values (p_stream_id, p_api_key_id, p_user_id, p_task_id,
          now() + make_interval(secs => p_max_seconds), now() + make_interval(secs => p_lease_seconds));
  return jsonb_build_object('opened', true, 'limit', max_streams, 'open', live + 1);
end;
$$;
comment on function public.task_event_stream_open(uuid, uuid, uuid, text, integer, integer) is
  'Leases a slot for one event stream of an API key (or of a user''s sessions when the key is null), or returns {opened:false, retry_after} when 20 are live.';
