-- Ported into supabase/schemas (05-tasks, 09-dispatch-and-webhooks, 12-batches, 14-task-creation),
-- where its functions read the account limits from private.limits(), as they do here.
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
--  - a placement the provider refuses for its own concurrency limit is put back to wait (no
--    attempt is counted, nothing is billed).
-- Otherwise each function is as its last migration left it.

-- Tables -----------------------------------------------------------------------------------------

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

comment on column public.tasks.awaiting_slot is
  'A queued task waiting for one of the account''s call slots or for a provider line (a batch row holds no money yet; a task created alone holds its cost); meaningful only while status is queued.';

-- Functions --------------------------------------------------------------------------------------

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
   where status in ('queued', 'ringing', 'in_progress') and not awaiting_slot;
  return coalesce(max_lines, 10) - holding;
end;
$$;
comment on function private.lock_provider_lines() is
  'Locks the provider lines for the transaction and returns how many are free (may be 0 or less).';

create function private.fairer_claimant_waits(p_user_id uuid, p_holding integer) returns boolean
language sql
stable
set search_path = ''
as $$
  -- Another account with fewer calls holding a line has a task waiting for one: the line is its.
  select p_holding > 0 and exists (
    select 1
      from (select distinct user_id from public.tasks
             where awaiting_slot and status = 'queued' and user_id <> p_user_id) w
     where (select count(*) from public.tasks h
             where h.user_id = w.user_id and h.status in ('queued', 'ringing', 'in_progress')
               and not h.awaiting_slot) < p_holding
  );
$$;
comment on function private.fairer_claimant_waits(uuid, integer) is
  'Whether another account, holding fewer provider lines than p_holding, has a task waiting for one.';

create function private.takes_provider_line(p_user_id uuid, p_holding integer) returns boolean
language plpgsql
set search_path = ''
as $$
declare
  free integer := private.lock_provider_lines();
begin
  if free <= 0 then
    return false;
  end if;
  if private.fairer_claimant_waits(p_user_id, p_holding) then
    -- A line is free but is another account's turn: the dispatcher gives it now.
    perform private.request_dispatch_now();
    return false;
  end if;
  return true;
end;
$$;
comment on function private.takes_provider_line(uuid, integer) is
  'Locks the provider lines and says whether the account (holding p_holding of them) may take one now: one is free and no account holding fewer waits for one.';

-- As 20251130000500_storage_and_one_call_per_callee.sql left it, plus the provider line: a task
-- that finds none waits like one whose callee is busy.
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
  'Creates a task if the account''s limits, idempotency key and balance allow, holding its cost (waiting for a slot when its callee is busy or no provider line is free); returns {task_id, task} or {error}.';

create function private.admit_next_waiting(p_user_id uuid) returns text
language plpgsql
set search_path = ''
as $$
declare
  account public.profiles%rowtype;
  waiting record;
  free_reserve integer;
  hold integer;
  at timestamptz := now();
begin
  -- The caller holds the account's lock and a free line; rows another transaction holds are left
  -- for the next run (whoever holds the lines never waits).
  for waiting in
    select id, max_duration_minutes, phone_number, hold_cents, free_minutes_reserved
      from public.tasks
     where user_id = p_user_id and status = 'queued' and awaiting_slot
     order by batch_id nulls first, batch_index, created_at
     for update skip locked
  loop
    -- One live call per callee: a task to a number the account is calling now waits its turn.
    continue when private.has_live_call(p_user_id, waiting.phone_number);
    -- A task created alone (or put back by the provider's refusal) holds its cost already.
    if waiting.hold_cents > 0 or waiting.free_minutes_reserved > 0 then
      update public.tasks set awaiting_slot = false, slot_claimed_at = at, updated_at = at
       where id = waiting.id;
      return waiting.id;
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
    return waiting.id;
  end loop;
  return null;
end;
$$;
comment on function private.admit_next_waiting(uuid) is
  'Admits the account''s next waiting task whose callee is free, holding its cost (or failing unfundable ones with insufficient_credits on the way); null when none can go. The caller holds the account''s lock and a free provider line.';

create or replace function private.admit_waiting_tasks(p_user_id uuid) returns setof text
language plpgsql
set search_path = ''
as $$
declare
  active integer;
  admitted text;
begin
  -- The account's row lock orders this with every create, cancel and call transition of the
  -- account, and the provider lines' lock with every other line decision: the counts and the
  -- admissions are one decision, so no slot and no line is given twice.
  perform 1 from public.profiles where id = p_user_id for update;
  if not found then
    return;
  end if;
  select count(*) into active from public.tasks
   where user_id = p_user_id and status in ('queued', 'ringing', 'in_progress') and not awaiting_slot;
  loop
    exit when active >= private.limit_of('activeCallsPerAccount');
    exit when not private.takes_provider_line(p_user_id, active);
    admitted := private.admit_next_waiting(p_user_id);
    exit when admitted is null;
    active := active + 1;
    return next admitted;
  end loop;
end;
$$;
comment on function private.admit_waiting_tasks(uuid) is
  'Gives the account''s free call slots to its waiting tasks in order while provider lines are free and it is the account''s turn, holding each one''s cost (or failing it with insufficient_credits); returns the ids to place.';

create or replace function public.dispatch_claim_batch_slots(p_limit integer) returns setof text
language plpgsql
set search_path = ''
as $$
declare
  free integer;
  accounts uuid[];
  holding integer[];
  blocked boolean[];
  pick integer;
  admitted text;
  placed integer := 0;
begin
  -- The lines first, then accounts with skip locked: an account busy with a create or a call's end
  -- is served at the next run, and this run never waits while it holds the lines.
  free := private.lock_provider_lines();
  if free <= 0 then
    return;
  end if;
  select coalesce(array_agg(w.user_id order by w.user_id), '{}'),
         coalesce(array_agg(w.holding order by w.user_id), '{}'),
         coalesce(array_agg(w.holding >= private.limit_of('activeCallsPerAccount') order by w.user_id), '{}')
    into accounts, holding, blocked
    from (
      select u.user_id,
             (select count(*)::integer from public.tasks h
               where h.user_id = u.user_id and h.status in ('queued', 'ringing', 'in_progress')
                 and not h.awaiting_slot) as holding
        from (select distinct user_id from public.tasks where awaiting_slot and status = 'queued') u
    ) w;
  -- Round by round, a line goes to the account holding the fewest (a tie goes by account order and
  -- evens out at the next line), so a batch of 1,000 never keeps a single call waiting.
  while free > 0 and placed < p_limit loop
    pick := null;
    for i in 1 .. coalesce(array_length(accounts, 1), 0) loop
      if not blocked[i] and (pick is null or holding[i] < holding[pick]) then
        pick := i;
      end if;
    end loop;
    exit when pick is null;
    perform 1 from public.profiles where id = accounts[pick] for update skip locked;
    if not found then
      blocked[pick] := true;
      continue;
    end if;
    admitted := private.admit_next_waiting(accounts[pick]);
    if admitted is null then
      blocked[pick] := true;
      continue;
    end if;
    holding[pick] := holding[pick] + 1;
    blocked[pick] := holding[pick] >= private.limit_of('activeCallsPerAccount');
    free := free - 1;
    placed := placed + 1;
    return next admitted;
  end loop;
end;
$$;
comment on function public.dispatch_claim_batch_slots(integer) is
  'For the dispatcher: gives free provider lines to waiting tasks (at most p_limit), one at a time to the account holding the fewest lines, within each account''s 10 call slots; returns the ids to place.';

-- As 20251130000500_storage_and_one_call_per_callee.sql left it, with the provider lines taken
-- first and accounts skipped while locked; a due task that finds no line joins the waiting tasks.
create or replace function public.dispatch_claim_scheduled(p_now timestamptz, p_limit integer) returns setof text
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
begin
  -- A task created alone is placed when its window opens if the account has a free call slot
  -- (else it waits) and a provider line is free and is the account's turn (else it joins the
  -- waiting tasks, its hold taken at create). The lines are locked first and accounts are skipped
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
      select count(*) into active from public.tasks
       where user_id = account and status in ('queued', 'ringing', 'in_progress') and not awaiting_slot;
      for due_id in
        select t.id from public.tasks t
         where t.user_id = account and t.status = 'scheduled' and t.scheduled_for <= p_now
           and t.batch_id is null
           and private.next_call_opening(p_now, t.time_zones, t.call_window_start, t.call_window_end) <= p_now
         order by t.scheduled_for
         limit greatest(0, least(private.limit_of('activeCallsPerAccount') - active, p_limit - placed))
         for update skip locked
      loop
        -- One live call per callee: due again at the next run, once that call has ended.
        continue when private.has_live_call(account,
          (select phone_number from public.tasks where id = due_id));
        gets_line := free > 0 and not private.fairer_claimant_waits(account, active);
        update public.tasks set status = 'queued', awaiting_slot = not gets_line, updated_at = now()
         where id = due_id;
        perform private.append_task_event(due_id, 'task.queued', '{}'::jsonb);
        if gets_line then
          free := free - 1;
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
  'Moves scheduled tasks whose window has opened to queued: a task created alone when its account has a free call slot (returned to place when it also gets a provider line, else waiting for one), a batch task to the waiting tasks (admitted by dispatch_claim_batch_slots).';

-- As 20251130000600_opt_out_and_closing_stop_calls.sql left it, plus the provider line a retry
-- needs like any call.
create or replace function public.task_begin_attempt(p_task_id text, p_token_hash text default null) returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  task public.tasks%rowtype := private.lock_task(p_task_id);
  refusal text;
  active integer;
begin
  if task.id is null then
    return jsonb_build_object('error', 'not_found');
  end if;
  if task.status not in ('queued', 'retry_scheduled') or
     (task.status = 'queued' and (task.current_attempt > 0 or task.awaiting_slot)) then
    return jsonb_build_object('error', 'not_startable', 'status', task.status);
  end if;
  -- Checked as each attempt begins, whichever way it came: a number listed, or an account
  -- closed, after the task was accepted is never rung.
  refusal := private.attempt_refusal(task);
  if refusal is not null then
    perform private.cancel_waiting_task(p_task_id, refusal);
    return jsonb_build_object('error', refusal, 'status', 'canceled');
  end if;
  -- A retry takes a call slot like any other call: while ten of the account's calls hold one it
  -- waits, due again at the next dispatch run. Counted under the account's lock (lock_task), as
  -- admissions and creates are.
  if task.status = 'retry_scheduled' then
    select count(*) into active from public.tasks
     where user_id = task.user_id and status in ('queued', 'ringing', 'in_progress')
       and not awaiting_slot;
    if active >= private.limit_of('activeCallsPerAccount') then
      update public.tasks set next_attempt_at = now() where id = p_task_id;
      return jsonb_build_object('error', 'no_call_slot', 'status', task.status);
    end if;
  end if;
  -- Nor does a retry ring a number the account is calling now (another task's call).
  if task.status = 'retry_scheduled' and exists (
       select 1 from public.tasks
        where user_id = task.user_id and phone_number = task.phone_number and id <> task.id
          and status in ('queued', 'ringing', 'in_progress') and not awaiting_slot) then
    update public.tasks set next_attempt_at = now() where id = p_task_id;
    return jsonb_build_object('error', 'callee_busy', 'status', task.status);
  end if;
  -- And it needs one of the provider's lines when it is the account's turn (a first attempt got
  -- its line when it was accepted or admitted).
  if task.status = 'retry_scheduled' and not private.takes_provider_line(task.user_id, active) then
    update public.tasks set next_attempt_at = now() where id = p_task_id;
    return jsonb_build_object('error', 'no_provider_line', 'status', task.status);
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
  'Opens the next attempt of a queued task or of a due retry (a retry only when the account has a free call slot and a provider line is free; refuses any other state) and returns the task to place it with.';

create function public.task_placement_refused(p_task_id text, p_attempt integer) returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  task public.tasks%rowtype := private.lock_task(p_task_id);
begin
  -- Only the attempt just opened, still queued and never confirmed by the provider: it is undone
  -- as if it had not begun (not counted against retry_max_attempts, nothing to bill).
  if task.id is null or task.status <> 'queued' or task.current_attempt <> p_attempt
     or not exists (select 1 from public.task_attempts
                     where task_id = p_task_id and number = p_attempt
                       and provider_call_id is null and settled_at is null) then
    return jsonb_build_object('requeued', false, 'status', task.status);
  end if;
  delete from public.task_attempts where task_id = p_task_id and number = p_attempt;
  if p_attempt = 1 then
    -- Back among the waiting tasks, its hold kept; admitted again when a line frees.
    update public.tasks
       set current_attempt = 0, awaiting_slot = true, slot_claimed_at = null, updated_at = now()
     where id = p_task_id;
  else
    -- A retry is due again at the next run, as when it found no call slot.
    update public.tasks
       set current_attempt = p_attempt - 1, status = 'retry_scheduled', next_attempt_at = now(),
           updated_at = now()
     where id = p_task_id;
  end if;
  return jsonb_build_object('requeued', true);
end;
$$;
comment on function public.task_placement_refused(text, integer) is
  'The provider refused to place the attempt for its concurrency limit: undoes the attempt (unbilled, not counted) and puts the task back to wait for a line; {requeued}.';

-- As 20251127002000_batches.sql left it, except that a line freed wakes the dispatcher when any
-- account has a task waiting (the line may be another account's turn).
create or replace function private.on_task_status_change() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  done public.batches%rowtype;
begin
  -- A call slot (and a provider line) freed while tasks wait for one, or the account has due
  -- retries: place the next one now.
  if old.status in ('queued', 'ringing', 'in_progress') and not (old.status = 'queued' and old.awaiting_slot)
     and (new.status not in ('queued', 'ringing', 'in_progress')
          or (new.status = 'queued' and new.awaiting_slot))
     and (exists (select 1 from public.tasks where awaiting_slot and status = 'queued')
          or exists (select 1 from public.tasks
                      where user_id = new.user_id and status = 'retry_scheduled'
                        and next_attempt_at <= now())) then
    perform private.request_dispatch_now();
  end if;

  -- The batch's last task ended: the batch completes (once; the batch row lock orders the ends).
  if new.batch_id is not null
     and new.status in ('success', 'no_answer', 'busy', 'voicemail', 'failed', 'canceled')
     and old.status not in ('success', 'no_answer', 'busy', 'voicemail', 'failed', 'canceled') then
    perform 1 from public.batches where id = new.batch_id for update;
    if not exists (select 1 from public.tasks
                    where batch_id = new.batch_id
                      and status not in ('success', 'no_answer', 'busy', 'voicemail', 'failed', 'canceled')) then
      update public.batches
         set status = case when canceled_at is not null then 'canceled' else 'completed' end,
             completed_at = now(), event_seq = event_seq + 1, updated_at = now()
       where id = new.batch_id and completed_at is null
      returning * into done;
      if found then
        insert into public.batch_events (batch_id, seq, type) values (done.id, done.event_seq, 'batch.completed');
      end if;
    end if;
  end if;
  return null;
end;
$$;
comment on function private.on_task_status_change() is
  'Trigger tasks_status_change: asks for a dispatch run when a call slot and provider line frees and tasks wait; completes a batch when its last task ends.';

-- Privileges -------------------------------------------------------------------------------------

revoke all on private.provider_lines from public, anon, authenticated;
revoke all on function public.provider_lines_configure(integer) from public, anon, authenticated;
revoke all on function private.lock_provider_lines() from public, anon, authenticated;
revoke all on function private.fairer_claimant_waits(uuid, integer) from public, anon, authenticated;
revoke all on function private.takes_provider_line(uuid, integer) from public, anon, authenticated;
revoke all on function private.admit_next_waiting(uuid) from public, anon, authenticated;
revoke all on function public.task_placement_refused(text, integer) from public, anon, authenticated;
grant select, update on private.provider_lines to service_role;
grant execute on function public.provider_lines_configure(integer) to service_role;
grant execute on function private.lock_provider_lines() to service_role;
grant execute on function private.fairer_claimant_waits(uuid, integer) to service_role;
grant execute on function private.takes_provider_line(uuid, integer) to service_role;
grant execute on function private.admit_next_waiting(uuid) to service_role;
grant execute on function public.task_placement_refused(text, integer) to service_role;
-- A create or a retry that leaves a free line to another account's turn asks for a dispatch run.
grant execute on function private.request_dispatch_now() to service_role;
