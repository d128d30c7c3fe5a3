-- Do not call: each account's list of numbers it will not call. A callee who asks during a call
-- not to be called again is added by the call's `callee.opted_out` event (source 'callee'); the
-- account may add and remove its own entries (source 'account') from the dashboard, but never
-- remove a callee's. Creating a task for a listed number is refused (task_accept reads this table
-- before accepting a task), an attempt of a task to a listed number is not dialled
-- (private.attempt_refusal), and a number joining the list cancels the account's waiting tasks to
-- it at once (docs/decisions/0024-opt-out-and-closing-stop-every-attempt.md).
-- Test mode keeps a list of its own (livemode false): what a test key or a test call adds binds
-- test tasks only, and the live list binds live tasks only, as every other object of the modes.

-- Tables -----------------------------------------------------------------------------------------

create table public.do_not_call (
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  -- The shape of a US number in E.164, as public.tasks keeps it; which numbers are callable is
  -- decided by the shared number rule in the functions.
  phone_number text not null
    constraint do_not_call_phone_us_e164 check (phone_number ~ '^\+1[2-9][0-9]{2}[2-9][0-9]{6}$'),
  source text not null default 'account'
    constraint do_not_call_source_valid check (source in ('callee', 'account')),
  task_id text references public.tasks (id) on delete set null,
  created_at timestamptz not null default now(),
  livemode boolean not null default true,
  primary key (user_id, livemode, phone_number),
  constraint do_not_call_account_entries_have_no_task check (source = 'callee' or task_id is null)
);
comment on table public.do_not_call is
  'Numbers an account will not call: asked by the callee during a call (callee) or added by the account (account).';
comment on column public.do_not_call.task_id is 'The call in which the callee asked not to be called again.';
comment on column public.do_not_call.livemode is 'false: the test-mode list, which binds test tasks only.';
revoke all on public.do_not_call from public, anon, authenticated;
grant select, delete on public.do_not_call to authenticated;

-- An account adds a number only; the source, the task and the time are not its to choose.
grant insert (user_id, phone_number, livemode) on public.do_not_call to authenticated;
grant all on public.do_not_call to service_role;
alter table public.do_not_call enable row level security;

create policy "Users can read their own do-not-call list"
  on public.do_not_call for select
  to authenticated
  using (user_id = (select auth.uid()));

create policy "Users can add numbers to their own do-not-call list"
  on public.do_not_call for insert
  to authenticated
  with check (user_id = (select auth.uid()) and source = 'account' and task_id is null);

create policy "Users can remove the numbers they added themselves"
  on public.do_not_call for delete
  to authenticated
  using (user_id = (select auth.uid()) and source = 'account');

-- Every opt-out a callee made, kept 5 years after it was made whatever becomes of the account
-- (the TSR keeps opt-outs honoured and their records for 5 years; the account's list goes with the
-- account). Written by the trigger below; erased by the retention pass (13-privacy.sql).
create table private.callee_opt_outs (
  id bigint generated always as identity primary key,
  -- No foreign keys: the record outlives the account and the call.
  user_id uuid not null,
  phone_number text not null,
  task_id text,
  opted_out_at timestamptz not null default now(),
  -- How it reached us: on a call (keypad, words, the call's analysis), by text, or by the web form.
  via text not null default 'call'
    constraint callee_opt_outs_via check (via in ('call', 'text', 'web_form'))
);
comment on table private.callee_opt_outs is
  'Each opt-out a callee made (on a call, by text or by the web form), kept 5 years after it was made.';
create index callee_opt_outs_made on private.callee_opt_outs (opted_out_at);
revoke all on private.callee_opt_outs from public, anon, authenticated;
grant select on private.callee_opt_outs to service_role;
alter table private.callee_opt_outs enable row level security;

-- Functions --------------------------------------------------------------------------------------

-- One callee's wish not to be called again by one account, however it was said (on a call, by
-- text, by the web form): the number is listed as the callee's, and a live one is kept as the
-- callee's record.
create function private.list_callee_opt_out(
  p_user_id uuid, p_phone_number text, p_task_id text, p_livemode boolean, p_via text default 'call'
) returns void
language plpgsql
set search_path = ''
as $$
begin
  -- A number the account listed itself becomes the callee's: from now on the account cannot
  -- remove it.
  insert into public.do_not_call (user_id, phone_number, source, task_id, livemode)
  values (p_user_id, p_phone_number, 'callee', p_task_id, p_livemode)
  on conflict (user_id, livemode, phone_number) do update
    set source = 'callee', task_id = excluded.task_id, created_at = now();
  -- A test call's opt-out joins the test list, and is no record of a real person's wish.
  if p_livemode then
    insert into private.callee_opt_outs (user_id, phone_number, task_id, via)
    values (p_user_id, p_phone_number, p_task_id, p_via);
  end if;
end;
$$;
comment on function private.list_callee_opt_out(uuid, text, text, boolean, text) is
  'Lists a number as the callee''s on an account''s list of that mode (a live one also kept in callee_opt_outs, with how it reached us).';
revoke all on function private.list_callee_opt_out(uuid, text, text, boolean, text) from public, anon, authenticated;
grant execute on function private.list_callee_opt_out(uuid, text, text, boolean, text) to service_role;

create function private.record_callee_opt_out() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  task public.tasks%rowtype;
begin
  select * into task from public.tasks where id = new.task_id;
  -- A browser call has no number to list: its caller is the account's own user. A test suite's
  -- scripted callee is a test of the agent, nobody's wish: its number is not listed either.
  if task.phone_number is not null and task.test_scenario is null then
    perform private.list_callee_opt_out(task.user_id, task.phone_number, task.id, task.livemode);
  end if;
  update public.tasks set opted_out = true where id = new.task_id;
  return null;
end;
$$;
comment on function private.record_callee_opt_out() is
  'On a callee.opted_out event: lists the task''s number on its account''s do-not-call list (source callee) and marks the task opted_out.';
revoke all on function private.record_callee_opt_out() from public, anon, authenticated;

create trigger task_events_callee_opt_out
  after insert on public.task_events
  for each row when (new.type = 'callee.opted_out')
  execute function private.record_callee_opt_out();

create function private.attempt_refusal(p_task public.tasks) returns text
language sql
stable
set search_path = ''
as $$
  select case
    when exists (select 1 from public.profiles where id = p_task.user_id and closed_at is not null)
      then 'account_closed'
    when exists (select 1 from public.do_not_call
                  where user_id = p_task.user_id and livemode = p_task.livemode
                    and phone_number = p_task.phone_number)
      then 'do_not_call'
  end;
$$;
comment on function private.attempt_refusal(public.tasks) is
  'Why an attempt of the task may not begin (account_closed, do_not_call), or null.';
revoke all on function private.attempt_refusal(public.tasks) from public, anon, authenticated;
grant execute on function private.attempt_refusal(public.tasks) to service_role;

-- A transfer is a call to its target, decided when the agent hands the callee over, not when the
-- task was accepted: the target must not be on the account's do-not-call list, and a live call
-- rings it only inside the calling window and the target state's hours, days and cap (as a task
-- to it would). The voice provider asks for the destination at that moment
-- (voice/vapi/adapter.ts); a refusal keeps the agent on the call.
create function public.task_transfer_refusal(p_task_id text) returns text
language plpgsql
stable
set search_path = ''
as $$
declare
  task public.tasks%rowtype;
  target text;
  zones text[];
  rule private.state_calling_rules%rowtype;
  opening timestamptz;
begin
  select * into task from public.tasks where id = p_task_id;
  target := task.transfer->>'to';
  if task.id is null or target is null then
    return 'no_transfer';
  end if;
  if exists (select 1 from public.profiles where id = task.user_id and closed_at is not null) then
    return 'account_closed';
  end if;
  if exists (select 1 from public.do_not_call
              where user_id = task.user_id and livemode = task.livemode and phone_number = target) then
    return 'do_not_call';
  end if;
  -- A test call's transfer reaches nobody: its clock is the test clock, open by default.
  if not task.livemode then
    return null;
  end if;
  zones := private.time_zones_of(target);
  opening := private.call_day_opening(target, now(), zones, '08:00', '21:00', task.purpose);
  if opening is null or opening > now() then
    return 'calling_hours';
  end if;
  rule := private.state_rule_for(target, task.purpose);
  if private.call_cap_opening(task.user_id, target, null, now(), rule.max_calls_per_24h) > now() then
    return 'state_cap';
  end if;
  return null;
end;
$$;
comment on function public.task_transfer_refusal(text) is
  'Why the task''s transfer may not ring its target now (do_not_call, calling_hours, state_cap, account_closed, no_transfer), or null.';
revoke all on function public.task_transfer_refusal(text) from public, anon, authenticated;
grant execute on function public.task_transfer_refusal(text) to service_role;

create function private.cancel_waiting_calls_to_listed_number() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform private.cancel_waiting_tasks(new.user_id, new.phone_number, 'do_not_call', new.livemode);
  return null;
end;
$$;
comment on function private.cancel_waiting_calls_to_listed_number() is
  'Trigger do_not_call_cancels_waiting_calls: a number joining the list cancels the account''s waiting tasks to it.';
revoke all on function private.cancel_waiting_calls_to_listed_number() from public, anon, authenticated;

create trigger do_not_call_cancels_waiting_calls
  after insert or update of phone_number, source on public.do_not_call
  for each row execute function private.cancel_waiting_calls_to_listed_number();
comment on trigger do_not_call_cancels_waiting_calls on public.do_not_call is
  'An opt-out or a listed number cancels the account''s waiting tasks to it (failure_reason do_not_call).';

-- An account's own list, added in bulk (POST /task/do-not-call, the dashboard's CSV upload): up to
-- doNotCallUploadMaxRows numbers at once, each joining as the account's entry (a callee's stays
-- the callee's); each new entry cancels the account's waiting calls to it, as one added alone does.
-- A test key adds to the test list.
create function public.do_not_call_add(p_user_id uuid, p_numbers text[], p_livemode boolean)
returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  distinct_numbers integer;
  added integer;
begin
  if cardinality(p_numbers) > private.limit_of('doNotCallUploadMaxRows') then
    return jsonb_build_object('error', 'too_many', 'limit', private.limit_of('doNotCallUploadMaxRows'));
  end if;
  select count(distinct n) into distinct_numbers from unnest(p_numbers) n;
  insert into public.do_not_call (user_id, phone_number, source, livemode)
  select distinct p_user_id, n, 'account', p_livemode from unnest(p_numbers) n
  on conflict (user_id, livemode, phone_number) do nothing;
  get diagnostics added = row_count;
  return jsonb_build_object('added', added, 'already_listed', distinct_numbers - added);
end;
$$;
comment on function public.do_not_call_add(uuid, text[], boolean) is
  'Adds numbers (E.164 US, checked by the table) to the account''s do-not-call list of the mode; returns {added, already_listed}.';
revoke all on function public.do_not_call_add(uuid, text[], boolean) from public, anon, authenticated;
grant execute on function public.do_not_call_add(uuid, text[], boolean) to service_role;

-- A callee's revocation that reaches us outside a call (a text saying STOP, the web form): every
-- open account with a live call to the number, placed or waiting, lists it as the callee's at
-- once (its waiting calls to it are canceled by the trigger above), and the opt-out is kept 5
-- years like one made during a call.
create function private.callee_revoke(p_phone_number text, p_via text) returns integer
language plpgsql
-- The opt-out records are written by us alone: the service role may read them, never write them.
security definer
set search_path = ''
as $$
declare
  latest record;
  listed integer := 0;
begin
  for latest in
    select distinct on (t.user_id) t.user_id, t.id
      from public.tasks t
     where t.phone_number = p_phone_number and t.livemode
       and exists (select 1 from public.profiles p where p.id = t.user_id and p.closed_at is null)
     order by t.user_id, t.created_at desc
  loop
    perform private.list_callee_opt_out(latest.user_id, p_phone_number, latest.id, true, p_via);
    listed := listed + 1;
  end loop;
  return listed;
end;
$$;
comment on function private.callee_revoke(text, text) is
  'A callee''s revocation outside a call: lists the number as the callee''s on every open account with a live call to it; returns how many accounts.';
revoke all on function private.callee_revoke(text, text) from public, anon, authenticated;
grant execute on function private.callee_revoke(text, text) to service_role;

create function public.callee_revoke_by_text(p_phone_number text) returns integer
language sql
set search_path = ''
as $$
  select private.callee_revoke(p_phone_number, 'text');
$$;
comment on function public.callee_revoke_by_text(text) is
  'A callee''s STOP by text: lists the number as the callee''s on every open account with a live call to it; returns how many accounts.';
revoke all on function public.callee_revoke_by_text(text) from public, anon, authenticated;
grant execute on function public.callee_revoke_by_text(text) to service_role;

-- The web form on our site (/stop-calls): anyone may ask for a number not to be called, as the
-- law lets a callee revoke by any reasonable means, without proving they hold it. Each request is
-- kept 5 years with the client IP the gateway saw; the limits hold however many function
-- instances run: 10 an hour per IP, 500 an hour for everybody.
create table private.web_opt_out_requests (
  id bigint generated always as identity primary key,
  phone_number text not null constraint web_opt_out_requests_phone_e164 check (phone_number ~ '^\+1[2-9][0-9]{9}$'),
  client_ip inet not null,
  accounts_listed integer not null default 0,
  requested_at timestamptz not null default now()
);
comment on table private.web_opt_out_requests is
  'Each request of the public opt-out form: the number, the client IP and how many accounts listed it; kept 5 years.';
create index web_opt_out_requests_ip_time on private.web_opt_out_requests (client_ip, requested_at);
create index web_opt_out_requests_time on private.web_opt_out_requests (requested_at);
revoke all on private.web_opt_out_requests from public, anon, authenticated;
grant select, insert, delete on private.web_opt_out_requests to service_role;
alter table private.web_opt_out_requests enable row level security;

create policy "The service role reads the web opt-out requests"
  on private.web_opt_out_requests for select
  to service_role
  using (true);

create policy "The service role records web opt-out requests"
  on private.web_opt_out_requests for insert
  to service_role
  with check (true);

create policy "The service role erases web opt-out requests"
  on private.web_opt_out_requests for delete
  to service_role
  using (true);

create function public.callee_revoke_by_web_form(p_phone_number text, p_client_ip inet)
returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  listed integer;
begin
  -- One request at a time counts, so concurrent ones cannot pass a limit together.
  perform pg_advisory_xact_lock(hashtext('web_opt_out_requests'));
  if (select count(*) from private.web_opt_out_requests
       where client_ip = p_client_ip and requested_at > now() - interval '1 hour') >= 10 then
    return jsonb_build_object('error', 'rate_limited');
  end if;
  if (select count(*) from private.web_opt_out_requests
       where requested_at > now() - interval '1 hour') >= 500 then
    return jsonb_build_object('error', 'busy');
  end if;
  listed := private.callee_revoke(p_phone_number, 'web_form');
  insert into private.web_opt_out_requests (phone_number, client_ip, accounts_listed)
  values (p_phone_number, p_client_ip, listed);
  return jsonb_build_object('accounts', listed);
end;
$$;
comment on function public.callee_revoke_by_web_form(text, inet) is
  'The public opt-out form: lists the number as the callee''s on every open account with a live call to it and keeps the request; {accounts} or {error: rate_limited | busy}. Service role only.';
revoke all on function public.callee_revoke_by_web_form(text, inet) from public, anon, authenticated;
grant execute on function public.callee_revoke_by_web_form(text, inet) to service_role;
