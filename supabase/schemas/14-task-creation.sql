-- Task creation: the one place where the rules of every domain meet for a new call (the account's
-- KYC and limits, money, do-not-call, calling windows), so it applies after all of them.

-- Functions --------------------------------------------------------------------------------------

-- Accepting a task costs one write of its row and one commit nobody waits behind:
--  - task_accept inserts the row with event_seq 1 and its first event directly, as batch_accept
--    does, instead of appending the event through append_task_event (a second update of the
--    row it has just inserted) and reading the row back;
--  - the first event of a task wakes no stream: it is written in the transaction that creates the
--    task, before anyone can know the task's id, and a stream replays what is stored when it
--    opens. A NOTIFY holds a lock that orders every notifying commit of the cluster one after the
--    other, flush included, so creates that notify nobody no longer queue behind each other;
--  - the webhook outbox's trigger (09-dispatch-and-webhooks.sql) reads only the two columns it needs.

create function public.task_accept(
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
  max_minutes integer := coalesce((p_task->>'max_duration_minutes')::integer,
    private.limit_of('maxDurationMinutes', 'default'));
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
  if recent >= private.limit_of('createsPerMinutePerAccount') then
    return jsonb_build_object('error', 'rate_limited', 'limit', 'requests',
      'retry_after', greatest(1, ceil(extract(epoch from (oldest + interval '1 minute' - now())))::integer));
  end if;
  insert into public.task_create_requests (user_id, api_key_id) values (p_user_id, p_api_key_id);

  select count(*) into active from public.tasks
   where user_id = p_user_id and status in ('queued', 'ringing', 'in_progress') and not awaiting_slot;
  if active >= private.limit_of('activeCallsPerAccount') then
    return jsonb_build_object('error', 'rate_limited', 'limit', 'active_calls', 'retry_after', 30);
  end if;

  -- What an account may store is bounded: openTasksPerAccount tasks that have not ended.
  if private.open_task_count(p_user_id) >= private.limit_of('openTasksPerAccount') then
    return jsonb_build_object('error', 'too_many_open_tasks', 'limit', private.limit_of('openTasksPerAccount'));
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

  -- A number the account is calling now is not rung a second time at once, and a call needs one
  -- of the provider's lines: otherwise the task waits for a slot, its cost held now like any
  -- create's (the dispatcher admits it, holding nothing more). The lines are locked last, so the
  -- lock is held only for the insert below.
  waits := opening <= now() and (private.has_live_call(p_user_id, p_task->>'phone_number')
    or not private.takes_provider_line(p_user_id, active));

  insert into public.tasks (
    id, user_id, api_key_id, source, phone_number, goal, context, metadata, voice, language,
    speaking_style, first_sentence, max_duration_minutes, voicemail_action, voicemail_message,
    retry_max_attempts, retry_interval_minutes, webhook_url, provider_token_hash,
    hold_cents, free_minutes_reserved, time_zones, call_window_start, call_window_end,
    schedule_at, status, scheduled_for, output_schema, record, recording_retention_days, event_seq,
    awaiting_slot, purpose
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
    coalesce((p_task->>'recording_retention_days')::integer, 30), 1, waits,
    coalesce(p_task->>'purpose', 'informational')
  ) returning * into created;

  -- The callee's consent, kept as an immutable audit record (05-tasks.sql, task_consents).
  if jsonb_typeof(p_task->'consent') = 'object' then
    insert into public.task_consents (task_id, user_id, purpose, type, obtained_at, source, reference)
    values (created.id, p_user_id, created.purpose, p_task->'consent'->>'type',
      (p_task->'consent'->>'obtained_at')::timestamptz, p_task->'consent'->>'source',
      p_task->'consent'->>'reference');
  end if;

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
    'task', to_jsonb(created) - 'provider_token_hash' || jsonb_build_object('consent',
      (select to_jsonb(c) - 'task_id' - 'user_id' - 'purpose' from public.task_consents c
        where c.task_id = created.id)));
end;
$$;
comment on function public.task_accept(uuid, uuid, jsonb, text, text) is
  'Creates a task if the account''s limits, idempotency key and balance allow, holding its cost (waiting for a slot when its callee is busy or no provider line is free); returns {task_id, task} or {error}.';
revoke all on function public.task_accept(uuid, uuid, jsonb, text, text) from public, anon, authenticated;
grant execute on function public.task_accept(uuid, uuid, jsonb, text, text) to service_role;
