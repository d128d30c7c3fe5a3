-- A result a program can use: the integrator's output_schema and the structured result read from
-- the call, and opt-in call recordings kept in our own database for a bounded time
-- (docs/decisions/0012-call-recordings.md).
--   * `output_schema` is checked by the function (a JSON Schema subset) before it gets here;
--     `result` is stored only after it was validated against it again (else null fields and a
--     `result_note`).
--   * Recording is off unless asked for. The audio is copied from the provider at the end of the
--     call into private.task_recordings, served only through the task API, and erased when its
--     retention (`recording_retention_days`, 1 to 90) runs out.

-- Tables -----------------------------------------------------------------------------------------

alter table public.tasks
  add column output_schema jsonb,
  add column result jsonb,
  add column result_note text,
  add column record boolean not null default false,
  add column recording_retention_days integer not null default 30
    constraint tasks_recording_retention_range check (recording_retention_days between 1 and 90),
  add column recording_expires_at timestamptz,
  add constraint tasks_output_schema_object check (output_schema is null or jsonb_typeof(output_schema) = 'object'),
  add constraint tasks_result_object check (result is null or jsonb_typeof(result) = 'object');
comment on column public.tasks.output_schema is
  'The integrator''s JSON Schema (a subset of draft 2020-12) for the call''s structured result; null: no result wanted.';
comment on column public.tasks.result is
  'The structured result of the call, valid against output_schema (unsettled fields null); null without a schema or before the end.';
comment on column public.tasks.result_note is
  'Why result holds only nulls although the call ended (the provider''s analysis was missing or did not fit the schema).';
comment on column public.tasks.record is 'The integrator asked for the call''s audio to be kept.';
comment on column public.tasks.recording_retention_days is 'How many days a recording is kept after the call ends (1 to 90).';
comment on column public.tasks.recording_expires_at is
  'When the recording is (or was) erased; null while none was stored.';

create table private.task_recordings (
  task_id text primary key references public.tasks (id) on delete cascade,
  attempt integer not null,
  content_type text not null
    constraint task_recordings_content_type check (content_type in ('audio/wav', 'audio/mpeg')),
  audio bytea not null,
  duration_seconds integer not null default 0,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null
);
comment on table private.task_recordings is
  'The audio of recorded calls (one per task: its last answered attempt), copied from the provider; erased at expires_at.';
create index task_recordings_expiry on private.task_recordings (expires_at);
alter table private.task_recordings enable row level security;
-- Service role only, through the functions below: no policies, nothing granted to users.

-- Functions --------------------------------------------------------------------------------------

create or replace function public.task_accept(
  p_user_id uuid, p_api_key_id uuid, p_task jsonb, p_idempotency_key text, p_request_hash text
) returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  account public.profiles%rowtype;
  existing public.task_idempotency_keys%rowtype;
  settings public.agent_settings%rowtype;
  listed public.do_not_call%rowtype;
  created public.tasks%rowtype;
  recent integer;
  oldest timestamptz;
  active integer;
  max_minutes integer := coalesce((p_task->>'max_duration_minutes')::integer, 10);
  chosen_voice text;
  chosen_language text;
  free_reserve integer;
  hold integer;
  zones text[] := private.time_zones_of(p_task->>'phone_number');
  window_start time := coalesce((p_task->>'call_window_start')::time, '08:00');
  window_end time := coalesce((p_task->>'call_window_end')::time, '21:00');
  requested timestamptz := (p_task->>'schedule_at')::timestamptz;
  opening timestamptz;
begin
  -- One account's creates run one at a time: the checks below and the hold are one decision.
  select * into account from public.profiles where id = p_user_id for update;
  if not found then
    return jsonb_build_object('error', 'unauthorized');
  end if;

  -- A replay answers before the rate limit: retrying a request never costs a slot.
  if p_idempotency_key is not null then
    delete from public.task_idempotency_keys
     where user_id = p_user_id and key = p_idempotency_key and created_at < now() - interval '24 hours';
    select * into existing from public.task_idempotency_keys
     where user_id = p_user_id and key = p_idempotency_key;
    if found then
      if existing.request_hash = p_request_hash then
        return jsonb_build_object('task_id', existing.task_id, 'replayed', true);
      end if;
      return jsonb_build_object('error', 'idempotency_conflict');
    end if;
  end if;

  -- A number on the account's do-not-call list is never called, from any entry point.
  select * into listed from public.do_not_call
   where user_id = p_user_id and phone_number = p_task->>'phone_number';
  if found then
    return jsonb_build_object('error', 'do_not_call', 'source', listed.source,
      'listed_at', listed.created_at);
  end if;

  -- Per account, whichever key (or the dashboard, MCP, SMS) asks: a new key does not reset it.
  delete from public.task_create_requests
   where user_id = p_user_id and created_at < now() - interval '1 minute';
  select count(*), min(created_at) into recent, oldest
    from public.task_create_requests where user_id = p_user_id;
  if recent >= 60 then
    return jsonb_build_object('error', 'rate_limited', 'limit', 'requests',
      'retry_after', greatest(1, ceil(extract(epoch from (oldest + interval '1 minute' - now())))::integer));
  end if;
  insert into public.task_create_requests (user_id, api_key_id) values (p_user_id, p_api_key_id);

  select count(*) into active from public.tasks
   where user_id = p_user_id and status in ('queued', 'ringing', 'in_progress');
  if active >= 10 then
    return jsonb_build_object('error', 'rate_limited', 'limit', 'active_calls', 'retry_after', 30);
  end if;

  free_reserve := least(max_minutes, 100 - account.free_minutes_used - account.free_minutes_reserved);
  hold := max_minutes - free_reserve; -- cents: 1 cent a minute
  if account.credits - account.credits_held < hold / 100.0 then
    return jsonb_build_object('error', 'insufficient_credits',
      'required_usd', hold / 100.0, 'available_usd', account.credits - account.credits_held);
  end if;

  -- What the request leaves out comes from the account's saved phone-agent settings.
  select * into settings from public.agent_settings where user_id = p_user_id;
  chosen_voice := coalesce(p_task->>'voice', settings.voice, 'Aria');
  chosen_language := coalesce(p_task->>'language', settings.language, 'en');

  -- Outside the callee's calling window, or asked for later: scheduled for the window's opening.
  opening := private.next_call_opening(greatest(now(), coalesce(requested, now())), zones,
    window_start, window_end);
  if opening is null then
    return jsonb_build_object('error', 'call_window_never_open', 'time_zones', zones);
  end if;

  insert into public.tasks (
    id, user_id, api_key_id, source, phone_number, goal, context, metadata, voice, language,
    speaking_style, first_sentence, max_duration_minutes, voicemail_action, voicemail_message,
    retry_max_attempts, retry_interval_minutes, webhook_url, provider_token_hash,
    hold_cents, free_minutes_reserved, time_zones, call_window_start, call_window_end,
    schedule_at, status, scheduled_for, output_schema, record, recording_retention_days
  ) values (
    p_task->>'id', p_user_id, p_api_key_id, coalesce(p_task->>'source', 'api'),
    p_task->>'phone_number', p_task->>'goal', coalesce(p_task->'context', '{}'::jsonb),
    coalesce(p_task->'metadata', '{}'::jsonb), chosen_voice, chosen_language,
    coalesce(p_task->>'speaking_style', settings.speaking_style, 'Professional'),
    coalesce(p_task->>'first_sentence', private.default_first_sentence(chosen_language, chosen_voice)),
    max_minutes, coalesce(p_task->>'voicemail_action', 'hang_up'), p_task->>'voicemail_message',
    coalesce((p_task->>'retry_max_attempts')::integer, 3),
    coalesce((p_task->>'retry_interval_minutes')::integer, 30),
    p_task->>'webhook_url', p_task->>'provider_token_hash', hold, free_reserve, zones,
    window_start, window_end, requested,
    case when opening > now() then 'scheduled' else 'queued' end,
    case when opening > now() then opening end,
    case when jsonb_typeof(p_task->'output_schema') = 'object' then p_task->'output_schema' end,
    coalesce((p_task->>'record')::boolean, false),
    coalesce((p_task->>'recording_retention_days')::integer, 30)
  ) returning * into created;

  update public.profiles
     set credits_held = credits_held + hold / 100.0,
         free_minutes_reserved = free_minutes_reserved + free_reserve
   where id = p_user_id;

  if p_idempotency_key is not null then
    insert into public.task_idempotency_keys (user_id, key, request_hash, task_id)
    values (p_user_id, p_idempotency_key, p_request_hash, created.id);
  end if;

  if created.status = 'scheduled' then
    perform private.append_task_event(created.id, 'task.scheduled', jsonb_build_object(
      'scheduled_for', opening,
      'reason', case when requested > now() then 'schedule_at' else 'calling_window' end));
  else
    perform private.append_task_event(created.id, 'task.queued', '{}'::jsonb);
  end if;
  select * into created from public.tasks where id = created.id;
  return jsonb_build_object('task_id', created.id, 'replayed', false,
    'task', to_jsonb(created) - 'provider_token_hash');
end;
$$;
comment on function public.task_accept(uuid, uuid, jsonb, text, text) is
  'Creates a task if the account''s limits, idempotency key and balance allow, holding its cost; returns {task_id, task} or {error}.';

create function public.task_save_result(
  p_task_id text, p_attempt integer, p_result jsonb, p_note text
) returns boolean
language plpgsql
set search_path = ''
as $$
begin
  -- Only the task's current attempt speaks for it, and only a task that asked for a result.
  update public.tasks
     set result = p_result, result_note = p_note, updated_at = now()
   where id = p_task_id and current_attempt = p_attempt and output_schema is not null;
  return found;
end;
$$;
comment on function public.task_save_result(text, integer, jsonb, text) is
  'Stores the structured result of a task''s current attempt (already validated against its output_schema) and the note on it, if any.';

create function public.task_save_recording(
  p_task_id text, p_attempt integer, p_audio_base64 text, p_content_type text,
  p_duration_seconds integer
) returns timestamptz
language plpgsql
set search_path = ''
as $$
declare
  task public.tasks%rowtype;
  expires timestamptz;
begin
  select * into task from public.tasks where id = p_task_id;
  if not found or not task.record or task.current_attempt <> p_attempt then
    return null;
  end if;
  expires := now() + make_interval(days => task.recording_retention_days);
  insert into private.task_recordings (task_id, attempt, content_type, audio, duration_seconds, expires_at)
  values (p_task_id, p_attempt, p_content_type, decode(p_audio_base64, 'base64'),
          greatest(0, coalesce(p_duration_seconds, 0)), expires)
  on conflict (task_id) do update
     set attempt = excluded.attempt, content_type = excluded.content_type, audio = excluded.audio,
         duration_seconds = excluded.duration_seconds, created_at = now(),
         expires_at = excluded.expires_at;
  update public.tasks set recording_expires_at = expires where id = p_task_id;
  return expires;
end;
$$;
comment on function public.task_save_recording(text, integer, text, text, integer) is
  'Keeps the audio of a recorded task''s current attempt until its retention runs out; null (nothing kept) if the task did not ask to be recorded.';

create function public.task_recording(p_user_id uuid, p_task_id text, p_now timestamptz default now())
returns jsonb
language sql
stable
set search_path = ''
as $$
  select jsonb_build_object('content_type', r.content_type, 'audio_base64', encode(r.audio, 'base64'),
                            'duration_seconds', r.duration_seconds, 'expires_at', r.expires_at)
    from private.task_recordings r
    join public.tasks t on t.id = r.task_id
   where r.task_id = p_task_id and t.user_id = p_user_id and r.expires_at > p_now;
$$;
comment on function public.task_recording(uuid, text, timestamptz) is
  'The audio of one of the account''s tasks while its retention lasts, or null (not recorded, expired, or another account''s task).';

create function private.erase_expired_recordings(p_now timestamptz) returns integer
language plpgsql
set search_path = ''
as $$
declare
  erased integer;
begin
  delete from private.task_recordings where expires_at <= p_now;
  get diagnostics erased = row_count;
  return erased;
end;
$$;
comment on function private.erase_expired_recordings(timestamptz) is
  'Erases every recording whose retention ended by p_now; returns how many. The tasks keep recording_expires_at, so the API knows the audio is gone.';

-- Grants -----------------------------------------------------------------------------------------

revoke all on private.task_recordings from public, anon, authenticated;
grant all on private.task_recordings to service_role;
revoke all on function public.task_save_result(text, integer, jsonb, text) from public, anon, authenticated;
revoke all on function public.task_save_recording(text, integer, text, text, integer) from public, anon, authenticated;
revoke all on function public.task_recording(uuid, text, timestamptz) from public, anon, authenticated;
revoke all on function private.erase_expired_recordings(timestamptz) from public, anon, authenticated;
grant execute on function public.task_save_result(text, integer, jsonb, text) to service_role;
grant execute on function public.task_save_recording(text, integer, text, text, integer) to service_role;
grant execute on function public.task_recording(uuid, text, timestamptz) to service_role;
grant execute on function private.erase_expired_recordings(timestamptz) to service_role;
