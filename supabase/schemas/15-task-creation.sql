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
  rule private.state_calling_rules%rowtype;
  within_hours timestamptz;
  day_opening timestamptz;
  reason text;
  waits boolean;
  basis jsonb;
  caller public.phone_numbers%rowtype;
  -- Test mode (docs/product-rules.md#test-mode): the key's mode (task_create) or the session's.
  task_livemode boolean := coalesce((p_task->>'livemode')::boolean, true);
  clock text := case when not coalesce((p_task->>'livemode')::boolean, true)
    then coalesce(p_task->>'test_clock', 'open') end;
  clock_shift interval := case when clock <> 'open' then clock::timestamptz - now() end;
  default_agent text;
  refusal jsonb;
begin
  if task_livemode and p_task->>'test_clock' is not null then
    return jsonb_build_object('error', 'test_clock_in_live_mode');
  end if;
  if task_livemode and coalesce((p_task->>'retry_waits_compressed')::boolean, false) then
    return jsonb_build_object('error', 'compressed_waits_in_live_mode');
  end if;
  -- A task that names no agent runs with the account's default agent: the caller merges its
  -- fields under the task's and asks again (before anything below is counted).
  if p_task->>'agent_id' is null and coalesce((p_task->>'takes_default_agent')::boolean, false) then
    default_agent := public.default_agent_of(p_user_id);
    if default_agent is not null then
      return jsonb_build_object('error', 'default_agent', 'agent_id', default_agent);
    end if;
  end if;
  -- A live call takes only an agent version that passed the agent's gate suite, if it has one.
  if task_livemode and p_task->>'agent_id' is not null
     and not private.agent_version_cleared(p_task->>'agent_id', (p_task->>'agent_version')::integer) then
    return jsonb_build_object('error', 'agent_version_untested', 'agent_id', p_task->>'agent_id',
      'agent_version', (p_task->>'agent_version')::integer);
  end if;

  -- One account's creates run one at a time: the checks below and the hold are one decision.
  select * into account from public.profiles where id = p_user_id for update;
  if not found then
    return jsonb_build_object('error', 'unauthorized');
  end if;

  -- A replay answers before the rate limit: retrying a request never costs a slot.
  if p_idempotency_key is not null then
    delete from public.task_idempotency_keys
     where user_id = p_user_id and livemode = task_livemode and key = p_idempotency_key
       and created_at < now() - interval '24 hours';
    select * into existing from public.task_idempotency_keys
     where user_id = p_user_id and livemode = task_livemode and key = p_idempotency_key;
    if found then
      if existing.request_hash = p_request_hash then
        return jsonb_build_object('task_id', existing.task_id, 'replayed', true);
      end if;
      return jsonb_build_object('error', 'idempotency_conflict');
    end if;
  end if;

  -- A number on the account's do-not-call list is never called, from any entry point.
  select * into listed from public.do_not_call
   where user_id = p_user_id and livemode = task_livemode and phone_number = p_task->>'phone_number';
  if found then
    return jsonb_build_object('error', 'do_not_call', 'source', listed.source,
      'listed_at', listed.created_at);
  end if;
  -- Nor is the number a call is transferred to.
  if exists (select 1 from public.do_not_call
              where user_id = p_user_id and livemode = task_livemode
                and phone_number = p_task->'transfer'->>'to') then
    return jsonb_build_object('error', 'transfer_do_not_call');
  end if;

  -- A live AI call needs a legal basis: the task's consent or exemption, else the account's
  -- attested default (15-legal-basis.sql). Test calls reach nobody and need none.
  if task_livemode then
    basis := private.legal_basis_of(p_user_id, p_task);
    if basis is null then
      return jsonb_build_object('error', 'legal_basis_required');
    end if;
    -- And it shows one of the account's own numbers (14-phone-numbers.sql): an account with none
    -- is told so, with its id, so the caller can make its verified phone its caller ID first. (A
    -- closed account's are released; its insert is refused as closed.)
    if account.closed_at is null
       and not exists (select 1 from public.phone_numbers where user_id = p_user_id and status = 'active') then
      return jsonb_build_object('error', 'caller_number_required', 'user_id', p_user_id);
    end if;
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

  -- Its call slots, the open tasks it may store, and (test mode) its day's test calls.
  refusal := private.new_call_refusal(p_user_id, task_livemode);
  if refusal is not null then
    return refusal;
  end if;

  -- What the request leaves out comes from the account's saved phone-agent settings.
  select * into settings from public.agent_settings where user_id = p_user_id;
  chosen_voice := coalesce(p_task->>'voice', settings.voice, 'Aria');
  chosen_language := coalesce(p_task->>'language', settings.language, 'en');

  -- The callee's state may allow fewer hours for a call of this purpose (private.state_rule_for):
  -- the task keeps the narrower window, so every later attempt honours it the way it honours the
  -- requested one.
  rule := private.state_rule_for(p_task->>'phone_number', coalesce(p_task->>'purpose', 'informational'));
  window_start := greatest(window_start, coalesce(rule.call_start, window_start));
  window_end := least(window_end, coalesce(rule.call_end, window_end));
  if window_start >= window_end then
    return jsonb_build_object('error', 'call_window_never_open', 'time_zones', zones,
      'state', rule.state, 'state_hours', jsonb_build_object('start', rule.call_start, 'end', rule.call_end));
  end if;

  -- Outside the callee's calling window, on a weekday or legal holiday its state excludes, past
  -- its state's cap of calls in 24 hours, or asked for later: scheduled for the first instant all
  -- of them allow.
  -- A test task judges its window on its test clock instead: always open by default, or at the
  -- moment it set (schedule_at then reads on that clock too), brought back to the real clock.
  if task_livemode then
    within_hours := private.next_call_opening(greatest(now(), coalesce(requested, now())), zones,
      window_start, window_end);
    day_opening := private.call_day_opening(p_task->>'phone_number',
      greatest(now(), coalesce(requested, now())), zones, window_start, window_end,
      coalesce(p_task->>'purpose', 'informational'));
    opening := private.call_opening(p_user_id, p_task->>'phone_number', null,
      greatest(now(), coalesce(requested, now())), zones, window_start, window_end,
      coalesce(p_task->>'purpose', 'informational'));
    if opening is null or within_hours is null then
      return jsonb_build_object('error', 'call_window_never_open', 'time_zones', zones);
    end if;
    reason := case
      when opening > day_opening then 'state_call_cap'
      when day_opening > within_hours then 'state_calling_days'
      when requested > now() and opening = private.next_call_opening(requested, zones,
        coalesce((p_task->>'call_window_start')::time, '08:00'),
        coalesce((p_task->>'call_window_end')::time, '21:00')) then 'schedule_at'
      when rule.call_end is not null and opening > private.next_call_opening(now(), zones,
        coalesce((p_task->>'call_window_start')::time, '08:00'),
        coalesce((p_task->>'call_window_end')::time, '21:00')) then 'state_calling_hours'
      when requested > now() then 'schedule_at'
      else 'calling_window' end;
  else
    opening := case
      when clock_shift is null then greatest(now(), coalesce(requested, now()))
      else private.call_day_opening_on_clock(p_task->>'phone_number',
        greatest(now() + clock_shift, coalesce(requested, now() + clock_shift)),
        zones, window_start, window_end, coalesce(p_task->>'purpose', 'informational')) - clock_shift
    end;
    if opening is null then
      return jsonb_build_object('error', 'call_window_never_open', 'time_zones', zones);
    end if;
    -- The reason names the rule that moved the call, judged on the test clock as the opening is.
    reason := case
      when requested > now() + coalesce(clock_shift, interval '0') then 'schedule_at'
      when clock_shift is not null and opening > private.next_call_opening_on_clock(
          greatest(now() + clock_shift, coalesce(requested, now() + clock_shift)), zones,
          window_start, window_end) - clock_shift then 'state_calling_days'
      when clock_shift is not null and rule.call_end is not null and opening > private.next_call_opening_on_clock(
          greatest(now() + clock_shift, coalesce(requested, now() + clock_shift)), zones,
          coalesce((p_task->>'call_window_start')::time, '08:00'),
          coalesce((p_task->>'call_window_end')::time, '21:00')) - clock_shift then 'state_calling_hours'
      else 'calling_window' end;
  end if;

  -- A number the account is calling now is not rung a second time at once, and a call needs one
  -- of the provider's lines: otherwise the task waits for a slot (the dispatcher admits it and
  -- holds its cost then). The lines are locked last, so the lock is held only for the insert below.
  if task_livemode then
    perform private.lock_callee(p_task->>'phone_number');
  end if;
  waits := opening <= now() and (private.has_live_call(p_user_id, p_task->>'phone_number', task_livemode)
    or (task_livemode and not private.takes_provider_line(p_user_id)));

  -- A call placed now holds its cost now. A scheduled or waiting one holds nothing until it is
  -- placed (then it is held, or the task fails with insufficient_credits), so it keeps no free
  -- minutes from the account's other calls meanwhile; it is accepted only if the account could
  -- pay for one minute now.
  free_reserve := greatest(least(max_minutes, 100 - account.free_minutes_used - account.free_minutes_reserved), 0);
  hold := max_minutes - free_reserve; -- cents: 1 cent a minute
  if not task_livemode then
    -- A test call is free (docs/product-rules.md#test-mode): it holds nothing, uses no free minute.
    free_reserve := 0;
    hold := 0;
  elsif opening > now() or waits then
    if free_reserve = 0 and account.credits - account.credits_held < 0.01 then
      return jsonb_build_object('error', 'insufficient_credits',
        'required_usd', 0.01, 'available_usd', account.credits - account.credits_held);
    end if;
    free_reserve := 0;
    hold := 0;
  elsif account.credits - account.credits_held < hold / 100.0 then
    return jsonb_build_object('error', 'insufficient_credits',
      'required_usd', hold / 100.0, 'available_usd', account.credits - account.credits_held);
  end if;

  -- The number the call shows: one of the account's active numbers when the task names one (by
  -- id or digits); else the default, filled in by the insert's trigger (05-tasks.sql).
  if p_task->>'from_number' is not null then
    select * into caller from public.phone_numbers
     where user_id = p_user_id and status = 'active'
       and (id = p_task->>'from_number' or phone_number = p_task->>'from_number');
    if not found then
      return jsonb_build_object('error', 'from_number_unknown');
    end if;
  end if;

  insert into public.tasks (
    id, user_id, api_key_id, source, phone_number, goal, context, metadata, voice, language,
    speaking_style, first_sentence, max_duration_minutes, voicemail_action, voicemail_message,
    retry_max_attempts, retry_interval_minutes, webhook_url, provider_token_hash,
    hold_cents, free_minutes_reserved, time_zones, call_window_start, call_window_end,
    schedule_at, status, scheduled_for, output_schema, record, recording_retention_days, event_seq,
    awaiting_slot, livemode, test_clock, test_clock_shift, tools, purpose, transfer, legal_basis,
    retry_waits_compressed, offer, from_number_id, agent_id, agent_version, test_scenario
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
    task_livemode, clock, clock_shift,
    case when jsonb_typeof(p_task->'tools') = 'array' then p_task->'tools' end,
    coalesce(p_task->>'purpose', 'informational'),
    case when jsonb_typeof(p_task->'transfer') = 'object' then p_task->'transfer' end,
    basis, coalesce((p_task->>'retry_waits_compressed')::boolean, false), p_task->>'offer',
    caller.id, p_task->>'agent_id', (p_task->>'agent_version')::integer,
    case when not task_livemode and jsonb_typeof(p_task->'test_scenario') = 'object'
      then p_task->'test_scenario' end
  ) returning * into created;

  -- The callee's consent, kept as an immutable audit record (05-tasks.sql, task_consents).
  if jsonb_typeof(p_task->'consent') = 'object' then
    insert into public.task_consents (task_id, user_id, purpose, type, obtained_at, source, reference,
      phone_number, given_by)
    values (created.id, p_user_id, created.purpose, p_task->'consent'->>'type',
      (p_task->'consent'->>'obtained_at')::timestamptz, p_task->'consent'->>'source',
      p_task->'consent'->>'reference',
      coalesce(p_task->'consent'->>'phone_number', created.phone_number),
      p_task->'consent'->>'given_by');
  end if;

  update public.profiles
     set credits_held = credits_held + hold / 100.0,
         free_minutes_reserved = free_minutes_reserved + free_reserve
   where id = p_user_id;

  if p_idempotency_key is not null then
    insert into public.task_idempotency_keys (user_id, livemode, key, request_hash, task_id)
    values (p_user_id, task_livemode, p_idempotency_key, p_request_hash, created.id);
  end if;

  -- The task's first event, numbered 1 as the row above already says (event_seq): written here
  -- rather than through append_task_event, which would update the new row a second time.
  insert into public.task_events (task_id, seq, type, data)
  values (created.id, 1,
    case when created.status = 'scheduled' then 'task.scheduled' else 'task.queued' end,
    case when created.status = 'scheduled' then jsonb_build_object(
      'scheduled_for', opening,
      'reason', reason)
    else '{}'::jsonb end);
  return jsonb_build_object('task_id', created.id, 'replayed', false,
    'task', to_jsonb(created) - 'provider_token_hash' || jsonb_build_object('consent',
      (select to_jsonb(c) - 'task_id' - 'user_id' - 'purpose' from public.task_consents c
        where c.task_id = created.id)));
end;
$$;
comment on function public.task_accept(uuid, uuid, jsonb, text, text) is
  'Creates a task if the account''s limits, idempotency key and balance allow, holding its cost when it is placed at once (a scheduled task, or one waiting for a slot when its callee is busy or no provider line is free, holds nothing until placed); returns {task_id, task} or {error}.';
revoke all on function public.task_accept(uuid, uuid, jsonb, text, text) from public, anon, authenticated;
grant execute on function public.task_accept(uuid, uuid, jsonb, text, text) to service_role;

-- What task_accept would decide for a task, without creating or holding anything: the facts every
-- rule reads (do-not-call, the callee's zones and state, the window narrowed by the state's hours,
-- the calls counted against the state's cap) and the instant the call could ring. The call API
-- turns them into the answer of POST /task/check and GET /task/rules.
create function public.task_check(p_user_id uuid, p_task jsonb) returns jsonb
language plpgsql
stable
set search_path = ''
as $$
declare
  phone text := p_task->>'phone_number';
  zones text[] := private.time_zones_of(phone);
  purpose text := coalesce(p_task->>'purpose', 'informational');
  rule private.state_calling_rules%rowtype;
  statute private.state_calling_rules%rowtype;
  listed public.do_not_call%rowtype;
  requested_start time := coalesce((p_task->>'call_window_start')::time, '08:00');
  requested_end time := coalesce((p_task->>'call_window_end')::time, '21:00');
  window_start time;
  window_end time;
  requested timestamptz := (p_task->>'schedule_at')::timestamptz;
  at timestamptz := greatest(now(), coalesce((p_task->>'schedule_at')::timestamptz, now()));
  recent integer;
  closed boolean;
  -- Test mode judges the window on the task's test clock, as task_accept does: open by default
  -- (no window, no state rule holds the call), or the moment the request set, brought back to the
  -- real clock. Test calls reach nobody, so no cap counts them.
  clock text := case when not coalesce((p_task->>'livemode')::boolean, true)
    then coalesce(p_task->>'test_clock', 'open') end;
  shift interval := case when clock <> 'open' then clock::timestamptz - now() end;
  -- The clock live calls are judged by: the real one, but on a local test stack whose calling
  -- clock is shifted (private.calling_clock), that shifted one.
  calling_shift interval := coalesce((select c.shift from private.calling_clock c), interval '0');
  test_at timestamptz;
  window_opening timestamptz;
  hours_opening timestamptz;
  opening timestamptz;
  day_opening timestamptz;
  cap_frees_at timestamptz;
begin
  select * into listed from public.do_not_call
   where user_id = p_user_id and livemode = coalesce((p_task->>'livemode')::boolean, true)
     and phone_number = phone;
  rule := private.state_rule_for(phone, purpose);
  select * into statute from private.state_calling_rules where state = private.state_of(phone);
  window_start := greatest(requested_start, coalesce(rule.call_start, requested_start));
  window_end := least(requested_end, coalesce(rule.call_end, requested_end));
  select count(*) into recent from private.calls_to_number(p_user_id, phone, null) c
   where c > now() - interval '24 hours' and c <= now();
  select closed_at is not null into closed from public.profiles where id = p_user_id;
  if clock = 'open' then
    window_opening := at;
    hours_opening := case when window_start < window_end then at end;
    opening := hours_opening;
    day_opening := hours_opening;
  elsif clock is not null then
    test_at := greatest(now() + shift, coalesce(requested, now() + shift));
    window_opening := private.next_call_opening_on_clock(test_at, zones, requested_start, requested_end) - shift;
    if window_start < window_end then
      hours_opening := private.next_call_opening_on_clock(test_at, zones, window_start, window_end) - shift;
      opening := private.call_day_opening_on_clock(phone, test_at, zones, window_start, window_end, purpose) - shift;
      day_opening := opening;
    end if;
  else
    window_opening := private.next_call_opening(at, zones, requested_start, requested_end);
    if window_start < window_end then
      hours_opening := private.next_call_opening(at, zones, window_start, window_end);
      opening := private.call_opening(p_user_id, phone, null, at, zones, window_start, window_end, purpose);
      day_opening := private.call_day_opening(phone, at, zones, window_start, window_end, purpose);
    end if;
    if rule.max_calls_per_24h is not null then
      cap_frees_at := private.call_cap_opening(p_user_id, phone, null, now(), rule.max_calls_per_24h);
    end if;
  end if;
  return jsonb_build_object(
    'now', now(),
    'state', private.state_of(phone),
    'time_zones', zones,
    'test_clock', clock,
    -- How far the test clock is from the real one: the days and holidays are the test clock's.
    'clock_offset_seconds', extract(epoch from coalesce(shift, calling_shift)),
    'account_closed', coalesce(closed, false),
    'do_not_call', case when listed.user_id is not null then
      jsonb_build_object('source', listed.source, 'listed_at', listed.created_at) end,
    'state_rule', case when rule.state is not null then to_jsonb(rule) end,
    -- The state's rule as its statute reads, when the statute does not reach a call of this
    -- purpose (its hours, cap and days then left out of state_rule).
    'purpose', purpose,
    'state_rule_not_covering', case when statute.state is not null
      and statute.covers = 'telephone_solicitations'
      and (purpose <> 'marketing' or statute.written_consent_exempt) then to_jsonb(statute) end,
    -- The declared holds of the callee's state (an emergency, a declared holiday) not yet over,
    -- that reach a call of this purpose.
    'declared_holds', (
      select coalesce(jsonb_agg(jsonb_build_object('kind', h.kind, 'starts_at', h.starts_at - coalesce(shift, calling_shift),
               'ends_at', h.ends_at - coalesce(shift, calling_shift), 'reason', h.reason, 'source', h.source, 'covers', h.covers)
               order by h.starts_at), '[]'::jsonb)
        from private.state_declared_holds h
       where h.state = rule.state
         and (h.covers = 'all_calls' or purpose = 'marketing')
         and h.ends_at > coalesce(test_at, now() + calling_shift)),
    'requested_window', jsonb_build_object('start', requested_start, 'end', requested_end),
    'schedule_at', requested,
    'window', jsonb_build_object('start', window_start, 'end', window_end),
    'window_opening', window_opening,
    'hours_opening', hours_opening,
    'opening', opening,
    'day_opening', day_opening,
    -- The state's holidays in the next year, when its rule keeps calls off them.
    'holidays', case when rule.holidays_source is not null then (
      select coalesce(jsonb_agg(jsonb_build_object('date', h.day, 'name', h.name, 'source', h.source)
               order by h.day, h.name), '[]'::jsonb)
        from (select distinct on (d.day) d.day, d.name, d.source
                from generate_series(extract(year from coalesce(test_at, now() + calling_shift))::integer,
                       extract(year from coalesce(test_at, now() + calling_shift))::integer + 1) y
                cross join lateral private.state_holiday_dates(rule.state, y) d
               where d.day >= (coalesce(test_at, now() + calling_shift) at time zone zones[1])::date
                 and d.day < (coalesce(test_at, now() + calling_shift) at time zone zones[1])::date + 366
               order by d.day, d.name) h) end,
    'calls_in_last_24h', case when clock is null then recent else 0 end,
    'cap_frees_at', cap_frees_at);
end;
$$;
comment on function public.task_check(uuid, jsonb) is
  'What task_accept would decide for p_task (do-not-call, window, state hours, days and cap, the opening), without writing anything.';
revoke all on function public.task_check(uuid, jsonb) from public, anon, authenticated;
grant execute on function public.task_check(uuid, jsonb) to service_role;

-- Counts one check for the account (POST /task/check, GET /task/rules, MCP check_call): a check
-- reads as much as a create, so it is bounded the same way, with a limit of its own. Null when it
-- may go ahead, else the seconds until the oldest check of the last minute leaves it (the
-- answer's Retry-After); a refused check is not counted.
create function public.task_check_take(p_user_id uuid) returns integer
language sql
set search_path = ''
as $$
  select private.take_account_request(p_user_id, 'task_check',
    private.limit_of('checksPerMinutePerAccount'));
$$;
comment on function public.task_check_take(uuid) is
  'Counts one call check for the account; null if within checksPerMinutePerAccount, else the seconds to wait.';
revoke all on function public.task_check_take(uuid) from public, anon, authenticated;
grant execute on function public.task_check_take(uuid) to service_role;

-- Inbound calls: a call to one of an account's numbers, answered by the account's agent. The
-- provider asks for the agent (Vapi's assistant-request, with the number's token); the functions
-- read who is calling and what the account last called them about, then start the task.

-- The number an inbound call's request is for, by the token the provider sent with it (the
-- number's server.headers): checked before the request's body is read.
create function public.inbound_number_for_token(p_inbound_token_hash text) returns jsonb
language sql
stable
set search_path = ''
as $$
  select jsonb_build_object('number_id', id, 'provider_phone_number_id', provider_phone_number_id)
    from public.phone_numbers
   where inbound_token_hash = p_inbound_token_hash and status = 'active';
$$;
comment on function public.inbound_number_for_token(text) is
  'The active number whose inbound token hashes to this ({number_id, provider_phone_number_id}), or null. Service role only.';
revoke all on function public.inbound_number_for_token(text) from public, anon, authenticated;
grant execute on function public.inbound_number_for_token(text) to service_role;

create function public.inbound_call_context(p_number_id text, p_caller text) returns jsonb
language plpgsql
stable
set search_path = ''
as $$
declare
  called public.phone_numbers%rowtype;
  previous public.tasks%rowtype;
  settings public.agent_settings%rowtype;
begin
  select * into called from public.phone_numbers where id = p_number_id and status = 'active';
  if not found then
    return jsonb_build_object('error', 'unknown_number');
  end if;
  if exists (select 1 from public.profiles where id = called.user_id and closed_at is not null) then
    return jsonb_build_object('error', 'account_closed');
  end if;
  -- The account's last live call to the caller (content erased: what is left of it).
  select * into previous from public.tasks
   where user_id = called.user_id and livemode and direction = 'outbound'
     and phone_number = p_caller
   order by created_at desc limit 1;
  select * into settings from public.agent_settings where user_id = called.user_id;
  return jsonb_build_object(
    'user_id', called.user_id,
    'number_id', called.id,
    'number', called.phone_number,
    'business_name', (select legal_name from public.user_kyc where user_id = called.user_id),
    'voice', coalesce(called.inbound_agent->>'voice', settings.voice, 'Aria'),
    'language', coalesce(called.inbound_agent->>'language', settings.language, 'en'),
    'agent', called.inbound_agent,
    'previous', case when previous.id is not null then jsonb_build_object(
      'task_id', previous.id, 'created_at', previous.created_at, 'goal', previous.goal,
      'summary', previous.summary, 'purpose', previous.purpose) end);
end;
$$;
comment on function public.inbound_call_context(text, text) is
  'Who an inbound call reaches (the number''s account, its agent settings) and the account''s last live call to the caller; {error: unknown_number | account_closed}. Service role only.';
revoke all on function public.inbound_call_context(text, text) from public, anon, authenticated;
grant execute on function public.inbound_call_context(text, text) to service_role;

-- Starts the task of an inbound call, its one attempt already placed by the provider. A caller is
-- always answered (a callee calling to be taken off the list must get through): the call holds
-- what the account's free minutes and credits can fund, and is billed up to that.
create function public.inbound_call_begin(p_number_id text, p_task jsonb) returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  called public.phone_numbers%rowtype;
  account public.profiles%rowtype;
  created public.tasks%rowtype;
  max_minutes integer := coalesce((p_task->>'max_duration_minutes')::integer,
    private.limit_of('maxDurationMinutes', 'default'));
  free_reserve integer;
  hold integer;
begin
  select * into called from public.phone_numbers where id = p_number_id and status = 'active';
  if not found then
    return jsonb_build_object('error', 'unknown_number');
  end if;
  select * into account from public.profiles where id = called.user_id for update;
  if not found or account.closed_at is not null then
    return jsonb_build_object('error', 'account_closed');
  end if;
  free_reserve := greatest(least(max_minutes, 100 - account.free_minutes_used - account.free_minutes_reserved), 0);
  hold := greatest(least(max_minutes - free_reserve,
    floor((account.credits - account.credits_held) * 100)::integer), 0);

  insert into public.tasks (
    id, user_id, source, direction, phone_number, goal, voice, language, speaking_style,
    first_sentence, max_duration_minutes, retry_max_attempts, provider_token_hash, hold_cents,
    free_minutes_reserved, time_zones, status, current_attempt, event_seq, livemode,
    from_number_id, from_number, purpose, transfer, tools, context
  ) values (
    p_task->>'id', called.user_id, 'inbound', 'inbound', p_task->>'phone_number',
    p_task->>'goal', p_task->>'voice', p_task->>'language', 'Professional', null, max_minutes, 0,
    p_task->>'provider_token_hash', hold, free_reserve,
    private.time_zones_of(p_task->>'phone_number'), 'queued', 1, 1, true, called.id,
    called.phone_number, 'informational',
    case when jsonb_typeof(p_task->'transfer') = 'object' then p_task->'transfer' end,
    case when jsonb_typeof(p_task->'tools') = 'array' then p_task->'tools' end,
    coalesce(p_task->'context', '{}'::jsonb)
  ) returning * into created;
  insert into public.task_attempts (task_id, number, provider_call_id, started_at)
  values (created.id, 1, p_task->>'provider_call_id', now());
  insert into public.task_events (task_id, seq, type, data)
  values (created.id, 1, 'inbound.started', jsonb_build_object(
    'from', created.phone_number, 'to', called.phone_number,
    'previous_task_id', p_task->>'previous_task_id'));
  update public.profiles
     set credits_held = credits_held + hold / 100.0,
         free_minutes_reserved = free_minutes_reserved + free_reserve
   where id = called.user_id;
  return jsonb_build_object('task', to_jsonb(created) - 'provider_token_hash');
end;
$$;
comment on function public.inbound_call_begin(text, jsonb) is
  'Starts the task of an inbound call to an account''s number (direction inbound, its attempt placed), holding what the account can fund. Service role only.';
revoke all on function public.inbound_call_begin(text, jsonb) from public, anon, authenticated;
grant execute on function public.inbound_call_begin(text, jsonb) to service_role;

-- Browser calls ("Talk to your agent", docs/product-rules.md#browser-calls): the account's user
-- talks with its agent from the browser. A test call is free, on the simulated network: the
-- functions write what is said, and these keep the task (direction web, no phone number), its one
-- attempt and its events, so the call is followed, listed and erased like any other. A live call
-- is the voice provider's (its WebSocket transport): it starts queued with its attempt open, holds
-- its cost like any live call, and the provider's messages move and bill it from there.
create function public.web_call_begin(p_user_id uuid, p_task jsonb) returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  account public.profiles%rowtype;
  created public.tasks%rowtype;
  settings public.agent_settings%rowtype;
  refusal jsonb;
  live boolean := coalesce((p_task->>'livemode')::boolean, false);
  max_minutes integer := (p_task->>'max_duration_minutes')::integer;
  free_reserve integer := 0;
  hold integer := 0;
begin
  select * into account from public.profiles where id = p_user_id for update;
  if not found or account.closed_at is not null then
    return jsonb_build_object('error', 'account_closed');
  end if;
  -- What the request leaves out comes from the account's phone-agent settings, as for a task.
  select * into settings from public.agent_settings where user_id = p_user_id;
  -- The limits of any new call: its call slots, open tasks, and (test mode) its day's test calls.
  refusal := private.new_call_refusal(p_user_id, live);
  if refusal is not null then
    return refusal;
  end if;
  -- A live call holds its max_duration_minutes now: free minutes first, then credits.
  if live then
    free_reserve := greatest(least(max_minutes,
      100 - account.free_minutes_used - account.free_minutes_reserved), 0);
    hold := max_minutes - free_reserve; -- cents: 1 cent a minute
    if account.credits - account.credits_held < hold / 100.0 then
      return jsonb_build_object('error', 'insufficient_credits',
        'required_usd', hold / 100.0, 'available_usd', account.credits - account.credits_held);
    end if;
  end if;

  insert into public.tasks (
    id, user_id, api_key_id, source, direction, phone_number, goal, context, voice, language,
    speaking_style, first_sentence, max_duration_minutes, retry_max_attempts, provider_token_hash,
    status, current_attempt, started_at, livemode, test_clock, purpose, hold_cents,
    free_minutes_reserved, agent_id, agent_version
  ) values (
    p_task->>'id', p_user_id, (p_task->>'api_key_id')::uuid, p_task->>'source', 'web', null,
    p_task->>'goal', coalesce(p_task->'context', '{}'::jsonb),
    coalesce(p_task->>'voice', settings.voice, 'Aria'),
    coalesce(p_task->>'language', settings.language, 'en'),
    coalesce(p_task->>'speaking_style', settings.speaking_style, 'Professional'),
    coalesce(p_task->>'first_sentence', private.default_first_sentence(
      coalesce(p_task->>'language', settings.language, 'en'),
      coalesce(p_task->>'voice', settings.voice, 'Aria'))),
    max_minutes, 0, p_task->>'provider_token_hash',
    case when live then 'queued' else 'in_progress' end, 1,
    case when live then null else now() end, live, case when live then null else 'open' end,
    'informational', hold, free_reserve, p_task->>'agent_id', (p_task->>'agent_version')::integer
  ) returning * into created;
  if live then
    insert into public.task_attempts (task_id, number) values (created.id, 1);
    update public.profiles
       set credits_held = credits_held + hold / 100.0,
           free_minutes_reserved = free_minutes_reserved + free_reserve
     where id = p_user_id;
  else
    insert into public.task_attempts (task_id, number, status, started_at, answered_at)
    values (created.id, 1, 'in_progress', now(), now());
    perform private.append_task_event(created.id, 'call.answered', jsonb_build_object('attempt', 1));
  end if;
  return jsonb_build_object('task_id', created.id);
end;
$$;
comment on function public.web_call_begin(uuid, jsonb) is
  'Starts a browser call of the account (direction web): a test one in progress with its one attempt, a live one queued for the provider with its cost held; {error} when the account is closed, at its limits or cannot fund it. Service role only.';
revoke all on function public.web_call_begin(uuid, jsonb) from public, anon, authenticated;
grant execute on function public.web_call_begin(uuid, jsonb) to service_role;

-- Ends a browser call: hung up by the user, by the agent, or past its max_duration_minutes. A test
-- call bills nothing. It ends when the last words said in it end (the agent's goodbye is said to
-- its end), or now if that is later; never past its max_duration_minutes.
create function private.web_call_finish(p_task_id text, p_summary text) returns void
language plpgsql
set search_path = ''
as $$
declare
  task public.tasks%rowtype;
  said_ms bigint;
  at timestamptz;
begin
  select * into task from public.tasks where id = p_task_id;
  select coalesce(max((turn->>'end_ms')::bigint), 0) into said_ms
    from jsonb_array_elements(task.transcript) turn;
  at := least(greatest(now(), task.started_at + make_interval(secs => said_ms / 1000.0)),
              task.started_at + make_interval(mins => task.max_duration_minutes));
  update public.tasks
     set status = 'success', outcome = 'unknown', call_outcome = 'human_answered', ended_at = at,
         duration_seconds = greatest(1, ceil(extract(epoch from at - started_at))::integer),
         summary = p_summary, updated_at = now()
   where id = p_task_id
  returning * into task;
  update public.task_attempts
     set status = 'success', ended_at = at, ended_reason = 'customer-ended-call',
         duration_seconds = task.duration_seconds, settled_at = at
   where task_id = p_task_id and number = 1;
  perform private.append_task_event(p_task_id, 'call.ended',
    jsonb_build_object('status', 'success', 'attempt', 1));
  perform private.append_task_event(p_task_id, 'task.completed', '{}'::jsonb);
end;
$$;
comment on function private.web_call_finish(text, text) is
  'Ends a locked browser call in progress: success, its wall-clock duration (capped), nothing billed.';
revoke all on function private.web_call_finish(text, text) from public, anon, authenticated;

-- One of the account's browser calls, locked (with its account) for the rest of the transaction;
-- null for any other task: another account's call and a phone call are "not found".
create function private.lock_web_call(p_user_id uuid, p_task_id text) returns public.tasks
language plpgsql
set search_path = ''
as $$
begin
  if not exists (select 1 from public.tasks
                  where id = p_task_id and user_id = p_user_id and direction = 'web') then
    return null;
  end if;
  return private.lock_task(p_task_id);
end;
$$;
comment on function private.lock_web_call(uuid, text) is
  'Locks one of the account''s browser calls and returns it; null for any other task.';
revoke all on function private.lock_web_call(uuid, text) from public, anon, authenticated;

-- What was said in a browser call: p_turns ({speaker, text, start_ms, end_ms}) join the transcript
-- and the event log; p_end_summary, when given, then ends the call (the agent said goodbye).
create function public.web_call_say(
  p_user_id uuid, p_task_id text, p_turns jsonb, p_end_summary text default null
) returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  task public.tasks%rowtype := private.lock_web_call(p_user_id, p_task_id);
  turn jsonb;
begin
  if task.id is null then
    return jsonb_build_object('error', 'not_found');
  end if;
  -- A live call's words are the provider's to report (voice-events), never written here.
  if task.livemode then
    return jsonb_build_object('error', 'live');
  end if;
  if task.status <> 'in_progress' then
    return jsonb_build_object('error', 'ended', 'status', task.status);
  end if;
  if task.started_at + make_interval(mins => task.max_duration_minutes) <= now() then
    perform private.web_call_finish(p_task_id, 'The browser call reached its max_duration_minutes.');
    return jsonb_build_object('error', 'ended', 'status', 'success');
  end if;
  if jsonb_array_length(task.transcript) + jsonb_array_length(coalesce(p_turns, '[]'::jsonb))
       > private.limit_of('webCallTurnsMax') then
    return jsonb_build_object('error', 'too_long', 'limit', private.limit_of('webCallTurnsMax'));
  end if;
  for turn in select * from jsonb_array_elements(coalesce(p_turns, '[]'::jsonb)) loop
    update public.tasks set transcript = transcript || jsonb_build_array(turn) where id = p_task_id;
    perform private.append_task_event(p_task_id, 'transcript.turn',
      jsonb_build_object('attempt', 1) || turn);
  end loop;
  if p_end_summary is not null then
    perform private.web_call_finish(p_task_id, p_end_summary);
  end if;
  return jsonb_build_object('said', jsonb_array_length(coalesce(p_turns, '[]'::jsonb)),
    'ended', p_end_summary is not null);
end;
$$;
comment on function public.web_call_say(uuid, text, jsonb, text) is
  'Adds turns to one of the account''s browser calls in progress (and ends it when p_end_summary is given); {error: not_found | ended}. Service role only.';
revoke all on function public.web_call_say(uuid, text, jsonb, text) from public, anon, authenticated;
grant execute on function public.web_call_say(uuid, text, jsonb, text) to service_role;

create function public.web_call_end(p_user_id uuid, p_task_id text, p_summary text) returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  task public.tasks%rowtype := private.lock_web_call(p_user_id, p_task_id);
begin
  if task.id is null then
    return jsonb_build_object('error', 'not_found');
  end if;
  -- A live call is hung up at the provider, whose end-of-call report ends and bills it.
  if task.livemode then
    return jsonb_build_object('error', 'live');
  end if;
  -- Hanging up twice is no error: the call has ended either way.
  if task.status = 'in_progress' then
    perform private.web_call_finish(p_task_id, p_summary);
  end if;
  return jsonb_build_object('ended', true);
end;
$$;
comment on function public.web_call_end(uuid, text, text) is
  'Hangs up one of the account''s browser calls (nothing when it already ended); {error: not_found}. Service role only.';
revoke all on function public.web_call_end(uuid, text, text) from public, anon, authenticated;
grant execute on function public.web_call_end(uuid, text, text) to service_role;

-- A test browser call nobody hung up (the tab was closed) ends at its max_duration_minutes: the
-- dispatcher runs this each pass; the call ends as it would have, not as a failure. (A live one
-- is ended by the provider at its maxDurationSeconds, and reconciled by the watchdog.)
create function public.web_calls_end_abandoned(p_now timestamptz, p_limit integer) returns integer
language plpgsql
set search_path = ''
as $$
declare
  abandoned text;
  ended integer := 0;
begin
  for abandoned in
    select id from public.tasks
     where direction = 'web' and not livemode and status = 'in_progress'
       and started_at + make_interval(mins => max_duration_minutes) <= p_now
     order by started_at
     limit p_limit
  loop
    -- The account, then the call, as every writer; another run may have ended it meanwhile.
    if (private.lock_task(abandoned)).status = 'in_progress' then
      perform private.web_call_finish(abandoned,
        'The browser call reached its max_duration_minutes without being hung up.');
      ended := ended + 1;
    end if;
  end loop;
  return ended;
end;
$$;
comment on function public.web_calls_end_abandoned(timestamptz, integer) is
  'Ends the browser calls still in progress past their max_duration_minutes at p_now (at most p_limit); returns how many. Service role only.';
revoke all on function public.web_calls_end_abandoned(timestamptz, integer) from public, anon, authenticated;
grant execute on function public.web_calls_end_abandoned(timestamptz, integer) to service_role;
