-- Storage proportional to money, and one live call per callee:
--  - an account holds at most 2,000 open tasks (scheduled, queued, ringing, in progress or waiting
--    for a retry); a create or a batch that would pass it is refused (429, too_many_open_tasks);
--  - a batch is accepted only when the account's credits (and free minutes left) cover every row's
--    longest call: a row that cannot be funded is refused at create, not stored to fail later;
--  - an account never has two live calls to one number: a create to a number it is calling now
--    waits (queued, awaiting a slot, its cost held) until that call ends, a waiting batch row or
--    a due scheduled task is passed over while it lasts, and a retry waits as it does for a call
--    slot.
-- Otherwise each function is as its last migration left it.

-- Functions --------------------------------------------------------------------------------------

create or replace function private.has_live_call(p_user_id uuid, p_phone_number text) returns boolean
language sql
stable
set search_path = ''
as $$
  select exists (
    select 1 from public.tasks
     where user_id = p_user_id and phone_number = p_phone_number
       and status in ('ringing', 'in_progress', 'queued') and not awaiting_slot
  );
$$;
comment on function private.has_live_call(uuid, text) is
  'Whether the account has a call to this number holding a call slot (queued to be dialled, ringing or talking).';

create or replace function private.open_task_count(p_user_id uuid) returns integer
language sql
stable
set search_path = ''
as $$
  select count(*)::integer from public.tasks
   where user_id = p_user_id
     and status in ('scheduled', 'queued', 'ringing', 'in_progress', 'retry_scheduled');
$$;
comment on function private.open_task_count(uuid) is
  'The account''s tasks that have not ended (at most 2,000 may be open at once).';

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
  waits boolean;
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
   where user_id = p_user_id and status in ('queued', 'ringing', 'in_progress') and not awaiting_slot;
  if active >= 10 then
    return jsonb_build_object('error', 'rate_limited', 'limit', 'active_calls', 'retry_after', 30);
  end if;

  -- What an account may store is bounded: 2,000 tasks that have not ended.
  if private.open_task_count(p_user_id) >= 2000 then
    return jsonb_build_object('error', 'too_many_open_tasks', 'limit', 2000);
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

  -- A number the account is calling now is not rung a second time at once: the task waits for a
  -- slot, its cost held now like any create's (admit_waiting_tasks passes it over while that call
  -- lasts, and holds nothing more when it admits it).
  waits := opening <= now() and private.has_live_call(p_user_id, p_task->>'phone_number');

  insert into public.tasks (
    id, user_id, api_key_id, source, phone_number, goal, context, metadata, voice, language,
    speaking_style, first_sentence, max_duration_minutes, voicemail_action, voicemail_message,
    retry_max_attempts, retry_interval_minutes, webhook_url, provider_token_hash,
    hold_cents, free_minutes_reserved, time_zones, call_window_start, call_window_end,
    schedule_at, status, scheduled_for, output_schema, record, recording_retention_days, event_seq,
    awaiting_slot
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
    coalesce((p_task->>'recording_retention_days')::integer, 30), 1, waits
  ) returning * into created;

  update public.profiles
     set credits_held = credits_held + hold / 100.0,
         free_minutes_reserved = free_minutes_reserved + free_reserve
   where id = p_user_id;

  if p_idempotency_key is not null then
    insert into public.task_idempotency_keys (user_id, key, request_hash, task_id)
    values (p_user_id, p_idempotency_key, p_request_hash, created.id);
  end if;

  -- The task's first event, numbered 1 as the row above already says (event_seq): written here
  -- rather than through append_task_event, which would update the new row a second time.
  insert into public.task_events (task_id, seq, type, data)
  values (created.id, 1,
    case when created.status = 'scheduled' then 'task.scheduled' else 'task.queued' end,
    case when created.status = 'scheduled' then jsonb_build_object(
      'scheduled_for', opening,
      'reason', case when requested > now() then 'schedule_at' else 'calling_window' end)
    else '{}'::jsonb end);
  return jsonb_build_object('task_id', created.id, 'replayed', false,
    'task', to_jsonb(created) - 'provider_token_hash');
end;
$$;
comment on function public.task_accept(uuid, uuid, jsonb, text, text) is
  'Creates a task if the account''s limits, idempotency key and balance allow, holding its cost; returns {task_id, task} or {error}.';

create or replace function private.admit_waiting_tasks(p_user_id uuid) returns setof text
language plpgsql
set search_path = ''
as $$
declare
  account public.profiles%rowtype;
  active integer;
  waiting record;
  free_reserve integer;
  hold integer;
  at timestamptz := now();
begin
  -- The account's row lock orders this with every create, cancel and call transition of the
  -- account: the count below and the admissions are one decision, so no slot is given twice.
  select * into account from public.profiles where id = p_user_id for update;
  if not found then
    return;
  end if;
  select count(*) into active from public.tasks
   where user_id = p_user_id and status in ('queued', 'ringing', 'in_progress') and not awaiting_slot;
  if active >= 10 then
    return;
  end if;
  for waiting in
    select id, max_duration_minutes, phone_number, hold_cents, free_minutes_reserved
      from public.tasks
     where user_id = p_user_id and status = 'queued' and awaiting_slot
     order by batch_id, batch_index
     for update
  loop
    exit when active >= 10;
    -- One live call per callee: a task to a number the account is calling now waits its turn.
    continue when private.has_live_call(p_user_id, waiting.phone_number);
    -- A task created alone that waited for its callee holds its cost since its create.
    if waiting.hold_cents > 0 or waiting.free_minutes_reserved > 0 then
      update public.tasks set awaiting_slot = false, slot_claimed_at = at, updated_at = at
       where id = waiting.id;
      active := active + 1;
      return next waiting.id;
      continue;
    end if;
    select * into account from public.profiles where id = p_user_id;
    free_reserve := least(waiting.max_duration_minutes,
      100 - account.free_minutes_used - account.free_minutes_reserved);
    hold := waiting.max_duration_minutes - free_reserve; -- cents: 1 cent a minute
    if account.credits - account.credits_held < hold / 100.0 then
      -- Cannot be funded now: this task ends, the batch goes on with the next.
      update public.tasks
         set status = 'failed', outcome = 'not_achieved', failure_reason = 'insufficient_credits',
             awaiting_slot = false, ended_at = at, updated_at = at
       where id = waiting.id;
      perform private.append_task_event(waiting.id, 'task.completed', '{}'::jsonb);
      continue;
    end if;
    update public.tasks
       set awaiting_slot = false, slot_claimed_at = at, hold_cents = hold,
           free_minutes_reserved = free_reserve, updated_at = at
     where id = waiting.id;
    update public.profiles
       set credits_held = credits_held + hold / 100.0,
           free_minutes_reserved = free_minutes_reserved + free_reserve
     where id = p_user_id;
    active := active + 1;
    return next waiting.id;
  end loop;
end;
$$;
comment on function private.admit_waiting_tasks(uuid) is
  'Gives the account''s free call slots to its waiting batch tasks in order, holding each one''s cost (or failing it with insufficient_credits); returns the ids to place.';

create or replace function public.dispatch_claim_scheduled(p_now timestamptz, p_limit integer) returns setof text
language plpgsql
set search_path = ''
as $$
declare
  due_id text;
  account uuid;
  active integer;
  placed integer := 0;
begin
  -- Row locks are only ever taken with skip locked, and accounts in a fixed order, so no run
  -- waits on a task another transaction holds while it holds an account.
  -- A task created alone is placed when its window opens if the account has a free call slot
  -- (else it waits): counted and moved under the account's lock.
  for account in
    select distinct t.user_id from public.tasks t
     where t.status = 'scheduled' and t.scheduled_for <= p_now and t.batch_id is null
     order by t.user_id
  loop
    exit when placed >= p_limit;
    perform 1 from public.profiles where id = account for update;
    select count(*) into active from public.tasks
     where user_id = account and status in ('queued', 'ringing', 'in_progress') and not awaiting_slot;
    for due_id in
      select t.id from public.tasks t
       where t.user_id = account and t.status = 'scheduled' and t.scheduled_for <= p_now
         and t.batch_id is null
         and private.next_call_opening(p_now, t.time_zones, t.call_window_start, t.call_window_end) <= p_now
       order by t.scheduled_for
       limit greatest(0, least(10 - active, p_limit - placed))
       for update skip locked
    loop
      -- One live call per callee: due again at the next run, once that call has ended.
      continue when private.has_live_call(account,
        (select phone_number from public.tasks where id = due_id));
      update public.tasks set status = 'queued', updated_at = now() where id = due_id;
      perform private.append_task_event(due_id, 'task.queued', '{}'::jsonb);
      placed := placed + 1;
      return next due_id;
    end loop;
  end loop;
  -- A batch task whose window opened joins its account's waiting tasks; it is placed when a slot
  -- frees (the dispatcher admits waiting tasks after this).
  for due_id in
    select t.id from public.tasks t
     where t.status = 'scheduled' and t.scheduled_for <= p_now and t.batch_id is not null
       and private.next_call_opening(p_now, t.time_zones, t.call_window_start, t.call_window_end) <= p_now
     order by t.scheduled_for
     limit p_limit
     for update skip locked
  loop
    update public.tasks set status = 'queued', awaiting_slot = true, updated_at = now() where id = due_id;
    perform private.append_task_event(due_id, 'task.queued', '{}'::jsonb);
  end loop;
  -- Due but outside the window (a clock that jumped past a whole window): the next opening.
  update public.tasks t
     set scheduled_for = private.next_call_opening(p_now, t.time_zones, t.call_window_start, t.call_window_end)
   where t.id in (
     select d.id from public.tasks d
      where d.status = 'scheduled' and d.scheduled_for <= p_now
        and private.next_call_opening(p_now, d.time_zones, d.call_window_start, d.call_window_end) > p_now
      for update skip locked);
end;
$$;
comment on function public.dispatch_claim_scheduled(timestamptz, integer) is
  'Moves scheduled tasks whose window has opened to queued: a task created alone when its account has a free call slot (returned, to place), a batch task to the waiting tasks (admitted by dispatch_claim_batch_slots).';

create or replace function public.task_begin_attempt(p_task_id text, p_token_hash text default null) returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  task public.tasks%rowtype := private.lock_task(p_task_id);
begin
  if task.id is null then
    return jsonb_build_object('error', 'not_found');
  end if;
  if task.status not in ('queued', 'retry_scheduled') or
     (task.status = 'queued' and (task.current_attempt > 0 or task.awaiting_slot)) then
    return jsonb_build_object('error', 'not_startable', 'status', task.status);
  end if;
  -- A retry takes a call slot like any other call: while ten of the account's calls hold one it
  -- waits, due again at the next dispatch run. Counted under the account's lock (lock_task), as
  -- admissions and creates are.
  if task.status = 'retry_scheduled' and (
       select count(*) from public.tasks
        where user_id = task.user_id and status in ('queued', 'ringing', 'in_progress')
          and not awaiting_slot) >= 10 then
    update public.tasks set next_attempt_at = now() where id = p_task_id;
    return jsonb_build_object('error', 'no_call_slot', 'status', task.status);
  end if;
  -- Nor does a retry ring a number the account is calling now (another task's call).
  if task.status = 'retry_scheduled' and exists (
       select 1 from public.tasks
        where user_id = task.user_id and phone_number = task.phone_number and id <> task.id
          and status in ('queued', 'ringing', 'in_progress') and not awaiting_slot) then
    update public.tasks set next_attempt_at = now() where id = p_task_id;
    return jsonb_build_object('error', 'callee_busy', 'status', task.status);
  end if;
  insert into public.task_attempts (task_id, number) values (p_task_id, task.current_attempt + 1);
  -- The provider's token is rotated with each attempt; only its hash is kept.
  update public.tasks
     set current_attempt = current_attempt + 1, status = 'queued', next_attempt_at = null,
         provider_token_hash = coalesce(p_token_hash, provider_token_hash), updated_at = now()
   where id = p_task_id
  returning * into task;
  return jsonb_build_object('attempt', task.current_attempt, 'task', to_jsonb(task) - 'provider_token_hash');
end;
$$;
comment on function public.task_begin_attempt(text, text) is
  'Opens the next attempt of a queued task or of a due retry (a retry only when the account has a free call slot; refuses any other state) and returns the task to place it with.';

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
    request_hash, created_at, updated_at)
  values (p_batch->>'id', p_user_id, p_api_key_id, coalesce(p_batch->>'source', 'api'),
    jsonb_array_length(p_tasks), p_batch->>'webhook_url', p_idempotency_key, p_request_hash, at, at)
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
      coalesce(p.task->>'first_sentence', private.default_first_sentence(p.language, p.voice)),
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
  'Creates a batch and all its tasks in one statement if the idempotency key, the create limit, the do-not-call list and every row''s calling window allow; admits the first into free call slots and returns {batch_id, place} or {error, rows}.';

-- Privileges -------------------------------------------------------------------------------------

revoke all on function private.has_live_call(uuid, text) from public, anon, authenticated;
revoke all on function private.open_task_count(uuid) from public, anon, authenticated;
grant execute on function private.has_live_call(uuid, text) to service_role;
grant execute on function private.open_task_count(uuid) to service_role;
