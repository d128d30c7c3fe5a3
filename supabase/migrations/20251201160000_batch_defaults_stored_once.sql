-- A batch's defaults are stored once: the fields its rows share (goal, first sentence, voicemail
-- message, output_schema, and the defaults' context and metadata keys) live in
-- batches.task_defaults, and each task row of the batch holds only what differs:
--   * goal, first_sentence, voicemail_message, output_schema: null when the row has the batch's
--     value (the call API shares a field only when every row can be put back exactly);
--   * context, metadata: the row's own keys; the batch's are merged under them when read.
-- Every reader puts the row back together (private.task_with_batch_defaults here; the call API's
-- task reads do the same in supabase/functions/_shared/tasks/batch-defaults.ts), so a task reads
-- exactly as before while a 1,000-row batch stores its defaults once, not 1,000 times.
-- Once a task's content is erased (content_erased_at) it inherits none of the content fields, and
-- the batch's copy is erased with its last task's; before a batch is deleted (its account closes)
-- its shared fields are written into its tasks, which outlive it.

-- Tables -----------------------------------------------------------------------------------------

alter table public.batches
  add column task_defaults jsonb not null default '{}'::jsonb
    constraint batches_task_defaults_object check (jsonb_typeof(task_defaults) = 'object');
comment on column public.batches.task_defaults is
  'The fields the batch''s tasks share (goal, first_sentence, voicemail_message, output_schema, context and metadata keys), stored once; a task row holds only what differs.';

-- Functions --------------------------------------------------------------------------------------

create function private.batch_task_defaults(p_defaults jsonb) returns jsonb
language sql
immutable
set search_path = ''
as $$
  -- Only the fields a row may share, each of its own type.
  select coalesce(jsonb_object_agg(d.key, d.value), '{}'::jsonb)
    from jsonb_each(case when jsonb_typeof(p_defaults) = 'object' then p_defaults else '{}'::jsonb end) d
   where (d.key in ('goal', 'first_sentence', 'voicemail_message') and jsonb_typeof(d.value) = 'string')
      or (d.key in ('output_schema', 'context', 'metadata') and jsonb_typeof(d.value) = 'object');
$$;
comment on function private.batch_task_defaults(jsonb) is
  'The shareable fields of a batch request''s task_defaults (others dropped).';

create function private.task_with_batch_defaults(p_task public.tasks) returns public.tasks
language plpgsql
stable
set search_path = ''
as $$
declare
  shared jsonb;
  t public.tasks := p_task;
begin
  if t.batch_id is null then
    return t;
  end if;
  select task_defaults into shared from public.batches where id = t.batch_id;
  if shared is null or shared = '{}'::jsonb then
    return t;
  end if;
  if t.output_schema is null and shared ? 'output_schema' then
    t.output_schema := shared->'output_schema';
  end if;
  -- Erased content stays erased.
  if t.content_erased_at is not null then
    return t;
  end if;
  if t.goal is null and shared ? 'goal' then
    t.goal := shared->>'goal';
  end if;
  if t.first_sentence is null and shared ? 'first_sentence' then
    t.first_sentence := shared->>'first_sentence';
  end if;
  if t.voicemail_message is null and shared ? 'voicemail_message' then
    t.voicemail_message := shared->>'voicemail_message';
  end if;
  if jsonb_typeof(shared->'context') = 'object' then
    t.context := (shared->'context') || t.context;
  end if;
  if jsonb_typeof(shared->'metadata') = 'object' then
    t.metadata := (shared->'metadata') || t.metadata;
  end if;
  return t;
end;
$$;
comment on function private.task_with_batch_defaults(public.tasks) is
  'A task row with its batch''s shared fields put back (the row''s own values win; context and metadata merge key by key): the task as the API shows it.';

create function private.keep_batch_defaults_in_tasks() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  -- The tasks outlive their batch (call records are kept after the account closes): they take
  -- their shared fields with them before the batch goes.
  if old.task_defaults <> '{}'::jsonb then
    update public.tasks t
       set goal = r.goal, first_sentence = r.first_sentence, voicemail_message = r.voicemail_message,
           output_schema = r.output_schema, context = r.context, metadata = r.metadata
      from (select (private.task_with_batch_defaults(x)).* from public.tasks x where x.batch_id = old.id) r
     where t.id = r.id;
  end if;
  return old;
end;
$$;
comment on function private.keep_batch_defaults_in_tasks() is
  'Trigger batches_keep_defaults_in_tasks: writes a batch''s shared fields into its tasks before the batch is deleted.';

create trigger batches_keep_defaults_in_tasks
  before delete on public.batches
  for each row execute function private.keep_batch_defaults_in_tasks();
comment on trigger batches_keep_defaults_in_tasks on public.batches is
  'The tasks of a deleted batch keep its shared fields (private.keep_batch_defaults_in_tasks).';

create or replace function public.batch_accept(
  p_user_id uuid, p_api_key_id uuid, p_batch jsonb, p_tasks jsonb, p_idempotency_key text,
  p_request_hash text
) returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  existing public.batches%rowtype;
  created public.batches%rowtype;
  settings public.agent_settings%rowtype;
  refused jsonb;
  recent integer;
  oldest timestamptz;
  at timestamptz := now();
  admitted text[];
  account public.profiles%rowtype;
  needed_minutes integer;
  needed_cents integer;
begin
  perform 1 from public.profiles where id = p_user_id for update;
  if not found then
    return jsonb_build_object('error', 'unauthorized');
  end if;

  -- A replay answers before the rate limit, as for a single task.
  if p_idempotency_key is not null then
    update public.batches set idempotency_key = null
     where user_id = p_user_id and idempotency_key = p_idempotency_key
       and created_at < at - interval '24 hours';
    select * into existing from public.batches
     where user_id = p_user_id and idempotency_key = p_idempotency_key;
    if found then
      if existing.request_hash = p_request_hash then
        return jsonb_build_object('batch_id', existing.id, 'replayed', true);
      end if;
      return jsonb_build_object('error', 'idempotency_conflict');
    end if;
  end if;

  -- Every row is checked before anything is created: listed numbers, then calling windows.
  select jsonb_agg(jsonb_build_object('index', r.ordinality - 1, 'field', 'phone_number',
           'code', 'do_not_call', 'source', d.source) order by r.ordinality)
    into refused
    from jsonb_array_elements(p_tasks) with ordinality r
    join public.do_not_call d on d.user_id = p_user_id and d.phone_number = r.value->>'phone_number';
  if refused is not null then
    return jsonb_build_object('error', 'do_not_call', 'rows', refused);
  end if;

  with rows as (
    select r.ordinality - 1 as index, r.value as task,
           private.time_zones_of(r.value->>'phone_number') as zones
      from jsonb_array_elements(p_tasks) with ordinality r
  )
  select jsonb_agg(jsonb_build_object('index', index, 'field', 'call_window',
           'code', 'call_window_never_open', 'time_zones', zones) order by index)
    into refused
    from rows
   where private.next_call_opening(
           greatest(at, coalesce((task->>'schedule_at')::timestamptz, at)), zones,
           coalesce((task->>'call_window_start')::time, '08:00'),
           coalesce((task->>'call_window_end')::time, '21:00')) is null;
  if refused is not null then
    return jsonb_build_object('error', 'call_window_never_open', 'rows', refused);
  end if;

  -- What an account may store is bounded: 2,000 tasks that have not ended, this batch's included.
  if private.open_task_count(p_user_id) + jsonb_array_length(p_tasks) > 2000 then
    return jsonb_build_object('error', 'too_many_open_tasks', 'limit', 2000);
  end if;

  -- Storage follows money: the credits available (and the free minutes left) must cover every
  -- row's longest call, or nothing is stored. Each row's cost is still held only when it is
  -- admitted to a call slot.
  select coalesce(sum(coalesce((r.value->>'max_duration_minutes')::integer, 10)), 0)
    into needed_minutes
    from jsonb_array_elements(p_tasks) r;
  select * into account from public.profiles where id = p_user_id;
  needed_cents := greatest(0, needed_minutes
    - greatest(0, 100 - account.free_minutes_used - account.free_minutes_reserved));
  if account.credits - account.credits_held < needed_cents / 100.0 then
    return jsonb_build_object('error', 'insufficient_credits',
      'required_usd', needed_cents / 100.0, 'available_usd', account.credits - account.credits_held);
  end if;

  -- One create request of the account's 60 a minute, however many rows it carries.
  delete from public.task_create_requests
   where user_id = p_user_id and created_at < at - interval '1 minute';
  select count(*), min(created_at) into recent, oldest
    from public.task_create_requests where user_id = p_user_id;
  if recent >= 60 then
    return jsonb_build_object('error', 'rate_limited', 'limit', 'requests',
      'retry_after', greatest(1, ceil(extract(epoch from (oldest + interval '1 minute' - at)))::integer));
  end if;
  insert into public.task_create_requests (user_id, api_key_id) values (p_user_id, p_api_key_id);

  insert into public.batches (id, user_id, api_key_id, source, total, webhook_url, idempotency_key,
    request_hash, task_defaults, created_at, updated_at)
  values (p_batch->>'id', p_user_id, p_api_key_id, coalesce(p_batch->>'source', 'api'),
    jsonb_array_length(p_tasks), p_batch->>'webhook_url', p_idempotency_key, p_request_hash,
    private.batch_task_defaults(p_batch->'task_defaults'), at, at)
  returning * into created;

  select * into settings from public.agent_settings where user_id = p_user_id;

  with rows as (
    select r.ordinality - 1 as index, r.value as task,
           private.time_zones_of(r.value->>'phone_number') as zones,
           coalesce(r.value->>'voice', settings.voice, 'Aria') as voice,
           coalesce(r.value->>'language', settings.language, 'en') as language,
           (r.value->>'schedule_at')::timestamptz as requested,
           coalesce((r.value->>'call_window_start')::time, '08:00') as window_start,
           coalesce((r.value->>'call_window_end')::time, '21:00') as window_end
      from jsonb_array_elements(p_tasks) with ordinality r
  ), planned as (
    select rows.*, private.next_call_opening(greatest(at, coalesce(requested, at)), zones,
             window_start, window_end) as opening
      from rows
  ), inserted as (
    insert into public.tasks (
      id, user_id, api_key_id, source, phone_number, goal, context, metadata, voice, language,
      speaking_style, first_sentence, max_duration_minutes, voicemail_action, voicemail_message,
      retry_max_attempts, retry_interval_minutes, webhook_url, provider_token_hash,
      hold_cents, free_minutes_reserved, time_zones, call_window_start, call_window_end,
      schedule_at, status, scheduled_for, output_schema, record, recording_retention_days,
      batch_id, batch_index, awaiting_slot, event_seq, created_at, updated_at
    )
    select p.task->>'id', p_user_id, p_api_key_id, coalesce(p_batch->>'source', 'api'),
      p.task->>'phone_number', p.task->>'goal', coalesce(p.task->'context', '{}'::jsonb),
      coalesce(p.task->'metadata', '{}'::jsonb), p.voice, p.language,
      coalesce(p.task->>'speaking_style', settings.speaking_style, 'Professional'),
      -- A row that shares the batch's first sentence stores none of its own.
      case when p.task->>'first_sentence' is null and created.task_defaults ? 'first_sentence' then null
           else coalesce(p.task->>'first_sentence', private.default_first_sentence(p.language, p.voice)) end,
      coalesce((p.task->>'max_duration_minutes')::integer, 10),
      coalesce(p.task->>'voicemail_action', 'hang_up'), p.task->>'voicemail_message',
      coalesce((p.task->>'retry_max_attempts')::integer, 3),
      coalesce((p.task->>'retry_interval_minutes')::integer, 30),
      p.task->>'webhook_url', p.task->>'provider_token_hash', 0, 0, p.zones, p.window_start,
      p.window_end, p.requested,
      case when p.opening > at then 'scheduled' else 'queued' end,
      case when p.opening > at then p.opening end,
      case when jsonb_typeof(p.task->'output_schema') = 'object' then p.task->'output_schema' end,
      coalesce((p.task->>'record')::boolean, false),
      coalesce((p.task->>'recording_retention_days')::integer, 30),
      created.id, p.index, not (p.opening > at), 1, at, at
      from planned p
    returning id, status, scheduled_for, schedule_at
  )
  insert into public.task_events (task_id, seq, type, data, created_at)
  select i.id, 1,
         case when i.status = 'scheduled' then 'task.scheduled' else 'task.queued' end,
         case when i.status = 'scheduled' then jsonb_build_object(
           'scheduled_for', i.scheduled_for,
           'reason', case when i.schedule_at > at then 'schedule_at' else 'calling_window' end)
         else '{}'::jsonb end,
         at
    from inserted i;

  select coalesce(array_agg(id), '{}') into admitted from private.admit_waiting_tasks(p_user_id) as id;
  return jsonb_build_object('batch_id', created.id, 'replayed', false, 'place', to_jsonb(admitted));
end;
$$;
comment on function public.batch_accept(uuid, uuid, jsonb, jsonb, text, text) is
  'Creates a batch and all its tasks in one statement (the rows'' shared fields once, on the batch) if the idempotency key, the create limit, the do-not-call list and every row''s calling window allow; admits the first into free call slots and returns {batch_id, place} or {error, rows}.';

create or replace function private.retention_erase_call_content(p_now timestamptz, p_limit integer) returns integer
language plpgsql
set search_path = ''
as $$
declare
  erased integer;
begin
  with due as (
    select id from public.tasks
     where content_erased_at is null and ended_at is not null
       and ended_at < p_now - interval '30 days'
     order by ended_at
     limit p_limit
     for update skip locked
  ), turns as (
    -- The turn texts of the event log; the turn itself (speaker, times) stays, so the log's
    -- sequence has no gaps. A turn's dedupe key quotes the provider's message: it goes too (no
    -- provider message about a call comes 30 days after it ended).
    update public.task_events e
       set data = jsonb_set(e.data, '{text}', 'null'::jsonb), dedupe_key = null
      from due
     where e.task_id = due.id and e.type = 'transcript.turn'
  ), erased_rows as (
    update public.tasks t
       set goal = null, context = '{}'::jsonb, metadata = '{}'::jsonb, first_sentence = null,
           voicemail_message = null, transcript = '[]'::jsonb, summary = null, result = null,
           result_note = null, content_erased_at = p_now
      from due
     where t.id = due.id
    returning t.id
  )
  select count(*) into erased from erased_rows;
  -- A batch's shared content goes with the content of its last task.
  update public.batches b
     set task_defaults = b.task_defaults - array['goal', 'first_sentence', 'voicemail_message', 'context', 'metadata']
   where b.task_defaults ?| array['goal', 'first_sentence', 'voicemail_message', 'context', 'metadata']
     and exists (select 1 from public.tasks t where t.batch_id = b.id and t.content_erased_at = p_now)
     and not exists (select 1 from public.tasks t where t.batch_id = b.id and t.content_erased_at is null);
  return erased;
end;
$$;
comment on function private.retention_erase_call_content(timestamptz, integer) is
  'Overwrites the content of up to p_limit tasks that ended over 30 days before p_now (also the turn texts of their event logs, and a batch''s shared content once all its tasks'' is erased).';

create or replace function public.task_save_result(
  p_task_id text, p_attempt integer, p_result jsonb, p_note text
) returns boolean
language plpgsql
set search_path = ''
as $$
begin
  -- Only the task's current attempt speaks for it, and only a task that asked for a result.
  update public.tasks
     set result = p_result, result_note = p_note, updated_at = now()
   where id = p_task_id and current_attempt = p_attempt
     and (output_schema is not null
          or exists (select 1 from public.batches b
                      where b.id = batch_id and b.task_defaults ? 'output_schema'));
  return found;
end;
$$;
comment on function public.task_save_result(text, integer, jsonb, text) is
  'Stores the structured result of a task''s current attempt (already validated against its output_schema) and the note on it, if any.';

create or replace function public.account_export_tasks(p_user_id uuid, p_after text, p_limit integer)
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  -- A page of the export's tasks, oldest first (ids sort by creation), after the task p_after.
  select coalesce(jsonb_agg(
           (to_jsonb(t) - 'user_id' - 'provider_token_hash' - 'watchdog_checked_at')
           || jsonb_build_object(
                'attempts', coalesce((
                  select jsonb_agg(to_jsonb(a) - 'task_id' - 'provider_control_url' order by a.number)
                    from public.task_attempts a where a.task_id = t.id), '[]'::jsonb),
                'events', coalesce((
                  select jsonb_agg(to_jsonb(e) - 'task_id' - 'dedupe_key' order by e.seq)
                    from public.task_events e where e.task_id = t.id), '[]'::jsonb))
           order by t.id), '[]'::jsonb)
    from (select (private.task_with_batch_defaults(x)).* from public.tasks x
           where x.user_id = p_user_id and (p_after is null or x.id > p_after)
           order by x.id limit least(greatest(p_limit, 1), 500)) t;
$$;
comment on function public.account_export_tasks(uuid, text, integer) is
  'One page (at most 500) of the data export''s tasks with their attempts and events, after the task p_after.';

-- Privileges -------------------------------------------------------------------------------------

revoke all on function private.batch_task_defaults(jsonb) from public, anon, authenticated;
revoke all on function private.task_with_batch_defaults(public.tasks) from public, anon, authenticated;
revoke all on function private.keep_batch_defaults_in_tasks() from public, anon, authenticated;
grant execute on function private.batch_task_defaults(jsonb) to service_role;
grant execute on function private.task_with_batch_defaults(public.tasks) to service_role;
