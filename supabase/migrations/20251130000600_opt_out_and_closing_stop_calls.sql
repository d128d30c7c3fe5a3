-- An opt-out and a closing stop everything at once
-- (docs/decisions/0024-opt-out-and-closing-stop-every-attempt.md).
--   * Every attempt begins in public.task_begin_attempt (a task created alone, a scheduled task
--     whose window opened, a due retry, an admitted batch row, the watchdog's re-placement): it
--     refuses a number on the account's do-not-call list and a closed account, and ends the
--     task there (canceled, failure_reason do_not_call or account_closed, with its event and
--     webhook) instead of dialling.
--   * A number joining the do-not-call list (the callee's opt-out or the account's own entry)
--     cancels the account's waiting tasks to that number at once, the same way.
--   * Closing cancels every waiting task (scheduled, waiting for a slot, waiting for a retry, not
--     yet dialled) in the closing transaction, under the account's lock, before anything else:
--     no dispatch run can admit or place one afterwards. Live calls are still hung up through
--     the cancel path by the account function.
--   * A closed account's token (valid until it expires) changes nothing: a trigger refuses its
--     writes to the tables it may write (API keys, webhook secret and deliveries, KYC, do-not-call
--     list, phone-agent settings), whether through PostgREST or a security-definer function.

-- Functions --------------------------------------------------------------------------------------

create function private.cancel_waiting_task(p_task_id text, p_reason text) returns boolean
language plpgsql
set search_path = ''
as $$
declare
  task public.tasks%rowtype;
  at timestamptz := now();
begin
  -- The caller holds the account's lock (every writer of a task takes it first).
  select * into task from public.tasks where id = p_task_id for update;
  -- Waiting: not dialling and not talking. A queued task with an attempt open is live (its
  -- placement is in flight) and ends through the cancel path.
  if task.id is null or not (
       task.status in ('scheduled', 'retry_scheduled')
       or (task.status = 'queued' and (task.awaiting_slot or task.current_attempt = 0))) then
    return false;
  end if;
  update public.tasks
     set status = 'canceled', outcome = 'not_achieved', failure_reason = p_reason,
         awaiting_slot = false, next_attempt_at = null, ended_at = at, updated_at = at
   where id = p_task_id;
  perform private.append_task_event(p_task_id, 'task.completed', '{}'::jsonb);
  perform private.release_if_done(p_task_id);
  return true;
end;
$$;
comment on function private.cancel_waiting_task(text, text) is
  'Ends a task that waits to be dialled (scheduled, waiting for a slot or a retry, not yet placed) as canceled with failure_reason p_reason; false if it is live or ended.';

create function private.cancel_waiting_tasks(p_user_id uuid, p_phone_number text, p_reason text)
returns integer
language plpgsql
set search_path = ''
as $$
declare
  waiting text;
  canceled integer := 0;
begin
  perform 1 from public.profiles where id = p_user_id for update;
  for waiting in
    select id from public.tasks
     where user_id = p_user_id
       and (p_phone_number is null or phone_number = p_phone_number)
       and status in ('scheduled', 'queued', 'retry_scheduled')
     order by id
  loop
    if private.cancel_waiting_task(waiting, p_reason) then
      canceled := canceled + 1;
    end if;
  end loop;
  return canceled;
end;
$$;
comment on function private.cancel_waiting_tasks(uuid, text, text) is
  'Cancels the account''s waiting tasks (to one number, or all when p_phone_number is null) with failure_reason p_reason; returns how many.';

create function private.attempt_refusal(p_task public.tasks) returns text
language sql
stable
set search_path = ''
as $$
  select case
    when exists (select 1 from public.profiles where id = p_task.user_id and closed_at is not null)
      then 'account_closed'
    when exists (select 1 from public.do_not_call
                  where user_id = p_task.user_id and phone_number = p_task.phone_number)
      then 'do_not_call'
  end;
$$;
comment on function private.attempt_refusal(public.tasks) is
  'Why an attempt of the task may not begin (account_closed, do_not_call), or null.';

-- As 20251127002001_task_accept_call_slots.sql left it, plus the refusal before anything else.
create or replace function public.task_begin_attempt(p_task_id text, p_token_hash text default null) returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  task public.tasks%rowtype := private.lock_task(p_task_id);
  refusal text;
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
  'Opens the next attempt of a queued task or of a due retry (a retry only when the account has a free call slot; refuses any other state); a listed number or a closed account ends the task instead.';

create function private.cancel_waiting_calls_to_listed_number() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform private.cancel_waiting_tasks(new.user_id, new.phone_number, 'do_not_call');
  return null;
end;
$$;
comment on function private.cancel_waiting_calls_to_listed_number() is
  'Trigger do_not_call_cancels_waiting_calls: a number joining the list cancels the account''s waiting tasks to it.';

-- As 20251127003000_retention_and_account_closing.sql left it, but under the account's lock and
-- with every waiting task canceled first, in the same transaction.
create or replace function public.account_close(p_user_id uuid, p_now timestamptz default now()) returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  closed timestamptz;
  to_cancel text[];
  waiting_canceled integer;
begin
  -- Callable by the service role only (the account function, after checking the session and
  -- the confirmation). Idempotent: closing twice keeps the first time.
  -- The account's lock orders this with every admission, placement and create: once it is
  -- released, the account is closed and nothing of it waits to be dialled.
  perform 1 from public.profiles where id = p_user_id for update;
  insert into private.account_closures (user_id, closed_at, verified_phone)
  values (p_user_id, p_now,
          (select phone from public.user_kyc where user_id = p_user_id and phone_verified))
  on conflict (user_id) do nothing;
  -- The SMS entry knows senders by their verified phone: a closed account is no sender any more,
  -- and the number may be verified by another account.
  update public.user_kyc set phone_verified = false where user_id = p_user_id and phone_verified;
  select closed_at into closed from private.account_closures where user_id = p_user_id;
  update public.profiles set closed_at = closed where id = p_user_id and closed_at is null;
  waiting_canceled := private.cancel_waiting_tasks(p_user_id, null, 'account_closed');
  update public.api_keys set revoked = true, revoked_at = p_now where user_id = p_user_id and not revoked;
  -- Webhooks stop: nothing more is queued for its tasks, and nothing queued is sent.
  update public.tasks set webhook_url = null
   where user_id = p_user_id and webhook_url is not null
     and status not in ('success', 'no_answer', 'busy', 'voicemail', 'failed', 'canceled');
  update public.webhook_deliveries
     set status = 'failed', last_error = 'The account was closed.', locked_until = null
   where user_id = p_user_id and status = 'pending';
  -- What is left open is live (ringing, talking or being dialled): the caller hangs it up.
  select coalesce(array_agg(id order by id), '{}') into to_cancel from public.tasks
   where user_id = p_user_id
     and status not in ('success', 'no_answer', 'busy', 'voicemail', 'failed', 'canceled');
  return jsonb_build_object('closed_at', closed, 'waiting_canceled', waiting_canceled,
    'tasks_to_cancel', to_jsonb(to_cancel));
end;
$$;
comment on function public.account_close(uuid, timestamptz) is
  'Closes an account at once: closed_at, waiting tasks canceled (counted), API keys revoked, webhooks stopped; returns the live tasks the caller hangs up through the cancel path.';

create function private.refuse_writes_of_closed_accounts() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  -- Only a user's own token carries auth.uid(): the service role and the scheduled work (which
  -- close, erase and revoke) write freely.
  if (select auth.uid()) is not null and exists (
       select 1 from public.profiles where id = (select auth.uid()) and closed_at is not null) then
    raise exception 'This account is closed.' using errcode = '42501', hint = 'account_closed';
  end if;
  return case when tg_op = 'DELETE' then old else new end;
end;
$$;
comment on function private.refuse_writes_of_closed_accounts() is
  'Trigger: a closed account''s session (still valid until its token expires) changes nothing, through PostgREST or an RPC.';

-- Triggers ---------------------------------------------------------------------------------------

create trigger do_not_call_cancels_waiting_calls
  after insert or update of phone_number, source on public.do_not_call
  for each row execute function private.cancel_waiting_calls_to_listed_number();
comment on trigger do_not_call_cancels_waiting_calls on public.do_not_call is
  'An opt-out or a listed number cancels the account''s waiting tasks to it (failure_reason do_not_call).';

create trigger api_keys_closed_accounts_change_nothing
  before insert or update or delete on public.api_keys
  for each row execute function private.refuse_writes_of_closed_accounts();
comment on trigger api_keys_closed_accounts_change_nothing on public.api_keys is
  'A closed account mints and revokes no key.';
create trigger webhook_secrets_closed_accounts_change_nothing
  before insert or update or delete on public.webhook_secrets
  for each row execute function private.refuse_writes_of_closed_accounts();
comment on trigger webhook_secrets_closed_accounts_change_nothing on public.webhook_secrets is
  'A closed account rotates no webhook secret.';
create trigger webhook_deliveries_closed_accounts_change_nothing
  before insert or update or delete on public.webhook_deliveries
  for each row execute function private.refuse_writes_of_closed_accounts();
comment on trigger webhook_deliveries_closed_accounts_change_nothing on public.webhook_deliveries is
  'A closed account resends no webhook delivery.';
create trigger user_kyc_closed_accounts_change_nothing
  before insert or update or delete on public.user_kyc
  for each row execute function private.refuse_writes_of_closed_accounts();
comment on trigger user_kyc_closed_accounts_change_nothing on public.user_kyc is
  'A closed account submits no KYC.';
create trigger do_not_call_closed_accounts_change_nothing
  before insert or update or delete on public.do_not_call
  for each row execute function private.refuse_writes_of_closed_accounts();
comment on trigger do_not_call_closed_accounts_change_nothing on public.do_not_call is
  'A closed account adds or removes no do-not-call entry.';
create trigger agent_settings_closed_accounts_change_nothing
  before insert or update or delete on public.agent_settings
  for each row execute function private.refuse_writes_of_closed_accounts();
comment on trigger agent_settings_closed_accounts_change_nothing on public.agent_settings is
  'A closed account changes no phone-agent setting.';

-- Grants -----------------------------------------------------------------------------------------

revoke all on function private.cancel_waiting_task(text, text),
  private.cancel_waiting_tasks(uuid, text, text),
  private.attempt_refusal(public.tasks),
  private.cancel_waiting_calls_to_listed_number(),
  private.refuse_writes_of_closed_accounts()
  from public, anon, authenticated;
-- task_begin_attempt runs as the service role (the functions' placements).
grant execute on function private.cancel_waiting_task(text, text),
  private.cancel_waiting_tasks(uuid, text, text),
  private.attempt_refusal(public.tasks)
  to service_role;
