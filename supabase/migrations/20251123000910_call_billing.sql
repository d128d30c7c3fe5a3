-- Money of calls (docs/product-rules.md#holds-and-settlement): the first 100 minutes of an account
-- are free, then 1 cent a
-- minute from prepaid credits. Accepting a task holds the cost of its max_duration_minutes beyond
-- the free minutes still available (and reserves those free minutes), or refuses it; each attempt
-- is settled once on whole minutes (rounded up, unanswered attempts cost nothing); what is left
-- of the hold is released when the task ends. Everything here runs in one transaction under the
-- account's profile row lock, so concurrent requests can never overspend, and credits never go
-- negative (profiles_credits_not_negative, profiles_held_within_credits).

-- Tables -----------------------------------------------------------------------------------------

alter table public.profiles
  add column free_minutes_used integer not null default 0
    constraint profiles_free_minutes_used_range check (free_minutes_used between 0 and 100),
  add column free_minutes_reserved integer not null default 0
    constraint profiles_free_minutes_reserved_not_negative check (free_minutes_reserved >= 0),
  add column credits_held numeric(12, 2) not null default 0
    constraint profiles_credits_held_not_negative check (credits_held >= 0),
  add constraint profiles_held_within_credits check (credits_held <= credits),
  add constraint profiles_free_minutes_within_allowance check (free_minutes_used + free_minutes_reserved <= 100),
  add column available_credits numeric(12, 2) generated always as (credits - credits_held) stored;
comment on column public.profiles.free_minutes_used is 'Free minutes spent of the 100 every account gets.';
comment on column public.profiles.free_minutes_reserved is 'Free minutes reserved by tasks that have not ended.';
comment on column public.profiles.credits_held is 'Credits held by tasks that have not ended (docs/product-rules.md#holds-and-settlement).';
comment on column public.profiles.available_credits is 'What the balance bar shows: credits minus holds.';

-- Functions --------------------------------------------------------------------------------------

create function public.task_accept(
  p_user_id uuid, p_api_key_id uuid, p_task jsonb, p_idempotency_key text, p_request_hash text
) returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  account public.profiles%rowtype;
  existing public.task_idempotency_keys%rowtype;
  recent integer;
  oldest timestamptz;
  active integer;
  max_minutes integer := (p_task->>'max_duration_minutes')::integer;
  free_reserve integer;
  hold integer;
begin
  -- One account's creates run one at a time: the checks below and the hold are one decision.
  select * into account from public.profiles where id = p_user_id for update;
  if not found then
    return jsonb_build_object('error', 'unauthorized');
  end if;

  if p_api_key_id is not null then
    delete from public.task_create_requests
     where api_key_id = p_api_key_id and created_at < now() - interval '1 minute';
    select count(*), min(created_at) into recent, oldest
      from public.task_create_requests where api_key_id = p_api_key_id;
    if recent >= 60 then
      return jsonb_build_object('error', 'rate_limited', 'limit', 'requests',
        'retry_after', greatest(1, ceil(extract(epoch from (oldest + interval '1 minute' - now())))::integer));
    end if;
    insert into public.task_create_requests (api_key_id) values (p_api_key_id);
  end if;

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

  insert into public.tasks (
    id, user_id, api_key_id, source, phone_number, goal, context, metadata, voice, language,
    speaking_style, first_sentence, max_duration_minutes, voicemail_action, voicemail_message,
    retry_max_attempts, retry_interval_minutes, webhook_url, provider_token_hash,
    hold_cents, free_minutes_reserved
  ) values (
    p_task->>'id', p_user_id, p_api_key_id, coalesce(p_task->>'source', 'api'),
    p_task->>'phone_number', p_task->>'goal', coalesce(p_task->'context', '{}'::jsonb),
    coalesce(p_task->'metadata', '{}'::jsonb), p_task->>'voice', p_task->>'language',
    p_task->>'speaking_style', p_task->>'first_sentence', max_minutes,
    p_task->>'voicemail_action', p_task->>'voicemail_message',
    (p_task->>'retry_max_attempts')::integer, (p_task->>'retry_interval_minutes')::integer,
    p_task->>'webhook_url', p_task->>'provider_token_hash', hold, free_reserve
  );

  update public.profiles
     set credits_held = credits_held + hold / 100.0,
         free_minutes_reserved = free_minutes_reserved + free_reserve
   where id = p_user_id;

  if p_idempotency_key is not null then
    insert into public.task_idempotency_keys (user_id, key, request_hash, task_id)
    values (p_user_id, p_idempotency_key, p_request_hash, p_task->>'id');
  end if;

  perform private.append_task_event(p_task->>'id', 'task.queued', '{}'::jsonb);
  return jsonb_build_object('task_id', p_task->>'id', 'replayed', false);
end;
$$;
comment on function public.task_accept(uuid, uuid, jsonb, text, text) is
  'Creates a task if the account''s limits, idempotency key and balance allow, holding its cost; else returns {error}.';

create function private.settle_attempt(
  p_task public.tasks, p_attempt integer, p_duration_seconds integer, p_answered boolean
) returns void
language plpgsql
set search_path = ''
as $$
declare
  minutes integer := 0;
  free_use integer;
  cost integer;
begin
  if p_answered then
    -- Whole minutes, rounded up, never beyond the task's cap (which is what was held).
    minutes := least(ceil(greatest(p_duration_seconds, 0) / 60.0)::integer, p_task.max_duration_minutes);
  end if;
  free_use := least(minutes, p_task.free_minutes_reserved);
  cost := least(minutes - free_use, p_task.hold_cents);

  -- Exactly once: the attempt is marked settled in the same statement that checks it.
  update public.task_attempts
     set settled_at = now(), billed_minutes = minutes, free_minutes = free_use, cost_cents = cost,
         duration_seconds = case when p_answered then greatest(p_duration_seconds, 0) else 0 end
   where task_id = p_task.id and number = p_attempt and settled_at is null;
  if not found then
    return;
  end if;

  update public.tasks
     set billed_minutes = billed_minutes + minutes,
         free_minutes_used = free_minutes_used + free_use,
         cost_cents = cost_cents + cost,
         duration_seconds = duration_seconds + case when p_answered then greatest(p_duration_seconds, 0) else 0 end,
         free_minutes_reserved = free_minutes_reserved - free_use,
         hold_cents = hold_cents - cost
   where id = p_task.id;

  update public.profiles
     set free_minutes_used = free_minutes_used + free_use,
         free_minutes_reserved = free_minutes_reserved - free_use,
         credits = credits - cost / 100.0,
         credits_held = credits_held - cost / 100.0
   where id = p_task.user_id;
end;
$$;
comment on function private.settle_attempt(public.tasks, integer, integer, boolean) is
  'Bills one attempt once: whole minutes rounded up, free minutes first, from the task''s hold.';

create function private.release_if_done(p_task_id text) returns void
language plpgsql
set search_path = ''
as $$
declare
  task public.tasks%rowtype;
begin
  select * into task from public.tasks where id = p_task_id;
  if task.status not in ('success', 'no_answer', 'busy', 'voicemail', 'failed', 'canceled') then
    return;
  end if;
  -- An answered attempt still unsettled (a canceled call whose end report is on its way) keeps
  -- the hold until it is billed.
  if exists (select 1 from public.task_attempts
              where task_id = p_task_id and settled_at is null and answered_at is not null) then
    return;
  end if;
  update public.task_attempts set settled_at = now()
   where task_id = p_task_id and settled_at is null;
  if task.hold_cents = 0 and task.free_minutes_reserved = 0 then
    return;
  end if;
  update public.profiles
     set credits_held = credits_held - task.hold_cents / 100.0,
         free_minutes_reserved = free_minutes_reserved - task.free_minutes_reserved
   where id = task.user_id;
  update public.tasks set hold_cents = 0, free_minutes_reserved = 0 where id = p_task_id;
end;
$$;
comment on function private.release_if_done(text) is
  'Releases what is left of an ended task''s hold and free-minute reservation, once every answered attempt is billed.';

create function private.lock_task(p_task_id text) returns public.tasks
language plpgsql
set search_path = ''
as $$
declare
  owner uuid;
  task public.tasks%rowtype;
begin
  select user_id into owner from public.tasks where id = p_task_id;
  if not found then
    return null;
  end if;
  -- The account first, then the task: the order of every writer (task_accept locks the account
  -- too), so concurrent writers queue instead of deadlocking.
  perform 1 from public.profiles where id = owner for update;
  select * into task from public.tasks where id = p_task_id for update;
  return task;
end;
$$;
comment on function private.lock_task(text) is
  'Locks a task and its account for the rest of the transaction and returns the task (null if none).';

create function public.task_begin_attempt(p_task_id text) returns jsonb
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
     (task.status = 'queued' and task.current_attempt > 0) then
    return jsonb_build_object('error', 'not_startable', 'status', task.status);
  end if;
  insert into public.task_attempts (task_id, number) values (p_task_id, task.current_attempt + 1);
  update public.tasks
     set current_attempt = current_attempt + 1, status = 'queued', next_attempt_at = null, updated_at = now()
   where id = p_task_id;
  return jsonb_build_object('attempt', task.current_attempt + 1);
end;
$$;
comment on function public.task_begin_attempt(text) is
  'Opens the next attempt of a queued task or of a due retry; refuses any other state.';

create function public.task_attempt_placed(
  p_task_id text, p_attempt integer, p_provider_call_id text, p_control_url text
) returns void
language sql
set search_path = ''
as $$
  update public.task_attempts
     set provider_call_id = p_provider_call_id, provider_control_url = p_control_url,
         started_at = coalesce(started_at, now())
   where task_id = p_task_id and number = p_attempt;
$$;
comment on function public.task_attempt_placed(text, integer, text, text) is
  'Records the provider''s call id and control URL of an attempt.';

create function public.task_apply(
  p_task_id text, p_attempt integer, p_expected_status text, p_plan jsonb
) returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  task public.tasks%rowtype := private.lock_task(p_task_id);
  event jsonb;
  fields jsonb := coalesce(p_plan->'task', '{}'::jsonb);
  attempt_fields jsonb := p_plan->'attempt';
  settle jsonb := p_plan->'settle';
begin
  if task.id is null then
    return jsonb_build_object('applied', false, 'reason', 'not_found');
  end if;

  -- The plan was decided on a state that must still hold (optimistic concurrency).
  if task.status <> p_expected_status or (p_attempt is not null and p_attempt > task.current_attempt) then
    return jsonb_build_object('applied', false, 'reason', 'stale', 'status', task.status);
  end if;
  -- A message seen before changes nothing.
  for event in select * from jsonb_array_elements(coalesce(p_plan->'events', '[]'::jsonb)) loop
    if event->>'dedupe_key' is not null and exists (
      select 1 from public.task_events where task_id = p_task_id and dedupe_key = event->>'dedupe_key'
    ) then
      return jsonb_build_object('applied', false, 'reason', 'duplicate', 'status', task.status);
    end if;
  end loop;

  if attempt_fields is not null and p_attempt is not null then
    update public.task_attempts a
       set status = coalesce(attempt_fields->>'status', a.status),
           started_at = coalesce(a.started_at, (attempt_fields->>'started_at')::timestamptz),
           answered_at = coalesce(a.answered_at, (attempt_fields->>'answered_at')::timestamptz),
           ended_at = coalesce((attempt_fields->>'ended_at')::timestamptz, a.ended_at),
           ended_reason = coalesce(attempt_fields->>'ended_reason', a.ended_reason)
     where a.task_id = p_task_id and a.number = p_attempt;
  end if;

  update public.tasks t
     set status = coalesce(p_plan->>'status', t.status),
         outcome = case when fields ? 'outcome' then fields->>'outcome' else t.outcome end,
         started_at = coalesce(t.started_at, (fields->>'started_at')::timestamptz),
         ended_at = case when fields ? 'ended_at' then (fields->>'ended_at')::timestamptz else t.ended_at end,
         summary = case when fields ? 'summary' then fields->>'summary' else t.summary end,
         recording_url = case when fields ? 'recording_url' then fields->>'recording_url' else t.recording_url end,
         failure_reason = case when fields ? 'failure_reason' then fields->>'failure_reason' else t.failure_reason end,
         next_attempt_at = case when fields ? 'next_attempt_at' then (fields->>'next_attempt_at')::timestamptz else t.next_attempt_at end,
         transcript = case
           when fields ? 'transcript' then fields->'transcript'
           when fields ? 'append_transcript' then t.transcript || jsonb_build_array(fields->'append_transcript')
           else t.transcript end,
         updated_at = now()
   where t.id = p_task_id;

  if settle is not null and p_attempt is not null then
    select * into task from public.tasks where id = p_task_id;
    perform private.settle_attempt(
      task, p_attempt, coalesce((settle->>'duration_seconds')::integer, 0),
      coalesce((settle->>'answered')::boolean, false));
  end if;

  for event in select * from jsonb_array_elements(coalesce(p_plan->'events', '[]'::jsonb)) loop
    perform private.append_task_event(p_task_id, event->>'type', event->'data', event->>'dedupe_key');
  end loop;

  perform private.release_if_done(p_task_id);
  select status into task.status from public.tasks where id = p_task_id;
  return jsonb_build_object('applied', true, 'status', task.status);
end;
$$;
comment on function public.task_apply(text, integer, text, jsonb) is
  'Applies a transition decided by the status machine (voice/status-machine.ts) if the task is still in the state it was decided on: fields, events, settlement and release in one transaction.';

create function public.usage_summary() returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select jsonb_build_object(
    'free_minutes_total', 100,
    'free_minutes_used', coalesce((select free_minutes_used from public.profiles where id = auth.uid()), 0),
    'month_minutes', coalesce((
      select sum(a.billed_minutes) from public.task_attempts a join public.tasks t on t.id = a.task_id
       where t.user_id = auth.uid() and a.settled_at >= date_trunc('month', now())), 0),
    'month_cost_usd', coalesce((
      select sum(a.cost_cents) from public.task_attempts a join public.tasks t on t.id = a.task_id
       where t.user_id = auth.uid() and a.settled_at >= date_trunc('month', now())), 0) / 100.0,
    'daily', coalesce((
      select jsonb_agg(jsonb_build_object('day', to_char(d.day, 'YYYY-MM-DD'), 'minutes', d.minutes) order by d.day)
        from (
          select days.day, coalesce(sum(a.billed_minutes), 0)::integer as minutes
            from generate_series(current_date - 29, current_date, interval '1 day') as days(day)
            left join public.tasks t on t.user_id = auth.uid()
            left join public.task_attempts a
              on a.task_id = t.id and a.settled_at >= days.day and a.settled_at < days.day + interval '1 day'
           group by days.day
        ) d), '[]'::jsonb)
  );
$$;
comment on function public.usage_summary() is
  'The caller''s usage: free minutes used of 100, minutes and dollars this month, minutes per day for 30 days.';

-- Grants -----------------------------------------------------------------------------------------

revoke all on function public.task_accept(uuid, uuid, jsonb, text, text) from public, anon, authenticated;
revoke all on function public.task_begin_attempt(text) from public, anon, authenticated;
revoke all on function public.task_attempt_placed(text, integer, text, text) from public, anon, authenticated;
revoke all on function public.task_apply(text, integer, text, jsonb) from public, anon, authenticated;
revoke all on function private.settle_attempt(public.tasks, integer, integer, boolean) from public, anon, authenticated;
revoke all on function private.release_if_done(text) from public, anon, authenticated;
revoke all on function private.lock_task(text) from public, anon, authenticated;
grant execute on function public.task_accept(uuid, uuid, jsonb, text, text) to service_role;
grant execute on function public.task_begin_attempt(text) to service_role;
grant execute on function public.task_attempt_placed(text, integer, text, text) to service_role;
grant execute on function public.task_apply(text, integer, text, jsonb) to service_role;
grant execute on function private.settle_attempt(public.tasks, integer, integer, boolean) to service_role;
grant execute on function private.release_if_done(text) to service_role;
grant execute on function private.lock_task(text) to service_role;

revoke all on function public.usage_summary() from public, anon;
grant execute on function public.usage_summary() to authenticated;
