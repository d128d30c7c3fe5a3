-- Tables -----------------------------------------------------------------------------------------

create table private.account_closures (
  -- No foreign key: the closure outlives the auth user by 22 months.
  user_id uuid primary key,
  closed_at timestamptz not null,
  account_erased_at timestamptz,
  records_erased_at timestamptz,
  verified_phone text
);
comment on table private.account_closures is
  'Closed accounts and how far their erasure went: account data at closed_at + 60 days, KYC and call records at + 24 months.';
comment on column private.account_closures.verified_phone is
  'The phone the account had verified: the KYC row keeps the number but no longer holds it verified, so the number is free for another account.';
create index account_closures_account_due on private.account_closures (closed_at) where account_erased_at is null;
create index account_closures_records_due on private.account_closures (closed_at) where records_erased_at is null;
revoke all on private.account_closures from public, anon, authenticated;
grant all on private.account_closures to service_role;

-- Service role only: no user policies.
alter table private.account_closures enable row level security;

-- A closing keeps the hashes of the account's e-mail and verified phone, so the free minutes are
-- granted once per person (08-billing.sql).
create trigger account_closures_remember_free_minutes
  after insert on private.account_closures
  for each row execute function private.remember_free_minutes_claimed();
comment on trigger account_closures_remember_free_minutes on private.account_closures is
  'Keeps the hashes of a closing account''s e-mail and verified phone (private.free_minutes_claimed).';

-- What the retention pass reads: ended tasks by end time.
create index tasks_content_due on public.tasks (ended_at)
  where content_erased_at is null and ended_at is not null;
create index tasks_records_due on public.tasks (ended_at) where ended_at is not null;
comment on index public.tasks_content_due is 'Ended tasks whose content is still held: what the retention pass erases next.';
comment on index public.tasks_records_due is 'Call records by end time, for the 24-month erasure.';

-- Functions --------------------------------------------------------------------------------------

create function private.retention_erase_call_content(p_now timestamptz, p_limit integer) returns integer
language plpgsql
set search_path = ''
as $$
declare
  erased integer;
begin
  with due as (
    -- A test call's content (it reached nobody) is kept 7 days; a live call's 30.
    select id from public.tasks
     where content_erased_at is null and ended_at is not null
       and ended_at < p_now - case when livemode then interval '30 days' else interval '7 days' end
     order by ended_at
     limit p_limit
     for update skip locked
  ), turns as (
    -- The turn texts of the event log; the turn itself (speaker, times) stays, so the log's
    -- sequence has no gaps. A turn's dedupe key quotes the provider's message: it goes too (no
    -- provider message about a call comes 30 days after it ended).
    -- A tool's arguments and answer and a key pressed are the conversation's content too.
    update public.task_events e
       set data = case e.type
             when 'transcript.turn' then jsonb_set(e.data, '{text}', 'null'::jsonb)
             when 'keypad.pressed' then jsonb_set(e.data, '{digits}', 'null'::jsonb)
             -- What the callee asked, in their words; the documents found are the account's.
             when 'knowledge.searched' then jsonb_set(e.data, '{query}', 'null'::jsonb)
             else e.data || '{"arguments": null, "result": null}'::jsonb end,
           dedupe_key = null
      from due
     where e.task_id = due.id
       and e.type in ('transcript.turn', 'tool.called', 'tool.answered', 'keypad.pressed',
                      'knowledge.searched')
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
  'Overwrites the content of up to p_limit tasks that ended over 30 days (test tasks: 7) before p_now (also the turn texts of their event logs, and a batch''s shared content once all its tasks'' is erased).';
revoke all on function private.retention_erase_call_content(timestamptz, integer) from public, anon, authenticated;

create function private.retention_erase_technical_logs(p_now timestamptz, p_limit integer) returns integer
language plpgsql
set search_path = ''
as $$
declare
  cutoff timestamptz := p_now - interval '30 days';
  n integer;
  total integer := 0;
begin
  delete from public.webhook_delivery_attempts where id in (
    select id from public.webhook_delivery_attempts where created_at < cutoff limit p_limit);
  get diagnostics n = row_count; total := total + n;
  -- A delivery still pending after 30 days has long run out of retries.
  delete from public.webhook_deliveries where id in (
    select id from public.webhook_deliveries where created_at < cutoff limit p_limit);
  get diagnostics n = row_count; total := total + n;
  delete from public.sms_inbound_messages where message_sid in (
    select message_sid from public.sms_inbound_messages where created_at < cutoff limit p_limit);
  get diagnostics n = row_count; total := total + n;
  delete from public.sms_task_notifications where task_id in (
    select task_id from public.sms_task_notifications where sent_at < cutoff limit p_limit);
  get diagnostics n = row_count; total := total + n;
  delete from private.phone_verification_sends where id in (
    select id from private.phone_verification_sends where sent_at < cutoff limit p_limit);
  get diagnostics n = row_count; total := total + n;
  delete from private.phone_verifications where id in (
    select id from private.phone_verifications where created_at < cutoff limit p_limit);
  get diagnostics n = row_count; total := total + n;
  delete from public.task_idempotency_keys where (user_id, livemode, key) in (
    select user_id, livemode, key from public.task_idempotency_keys
     where created_at < cutoff limit p_limit);
  get diagnostics n = row_count; total := total + n;
  delete from public.task_create_requests where id in (
    select id from public.task_create_requests where created_at < cutoff limit p_limit);
  get diagnostics n = row_count; total := total + n;
  delete from private.account_requests where id in (
    select id from private.account_requests where created_at < cutoff limit p_limit);
  get diagnostics n = row_count; total := total + n;
  delete from public.task_event_streams where id in (
    select id from public.task_event_streams where expires_at < cutoff limit p_limit);
  get diagnostics n = row_count; total := total + n;
  delete from public.api_request_logs where id in (
    select id from public.api_request_logs where created_at < cutoff limit p_limit);
  get diagnostics n = row_count; total := total + n;
  update public.contact_requests set client_ip = null where id in (
    select id from public.contact_requests where client_ip is not null and created_at < cutoff limit p_limit);
  get diagnostics n = row_count; total := total + n;
  -- Ended test calls kept for another instance's watchdog: a day is past any it would ask.
  delete from private.simulated_calls where id in (
    select id from private.simulated_calls where ended_at < p_now - interval '1 day' limit p_limit);
  get diagnostics n = row_count; total := total + n;
  return total;
end;
$$;
revoke all on function private.retention_erase_technical_logs(timestamptz, integer) from public, anon, authenticated;
comment on function private.retention_erase_technical_logs(timestamptz, integer) is
  'Deletes technical logs older than 30 days before p_now, and ended test calls kept a day (up to p_limit rows of each kind).';

create function private.task_kept_five_years(p_task public.tasks) returns boolean
language sql
stable
set search_path = ''
as $$
  select p_task.livemode
     and (p_task.purpose = 'marketing'
          or exists (select 1 from public.task_consents c where c.task_id = p_task.id));
$$;
comment on function private.task_kept_five_years(public.tasks) is
  'Whether a call''s record (and its consent record) is kept 5 years after the call: a live marketing call, or one made on a consent record.';
revoke all on function private.task_kept_five_years(public.tasks) from public, anon, authenticated;

create function private.retention_erase_call_records(p_now timestamptz, p_limit integer) returns integer
language plpgsql
set search_path = ''
as $$
declare
  cutoff timestamptz := p_now - interval '24 months';
  -- Marketing calls and calls made on a consent record are kept 5 years after the call: the TSR
  -- keeps telemarketing records 5 years (16 CFR 310.5), past the TCPA's 4-year limitation period.
  lawful_cutoff timestamptz := p_now - interval '5 years';
  n integer;
  total integer := 0;
  closure record;
begin
  -- Open accounts: calls that ended over 24 months ago (closed accounts keep theirs until 24
  -- months after closing, below), save those kept 5 years.
  delete from public.tasks where id in (
    select t.id from public.tasks t
     where t.ended_at is not null and t.ended_at < cutoff
       and not private.task_kept_five_years(t)
       and not exists (select 1 from private.account_closures c where c.user_id = t.user_id)
     limit p_limit);
  get diagnostics n = row_count; total := total + n;

  -- Any account's: the calls kept 5 years, once they are 5 years old.
  delete from public.tasks where id in (
    select t.id from public.tasks t
     where coalesce(t.ended_at, t.created_at) < lawful_cutoff and private.task_kept_five_years(t)
     limit p_limit);
  get diagnostics n = row_count; total := total + n;

  for closure in
    select user_id from private.account_closures
     where records_erased_at is null and closed_at < cutoff
     order by closed_at
     limit p_limit
     for update skip locked
  loop
    delete from public.tasks t where t.user_id = closure.user_id and not private.task_kept_five_years(t);
    get diagnostics n = row_count; total := total + n;
    delete from public.user_kyc where user_id = closure.user_id;
    delete from public.credit_purchases where user_id = closure.user_id;
    update private.account_closures set records_erased_at = p_now where user_id = closure.user_id;
  end loop;

  -- A callee's opt-out is kept 5 years after it was made, whatever became of the account.
  delete from private.callee_opt_outs where opted_out_at < p_now - interval '5 years';
  get diagnostics n = row_count; total := total + n;
  delete from private.web_opt_out_requests where requested_at < p_now - interval '5 years';
  get diagnostics n = row_count; total := total + n;

  -- A closed account's attested legal basis is kept 5 years after closing, as long as the
  -- limitation period of the calls made on it.
  delete from public.legal_basis_attestations a
   using private.account_closures c
   where c.user_id = a.user_id and c.closed_at < p_now - interval '5 years';
  get diagnostics n = row_count; total := total + n;
  return total;
end;
$$;
revoke all on function private.retention_erase_call_records(timestamptz, integer) from public, anon, authenticated;
comment on function private.retention_erase_call_records(timestamptz, integer) is
  'Deletes call records 24 months after the call (open accounts) and KYC, call records and purchases 24 months after closing; marketing calls and calls on a consent record 5 years after the call.';

create function private.refuse_tasks_of_closed_accounts() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if exists (select 1 from public.profiles where id = new.user_id and closed_at is not null) then
    raise exception 'The account is closed' using errcode = 'P0001', hint = 'account_closed';
  end if;
  return new;
end;
$$;
revoke all on function private.refuse_tasks_of_closed_accounts() from public, anon, authenticated;
comment on function private.refuse_tasks_of_closed_accounts() is
  'Trigger: a closed account places no new call, whichever way the request came.';

create trigger tasks_refuse_closed_accounts
  before insert on public.tasks
  for each row execute function private.refuse_tasks_of_closed_accounts();
comment on trigger tasks_refuse_closed_accounts on public.tasks is
  'No new task for a closed account.';

create function private.record_deleted_auth_user() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  -- An auth user deleted without closing (e.g. from the Supabase dashboard) counts as closed
  -- then, so its KYC and call records still leave 24 months later.
  insert into private.account_closures (user_id, closed_at, account_erased_at, verified_phone)
  values (old.id, now(), now(),
          (select phone from public.user_kyc where user_id = old.id and phone_verified))
  on conflict (user_id) do nothing;
  update public.user_kyc set phone_verified = false where user_id = old.id and phone_verified;
  -- Nothing of it waits to be dialled once it is gone: a waiting task of a deleted account would
  -- otherwise wait for ever (admissions skip accounts without a profile). Their key is let go
  -- first, as the deletion's cascade would: a row changed in this transaction has its foreign keys
  -- checked again when the cascade's later steps touch it, and the key is gone by then.
  update public.tasks set api_key_id = null
   where user_id = old.id and api_key_id is not null
     and status in ('scheduled', 'queued', 'retry_scheduled');
  perform private.cancel_waiting_tasks(old.id, null, 'account_closed');
  return old;
end;
$$;
revoke all on function private.record_deleted_auth_user() from public, anon, authenticated;

-- Described on the function: auth.users belongs to supabase_auth_admin on hosted projects, so a
-- migration may create a trigger on it but not comment on (or alter, or drop) one.
comment on function private.record_deleted_auth_user() is
  'Trigger on_auth_user_deleted_record_closure (before delete on auth.users): starts the 24-month clock of the records a deleted user leaves.';

create trigger on_auth_user_deleted_record_closure
  before delete on auth.users
  for each row execute function private.record_deleted_auth_user();

create function public.retention_accounts_due(p_now timestamptz, p_limit integer default 100)
returns setof uuid
language sql
stable
security definer
set search_path = ''
as $$
  select user_id from private.account_closures
   where account_erased_at is null and closed_at < p_now - interval '60 days'
   order by closed_at
   limit p_limit;
$$;
comment on function public.retention_accounts_due(timestamptz, integer) is
  'Accounts closed over 60 days before p_now whose account data is still held (the pass deletes their auth users).';
revoke all on function public.retention_accounts_due(timestamptz, integer) from public, anon, authenticated;
grant execute on function public.retention_accounts_due(timestamptz, integer) to service_role;

create function public.retention_erase_account(p_user_id uuid, p_now timestamptz) returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  -- Most account data goes with the auth user (deleted through the Auth admin API first); this
  -- removes what does not cascade, and whatever is left if the auth user was removed otherwise.
  delete from public.api_request_logs where user_id = p_user_id;
  delete from public.api_keys where user_id = p_user_id;
  delete from public.agent_settings where user_id = p_user_id;
  -- Agents are the account's content (their tasks keep their call records, without the link).
  delete from public.agents where user_id = p_user_id;
  delete from public.webhook_secrets where user_id = p_user_id;
  delete from public.webhook_deliveries where user_id = p_user_id;
  delete from public.webhook_endpoints where user_id = p_user_id;
  delete from public.do_not_call where user_id = p_user_id;
  delete from public.sms_inbound_messages where user_id = p_user_id;
  delete from public.task_idempotency_keys where user_id = p_user_id;
  delete from private.phone_verification_sends where user_id = p_user_id;
  delete from private.phone_verifications where user_id = p_user_id;
  delete from public.profiles where id = p_user_id;
  -- Recordings are account content: they go now, if their own retention has not taken them yet.
  delete from private.task_recordings r using public.tasks t
   where t.id = r.task_id and t.user_id = p_user_id;
  -- A task's webhook URL is the account's configuration, not part of the call record.
  update public.tasks set webhook_url = null where user_id = p_user_id and webhook_url is not null;
  update private.account_closures set account_erased_at = p_now
   where user_id = p_user_id and account_erased_at is null;
end;
$$;
comment on function public.retention_erase_account(uuid, timestamptz) is
  'Erases a closed account''s data (keys, settings, webhook secret, profile, lists) once its auth user is gone; KYC and call records stay.';
revoke all on function public.retention_erase_account(uuid, timestamptz) from public, anon, authenticated;
grant execute on function public.retention_erase_account(uuid, timestamptz) to service_role;

create function public.account_close(p_user_id uuid, p_now timestamptz default now()) returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  closed timestamptz;
  to_cancel text[];
  waiting_canceled integer;
  numbers_released jsonb;
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
  update public.api_keys set revoked = true, revoked_at = p_now, test_secret = null
   where user_id = p_user_id and not revoked;
  -- Webhooks stop: nothing more is queued for its tasks, and nothing queued is sent.
  update public.tasks set webhook_url = null
   where user_id = p_user_id and webhook_url is not null
     and status not in ('success', 'no_answer', 'busy', 'voicemail', 'failed', 'canceled');
  update public.webhook_deliveries
     set status = 'failed', last_error = 'The account was closed.', locked_until = null
   where user_id = p_user_id and status = 'pending';
  update public.webhook_endpoints set enabled = false where user_id = p_user_id and enabled;
  -- Its numbers go (14-phone-numbers.sql): no call shows them again, no month is charged, and
  -- the caller lets go of them at the provider.
  select coalesce(jsonb_agg(provider_phone_number_id) filter (where provider_phone_number_id is not null), '[]')
    into numbers_released
    from public.phone_numbers where user_id = p_user_id and status <> 'released';
  update public.phone_numbers set status = 'released', is_default = false, released_at = p_now
   where user_id = p_user_id and status <> 'released';
  -- What is left open is live (ringing, talking or being dialled): the caller hangs it up.
  select coalesce(array_agg(id order by id), '{}') into to_cancel from public.tasks
   where user_id = p_user_id
     and status not in ('success', 'no_answer', 'busy', 'voicemail', 'failed', 'canceled');
  return jsonb_build_object('closed_at', closed, 'waiting_canceled', waiting_canceled,
    'tasks_to_cancel', to_jsonb(to_cancel), 'numbers_to_release', numbers_released);
end;
$$;
comment on function public.account_close(uuid, timestamptz) is
  'Closes an account at once: closed_at, waiting tasks canceled (counted), API keys revoked, webhooks stopped, numbers released; returns the live tasks the caller hangs up through the cancel path and the numbers it lets go of at the provider.';
revoke all on function public.account_close(uuid, timestamptz) from public, anon, authenticated;
grant execute on function public.account_close(uuid, timestamptz) to service_role;

create function public.retention_run(p_now timestamptz, p_limit integer default 500) returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
begin
  -- Callable by the service role only (the grant below): the dispatch function.
  return jsonb_build_object(
    'call_contents_erased', private.retention_erase_call_content(p_now, p_limit),
    'recordings_erased', private.erase_expired_recordings(p_now),
    'technical_logs_erased', private.retention_erase_technical_logs(p_now, p_limit),
    'call_records_erased', private.retention_erase_call_records(p_now, p_limit)
  );
end;
$$;
comment on function public.retention_run(timestamptz, integer) is
  'One retention pass as of p_now (call content, expired recordings, technical logs, call records); counts what it erased.';
revoke all on function public.retention_run(timestamptz, integer) from public, anon, authenticated;
grant execute on function public.retention_run(timestamptz, integer) to service_role;

-- The data export is paced and streamed: one export per account a minute (account_export_begin),
-- and its tasks, the bulk of it, read page by page (account_export_tasks) while the function
-- streams them, instead of one document built whole in memory. account_export holds the rest.

create table private.account_export_requests (
  user_id uuid primary key references auth.users (id) on delete cascade,
  requested_at timestamptz not null
);
comment on table private.account_export_requests is
  'When each account last began a data export (one a minute).';
revoke all on private.account_export_requests from public, anon, authenticated;

create function public.account_export_begin(p_user_id uuid) returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  last timestamptz;
begin
  select requested_at into last from private.account_export_requests
   where user_id = p_user_id for update;
  if last > now() - interval '1 minute' then
    return jsonb_build_object('error', 'rate_limited', 'retry_after',
      greatest(1, ceil(extract(epoch from (last + interval '1 minute' - now())))::integer));
  end if;
  insert into private.account_export_requests (user_id, requested_at) values (p_user_id, now())
  on conflict (user_id) do update set requested_at = excluded.requested_at;
  return '{}'::jsonb;
end;
$$;
comment on function public.account_export_begin(uuid) is
  'Starts a data export of the account if its last one began more than a minute ago; {} or {error: rate_limited, retry_after}.';
revoke all on function public.account_export_begin(uuid) from public, anon, authenticated;
grant execute on function public.account_export_begin(uuid) to service_role;

create function public.account_export_tasks(p_user_id uuid, p_after text, p_limit integer)
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  -- A page of the export's tasks, oldest first (ids sort by creation), after the task p_after.
  select coalesce(jsonb_agg(
           (to_jsonb(t) - 'user_id' - 'provider_token_hash' - 'watchdog_checked_at' - 'search_text')
           || jsonb_build_object(
                'attempts', coalesce((
                  select jsonb_agg(to_jsonb(a) - 'task_id' - 'provider_control_url' order by a.number)
                    from public.task_attempts a where a.task_id = t.id), '[]'::jsonb),
                'events', coalesce((
                  select jsonb_agg(to_jsonb(e) - 'task_id' - 'dedupe_key' order by e.seq)
                    from public.task_events e where e.task_id = t.id), '[]'::jsonb),
                'consent', (select to_jsonb(c) - 'task_id' - 'user_id'
                              from public.task_consents c where c.task_id = t.id))
           order by t.id), '[]'::jsonb)
    from (select (private.task_with_batch_defaults(x)).* from public.tasks x
           where x.user_id = p_user_id and (p_after is null or x.id > p_after)
           order by x.id limit least(greatest(p_limit, 1), 500)) t;
$$;
comment on function public.account_export_tasks(uuid, text, integer) is
  'One page (at most 500) of the data export''s tasks with their attempts and events, after the task p_after.';
revoke all on function public.account_export_tasks(uuid, text, integer) from public, anon, authenticated;
grant execute on function public.account_export_tasks(uuid, text, integer) to service_role;

create function public.account_export(p_user_id uuid) returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  -- Callable by the service role only. Everything held about the account, as the owner may see
  -- it: API keys masked as the dashboard shows them, the webhook secret never. Its tasks, the
  -- bulk of it, are read page by page (account_export_tasks) and streamed after the rest.
  -- (plpgsql: its numbers are declared after this file, 14-phone-numbers.sql.)
  return jsonb_build_object(
    'account', (
      select jsonb_build_object(
        'id', u.id, 'email', u.email, 'created_at', u.created_at,
        'email_confirmed_at', u.email_confirmed_at, 'last_sign_in_at', u.last_sign_in_at)
        from auth.users u where u.id = p_user_id),
    'profile', (
      select to_jsonb(p) - 'id' from public.profiles p where p.id = p_user_id),
    'kyc', (
      select to_jsonb(k) - 'user_id' from public.user_kyc k where k.user_id = p_user_id),
    'agent_settings', (
      select to_jsonb(s) - 'user_id' from public.agent_settings s where s.user_id = p_user_id),
    'agents', coalesce((
      select jsonb_agg(jsonb_build_object('id', a.id, 'name', a.name,
               'created_at', a.created_at, 'archived_at', a.archived_at,
               'versions', (select jsonb_agg(jsonb_build_object(
                                'version', v.version, 'config', v.config, 'created_at', v.created_at)
                              order by v.version)
                              from public.agent_versions v where v.agent_id = a.id),
               'documents', (select jsonb_agg(jsonb_build_object(
                                'id', d.id, 'name', d.name, 'format', d.format,
                                'created_at', d.created_at,
                                'text', (select string_agg(p.content, E'\n\n' order by p.position)
                                           from public.agent_document_passages p
                                          where p.document_id = d.id))
                              order by d.created_at)
                              from public.agent_documents d where d.agent_id = a.id))
             order by a.created_at)
        from public.agents a where a.user_id = p_user_id), '[]'::jsonb),
    'api_keys', coalesce((
      select jsonb_agg(jsonb_build_object(
               'id', k.id,
               'key', k.key_prefix || '…' || k.key_last4, 'name', k.name,
               'revoked', k.revoked, 'created_at', k.created_at, 'last_used_at', k.last_used_at,
               'revoked_at', k.revoked_at)
             order by k.created_at)
        from public.api_keys k where k.user_id = p_user_id), '[]'::jsonb),
    'webhook_secret', (
      select jsonb_build_object('created_at', w.created_at)
        from public.webhook_secrets w where w.user_id = p_user_id),
    -- Endpoints without their signing secrets (secrets are never exported).
    'webhook_endpoints', coalesce((
      select jsonb_agg(to_jsonb(e) - 'user_id' - 'secret_hint' order by e.created_at)
        from public.webhook_endpoints e where e.user_id = p_user_id), '[]'::jsonb),
    'webhook_deliveries', coalesce((
      select jsonb_agg(
               (to_jsonb(d) - 'user_id' - 'locked_until')
               || jsonb_build_object('attempts_made', coalesce((
                    select jsonb_agg(to_jsonb(a) - 'delivery_id' order by a.number)
                      from public.webhook_delivery_attempts a where a.delivery_id = d.id), '[]'::jsonb))
             order by d.created_at)
        from public.webhook_deliveries d where d.user_id = p_user_id), '[]'::jsonb),
    'credit_purchases', coalesce((
      select jsonb_agg(to_jsonb(c) - 'user_id' order by c.purchased_at)
        from public.credit_purchases c where c.user_id = p_user_id), '[]'::jsonb),
    'do_not_call', coalesce((
      select jsonb_agg(to_jsonb(n) - 'user_id' order by n.created_at)
        from public.do_not_call n where n.user_id = p_user_id), '[]'::jsonb),
    'sms_messages', coalesce((
      select jsonb_agg(to_jsonb(m) - 'user_id' order by m.created_at)
        from public.sms_inbound_messages m where m.user_id = p_user_id), '[]'::jsonb),
    'contact_requests', coalesce((
      select jsonb_agg(to_jsonb(r) - 'user_id' order by r.created_at)
        from public.contact_requests r where r.user_id = p_user_id), '[]'::jsonb),
    -- Its numbers without the provider's id or the inbound token's hash, and what they cost.
    'phone_numbers', coalesce((
      select jsonb_agg(to_jsonb(n) - 'user_id' - 'provider_phone_number_id' - 'inbound_token_hash'
               order by n.created_at)
        from public.phone_numbers n where n.user_id = p_user_id), '[]'::jsonb),
    'phone_number_charges', coalesce((
      select jsonb_agg(to_jsonb(c) - 'user_id' order by c.created_at)
        from public.phone_number_charges c where c.user_id = p_user_id), '[]'::jsonb)
  );
end;
$$;
comment on function public.account_export(uuid) is
  'The account''s data export (GET /functions/v1/account/export) without its tasks (account_export_tasks pages them): keys masked, no secrets, its own contact requests only.';
revoke all on function public.account_export(uuid) from public, anon, authenticated;
grant execute on function public.account_export(uuid) to service_role;

-- A closed account's session (its token valid until it expires) changes nothing: a trigger refuses
-- its writes to the tables it may write (API keys, webhook secret and deliveries, KYC, do-not-call
-- list, phone-agent settings), whether through PostgREST or a security-definer function.
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
revoke all on function private.refuse_writes_of_closed_accounts() from public, anon, authenticated;

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
create trigger webhook_endpoints_closed_accounts_change_nothing
  before insert or update or delete on public.webhook_endpoints
  for each row execute function private.refuse_writes_of_closed_accounts();
comment on trigger webhook_endpoints_closed_accounts_change_nothing on public.webhook_endpoints is
  'A closed account changes, tests or deletes no webhook endpoint.';
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
