-- The call path, decided in SQL so that no interleaving of create, placement, provider messages,
-- cancel and the watchdog can leave a live call for an ended task, a call never billed, or one
-- billed twice (docs/decisions/0007-call-path-decided-in-sql.md):
--   * `task_create` authenticates the API key, checks KYC, limits and money and records the task
--     in one round trip; the call is placed after the response.
--   * The create limit (60 a minute) counts per account, across its keys; a replay never counts.
--   * Cancel never settles a call that may be live with the provider: the attempt stays unbilled
--     (and its hold kept) until the provider reports its end, the placement fails, or the
--     watchdog gives up on it. A call placed after its task was canceled is hung up at once.
--   * The watchdog asks the provider about a call silent for 60 seconds, and about an ended
--     task's call that is still unbilled, instead of waiting for max_duration_minutes.

-- Tables -----------------------------------------------------------------------------------------

alter table public.task_create_requests
  add column user_id uuid references auth.users (id) on delete cascade,
  alter column api_key_id drop not null;
update public.task_create_requests r set user_id = k.user_id from public.api_keys k where k.id = r.api_key_id;
delete from public.task_create_requests where user_id is null;
alter table public.task_create_requests alter column user_id set not null;
drop index public.task_create_requests_key_time;
create index task_create_requests_user_time on public.task_create_requests (user_id, created_at);
comment on table public.task_create_requests is
  'Create requests per account (any key, any entry point), for the 60-a-minute limit; rows older than a minute are pruned.';

create index task_attempts_unsettled on public.task_attempts (task_id) where settled_at is null;
comment on index public.task_attempts_unsettled is 'Attempts not billed yet: the watchdog looks here for ended tasks whose call is still open.';

-- Functions --------------------------------------------------------------------------------------

create function private.default_first_sentence(p_language text, p_voice text) returns text
language sql
immutable
set search_path = ''
as $$
  select case p_language
    when 'es' then 'Hola, le habla ' || p_voice || ', asistente virtual.'
    when 'fr' then 'Bonjour, ' || p_voice || ' à l''appareil, assistance virtuelle.'
    when 'de' then 'Hallo, hier spricht ' || p_voice || ', ein KI-Assistent.'
    else 'Hi, this is ' || p_voice || ', an AI assistant.'
  end;
$$;
comment on function private.default_first_sentence(text, text) is
  'The greeting of a task that names no first_sentence: in the task''s language, naming its voice.';

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
    schedule_at, status, scheduled_for
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
    case when opening > now() then opening end
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

create function public.api_key_account(p_api_key text) returns jsonb
language plpgsql
stable
set search_path = ''
as $$
declare
  key_id uuid;
  owner uuid;
  kyc record;
begin
  select id, user_id into key_id, owner from public.api_keys where api_key = p_api_key and not revoked;
  if not found then
    return jsonb_build_object('error', 'unauthorized');
  end if;
  select kyc_status, phone_verified into kyc from public.user_kyc where user_id = owner;
  if not found or kyc.kyc_status not in ('pending', 'complete') then
    return jsonb_build_object('error', 'kyc_required');
  end if;
  if not kyc.phone_verified then
    return jsonb_build_object('error', 'phone_verification_required');
  end if;
  return jsonb_build_object('user_id', owner, 'api_key_id', key_id);
end;
$$;
comment on function public.api_key_account(text) is
  'The account of a live API key that may place calls (KYC submitted, phone verified), or {error}.';

create function public.task_create(
  p_api_key text, p_task jsonb, p_idempotency_key text, p_request_hash text
) returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  account jsonb := public.api_key_account(p_api_key);
begin
  if account ? 'error' then
    return account;
  end if;
  return public.task_accept((account->>'user_id')::uuid, (account->>'api_key_id')::uuid,
    p_task, p_idempotency_key, p_request_hash) || account;
end;
$$;
comment on function public.task_create(text, jsonb, text, text) is
  'POST /task in one round trip: the API key, the KYC and phone gate, then task_accept.';

drop function public.task_begin_attempt(text);
create function public.task_begin_attempt(p_task_id text, p_token_hash text default null) returns jsonb
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
  'Opens the next attempt of a queued task or of a due retry (refuses any other state) and returns the task to place it with.';

drop function public.task_attempt_placed(text, integer, text, text);
create function public.task_attempt_placed(
  p_task_id text, p_attempt integer, p_provider_call_id text, p_control_url text
) returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  task public.tasks%rowtype := private.lock_task(p_task_id);
  attempt public.task_attempts%rowtype;
begin
  update public.task_attempts
     set provider_call_id = p_provider_call_id, provider_control_url = p_control_url,
         started_at = coalesce(started_at, now())
   where task_id = p_task_id and number = p_attempt
  returning * into attempt;
  if not found then
    return jsonb_build_object('hang_up', true, 'reason', 'unknown_attempt');
  end if;
  update public.tasks set updated_at = now() where id = p_task_id;
  -- Cancel wins: the task no longer wants this call, so it is ended at once; what the callee
  -- talked meanwhile is billed when the provider reports the end.
  if task.status in ('success', 'no_answer', 'busy', 'voicemail', 'failed', 'canceled')
     or task.current_attempt <> p_attempt or attempt.status = 'canceled' then
    return jsonb_build_object('hang_up', true, 'status', task.status);
  end if;
  return jsonb_build_object('hang_up', false, 'status', task.status);
end;
$$;
comment on function public.task_attempt_placed(text, integer, text, text) is
  'Records the provider''s call id of an attempt; {hang_up: true} when the task was canceled or moved on meanwhile.';

create function public.task_cancel(p_user_id uuid, p_task_id text) returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  task public.tasks%rowtype;
  attempt public.task_attempts%rowtype;
  live boolean := false;
  at timestamptz := now();
begin
  -- Another account's task is "not found", never "forbidden".
  if not exists (select 1 from public.tasks where id = p_task_id and user_id = p_user_id) then
    return jsonb_build_object('error', 'not_found');
  end if;
  task := private.lock_task(p_task_id);
  if task.status in ('success', 'no_answer', 'busy', 'voicemail', 'failed', 'canceled') then
    return jsonb_build_object('error', 'task_not_cancelable', 'status', task.status);
  end if;

  if task.status <> 'retry_scheduled' and task.current_attempt > 0 then
    select * into attempt from public.task_attempts
     where task_id = p_task_id and number = task.current_attempt and ended_at is null;
    live := found;
  end if;
  if live then
    -- Not settled here: the call may be live with the provider (or its placement in flight).
    -- It is billed when the provider reports its end, or released if it never reached anyone.
    update public.task_attempts set status = 'canceled', ended_at = at
     where task_id = p_task_id and number = attempt.number;
  end if;
  update public.tasks
     set status = 'canceled', outcome = 'not_achieved', ended_at = at, next_attempt_at = null,
         updated_at = at
   where id = p_task_id;
  if live then
    perform private.append_task_event(p_task_id, 'call.ended',
      jsonb_build_object('status', 'canceled', 'attempt', attempt.number));
  end if;
  perform private.append_task_event(p_task_id, 'task.completed', '{}'::jsonb);
  perform private.release_if_done(p_task_id);
  return jsonb_build_object('canceled', true, 'hang_up',
    case when live and attempt.provider_call_id is not null then jsonb_build_object(
      'attempt', attempt.number, 'provider_call_id', attempt.provider_call_id,
      'control_url', attempt.provider_control_url) end);
end;
$$;
comment on function public.task_cancel(uuid, text) is
  'Cancels one of the account''s tasks unless it ended; returns the live call to hang up, if the provider has one.';

create or replace function private.release_if_done(p_task_id text) returns void
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
  -- An attempt not billed yet (a canceled call whose end report is on its way, or whose
  -- placement is still in flight) keeps the hold until it is settled.
  if exists (select 1 from public.task_attempts where task_id = p_task_id and settled_at is null) then
    return;
  end if;
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

drop function public.dispatch_claim_stuck(timestamptz, integer, integer, integer);
create function public.dispatch_claim_stuck(
  p_now timestamptz, p_margin_minutes integer, p_ring_timeout_minutes integer, p_limit integer
) returns table (
  task_id text, attempt integer, provider_call_id text, provider_control_url text, status text,
  attempt_created_at timestamptz, past_cap boolean
)
language sql
set search_path = ''
as $$
  with candidates as (
    select id from public.tasks where status in ('queued', 'ringing', 'in_progress')
    union
    select a.task_id from public.task_attempts a where a.settled_at is null
  ), stuck as (
    select t.id from candidates c
      join public.tasks t on t.id = c.id
      left join public.task_attempts a on a.task_id = t.id and a.number = t.current_attempt
     where (t.watchdog_checked_at is null or t.watchdog_checked_at < p_now - interval '30 seconds')
       and (
         (t.status in ('queued', 'ringing', 'in_progress') and (
           -- Accepted, but the placement after the response never happened.
           (t.current_attempt = 0 and t.created_at < p_now - interval '15 seconds')
           -- No provider message for a minute: ask whether the call ended (lost end reports).
           or (a.provider_call_id is not null and t.updated_at < p_now - interval '60 seconds')
           or coalesce(a.created_at, t.created_at)
                < p_now - make_interval(mins => t.max_duration_minutes + p_margin_minutes)
           or (t.status in ('queued', 'ringing')
               and coalesce(a.created_at, t.created_at) < p_now - make_interval(mins => p_ring_timeout_minutes))))
         -- An ended task whose call is still unbilled a minute on.
         or (t.status in ('success', 'no_answer', 'busy', 'voicemail', 'failed', 'canceled')
             and a.settled_at is null and a.task_id is not null
             and greatest(t.updated_at, a.created_at) < p_now - interval '60 seconds')
       )
     order by t.updated_at
     limit p_limit
     for update of t skip locked
  ), claimed as (
    update public.tasks t set watchdog_checked_at = p_now from stuck where t.id = stuck.id
    returning t.id, t.current_attempt, t.status, t.max_duration_minutes, t.created_at
  )
  select c.id, c.current_attempt, a.provider_call_id, a.provider_control_url, c.status, a.created_at,
         coalesce(a.created_at, c.created_at)
           < p_now - make_interval(mins => c.max_duration_minutes + p_margin_minutes)
    from claimed c
    left join public.task_attempts a on a.task_id = c.id and a.number = c.current_attempt;
$$;
comment on function public.dispatch_claim_stuck(timestamptz, integer, integer, integer) is
  'Claims calls for the watchdog (30-second lease): never placed, silent for a minute, past their cap, ringing too long, or ended but unbilled.';

-- Grants -----------------------------------------------------------------------------------------

revoke all on function private.default_first_sentence(text, text) from public, anon, authenticated;
revoke all on function public.api_key_account(text) from public, anon, authenticated;
revoke all on function public.task_create(text, jsonb, text, text) from public, anon, authenticated;
revoke all on function public.task_begin_attempt(text, text) from public, anon, authenticated;
revoke all on function public.task_attempt_placed(text, integer, text, text) from public, anon, authenticated;
revoke all on function public.task_cancel(uuid, text) from public, anon, authenticated;
revoke all on function public.dispatch_claim_stuck(timestamptz, integer, integer, integer) from public, anon, authenticated;
grant execute on function private.default_first_sentence(text, text) to service_role;
grant execute on function public.api_key_account(text) to service_role;
grant execute on function public.task_create(text, jsonb, text, text) to service_role;
grant execute on function public.task_begin_attempt(text, text) to service_role;
grant execute on function public.task_attempt_placed(text, integer, text, text) to service_role;
grant execute on function public.task_cancel(uuid, text) to service_role;
grant execute on function public.dispatch_claim_stuck(timestamptz, integer, integer, integer) to service_role;
