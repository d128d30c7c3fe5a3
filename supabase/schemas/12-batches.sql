-- Batches: up to 1,000 calls from one request (docs/decisions/0015-batches-paced-by-call-slots.md).
--   * `batch_accept` records the batch and all its tasks in one set-based insert, after checking
--     the account's idempotency key, create limit, do-not-call list, every row's calling window,
--     its open tasks (openTasksPerAccount) and its money: the credits (and free minutes left)
--     must cover every row's longest call, so nothing is stored that could not be paid for.
--     Nothing is created when any row is refused.
--   * A batch's tasks wait for a call slot instead of being refused with 429: a task inside its
--     calling window is `queued` with `awaiting_slot`; one outside is `scheduled` and joins the
--     waiting tasks when its window opens. They hold no money while they wait.
--   * `private.admit_waiting_tasks` gives an account's free slots (activeCallsPerAccount minus its
--     queued, ringing and in-progress calls that hold one) to its waiting tasks in batch order,
--     under the account's row lock, taking each task's hold as it is admitted. A task to a number
--     the account is calling now is passed over while that call lasts (one live call per callee).
--     A task that cannot be funded then ends `failed` with failure_reason `insufficient_credits`;
--     the batch goes on.
--   * A call leaving the active set asks for a dispatch run at once (NOTIFY dialwise_dispatch, and
--     pg_net where hosted) when the account has tasks waiting, so the next one is placed promptly.
--   * When the last task of a batch ends, the batch completes and records `batch.completed`,
--     which the batch's event stream and its webhook (the defaults' webhook_url) carry.

-- Tables -----------------------------------------------------------------------------------------

create table public.batches (
  id text primary key
    constraint batches_id_format check (id ~ '^batch_[0-9A-Z]{26}$'),
  user_id uuid not null references auth.users (id) on delete cascade,
  api_key_id uuid references public.api_keys (id) on delete set null,
  source text not null default 'api'
    constraint batches_source_valid check (source in ('api', 'dashboard', 'mcp')),
  status text not null default 'running'
    constraint batches_status_valid check (status in ('running', 'completed', 'canceled')),
  total integer not null
    constraint batches_total_range check (total between 1 and private.limit_of('batchMaxRows')),
  webhook_url text,
  idempotency_key text
    constraint batches_idempotency_key_length check (idempotency_key is null or length(idempotency_key) between 1 and 255),
  request_hash text,
  event_seq integer not null default 0,
  created_at timestamptz not null default now(),
  canceled_at timestamptz,
  completed_at timestamptz,
  updated_at timestamptz not null default now(),
  task_defaults jsonb not null default '{}'::jsonb
    constraint batches_task_defaults_object check (jsonb_typeof(task_defaults) = 'object'),
  livemode boolean not null default true
);
comment on table public.batches is
  'Many calls created by one request (up to 1,000 tasks), placed as the account''s call slots free.';
comment on column public.batches.livemode is 'false for a test key''s batch: its tasks are test tasks, listed apart from live ones.';
comment on column public.batches.webhook_url is 'Where batch.completed is POSTed: the webhook_url of the batch''s defaults.';
comment on column public.batches.idempotency_key is 'The Idempotency-Key the batch was created with (answered as a replay for 24 hours).';
comment on column public.batches.event_seq is 'Sequence number of the newest event in public.batch_events.';
comment on column public.batches.task_defaults is
  'The fields the batch''s tasks share (goal, first_sentence, voicemail_message, output_schema, context and metadata keys), stored once; a task row holds only what differs.';
create index batches_user_newest on public.batches (user_id, id desc);
-- Per mode: the same key in test and in live names two requests.
create unique index batches_idempotency on public.batches (user_id, livemode, idempotency_key)
  where idempotency_key is not null;
revoke all on public.batches from public, anon, authenticated;
grant select (id, user_id, api_key_id, source, status, total, webhook_url, event_seq, created_at,
  canceled_at, completed_at, updated_at) on public.batches to authenticated;
grant all on public.batches to service_role;
alter table public.batches enable row level security;

create policy "Users can read their own batches"
  on public.batches for select
  to authenticated
  using (user_id = (select auth.uid()));

create table public.batch_events (
  batch_id text not null references public.batches (id) on delete cascade,
  seq integer not null,
  type text not null constraint batch_events_type_valid check (type in ('batch.completed')),
  data jsonb not null default '{}'::jsonb,
  created_at timestamptz not null default now(),
  primary key (batch_id, seq)
);
revoke all on public.batch_events from public, anon, authenticated;
grant all on public.batch_events to service_role;
comment on table public.batch_events is 'Append-only event log of a batch (its event stream and webhook read it).';
grant select on public.batch_events to authenticated;
alter table public.batch_events enable row level security;

create policy "Users can read the events of their own batches"
  on public.batch_events for select
  to authenticated
  using (exists (select 1 from public.batches b where b.id = batch_id and b.user_id = (select auth.uid())));
create index tasks_batch on public.tasks (batch_id, batch_index) where batch_id is not null;
create index tasks_batch_open on public.tasks (batch_id)
  where batch_id is not null and status not in ('success', 'no_answer', 'busy', 'voicemail', 'failed', 'canceled');
create index tasks_awaiting_slot on public.tasks (user_id, batch_id, batch_index)
  where awaiting_slot and status = 'queued';

-- A task's call record, and a delivery, outlive their account (and so its batch) for the record
-- retention: the batch link is cleared, not cascaded.
alter table public.tasks
  add constraint tasks_batch_id_fkey foreign key (batch_id) references public.batches (id) on delete set null;
alter table public.webhook_deliveries
  add constraint webhook_deliveries_batch_id_fkey foreign key (batch_id) references public.batches (id) on delete set null;

-- Functions --------------------------------------------------------------------------------------

-- A batch's defaults are stored once (docs/decisions/0026-batch-defaults-stored-once.md): the
-- fields its rows share (goal, first sentence, voicemail message, output_schema, and the defaults'
-- context and metadata keys) live in batches.task_defaults, and each task row of the batch holds
-- only what differs:
--   * goal, first_sentence, voicemail_message, output_schema: null when the row has the batch's
--     value (the call API shares a field only when every row can be put back exactly);
--   * context, metadata: the row's own keys; the batch's are merged under them when read.
-- Every reader puts the row back together (private.task_with_batch_defaults here; the call API's
-- task reads do the same in supabase/functions/_shared/tasks/batch-defaults.ts), so a task reads
-- exactly as before while a 1,000-row batch stores its defaults once, not 1,000 times.
-- Once a task's content is erased (content_erased_at) it inherits none of the content fields, and
-- the batch's copy is erased with its last task's (13-privacy.sql); before a batch is deleted (its
-- account closes) its shared fields are written into its tasks, which outlive it.

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
revoke all on function private.batch_task_defaults(jsonb) from public, anon, authenticated;
grant execute on function private.batch_task_defaults(jsonb) to service_role;

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
revoke all on function private.task_with_batch_defaults(public.tasks) from public, anon, authenticated;
grant execute on function private.task_with_batch_defaults(public.tasks) to service_role;

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
revoke all on function private.keep_batch_defaults_in_tasks() from public, anon, authenticated;

create trigger batches_keep_defaults_in_tasks
  before delete on public.batches
  for each row execute function private.keep_batch_defaults_in_tasks();
comment on trigger batches_keep_defaults_in_tasks on public.batches is
  'The tasks of a deleted batch keep its shared fields (private.keep_batch_defaults_in_tasks).';

create function private.admit_next_waiting(p_user_id uuid, p_livemode boolean) returns text
language plpgsql
set search_path = ''
as $$
declare
  waiting record;
  at timestamptz := now();
begin
  -- The caller holds the account's lock and a free line; rows another transaction holds are left
  -- for the next run (whoever holds the lines never waits).
  for waiting in
    select id, phone_number
      from public.tasks
     where user_id = p_user_id and status = 'queued' and awaiting_slot and livemode = p_livemode
     order by batch_id nulls first, batch_index, created_at
     for update skip locked
  loop
    -- One live call per callee: a task to a number being called now waits its turn.
    if p_livemode then
      perform private.lock_callee(waiting.phone_number);
    end if;
    continue when private.has_live_call(p_user_id, waiting.phone_number, p_livemode);
    -- Its money is held now, from what the account has now (or it fails: the others go on).
    continue when not private.hold_or_fail(waiting.id);
    update public.tasks set awaiting_slot = false, slot_claimed_at = at, updated_at = at
     where id = waiting.id;
    return waiting.id;
  end loop;
  return null;
end;
$$;
comment on function private.admit_next_waiting(uuid, boolean) is
  'Admits the account''s next waiting task of the mode whose callee is free, holding its cost (or failing unfundable ones with insufficient_credits on the way); null when none can go. The caller holds the account''s lock and, for a live task, a free provider line.';
revoke all on function private.admit_next_waiting(uuid, boolean) from public, anon, authenticated;
grant execute on function private.admit_next_waiting(uuid, boolean) to service_role;

create function private.admit_waiting_tasks(p_user_id uuid) returns setof text
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
  active := private.active_call_count(p_user_id);
  loop
    exit when active >= private.limit_of('activeCallsPerAccount');
    -- Test tasks first: they need a slot of the account's, never a provider line.
    admitted := private.admit_next_waiting(p_user_id, false);
    if admitted is null then
      exit when not private.takes_provider_line(p_user_id);
      admitted := private.admit_next_waiting(p_user_id, true);
    end if;
    exit when admitted is null;
    active := active + 1;
    return next admitted;
  end loop;
end;
$$;
comment on function private.admit_waiting_tasks(uuid) is
  'Gives the account''s free call slots to its waiting tasks in order while provider lines are free and it is the account''s turn, holding each one''s cost (or failing it with insufficient_credits); returns the ids to place.';
revoke all on function private.admit_waiting_tasks(uuid) from public, anon, authenticated;
grant execute on function private.admit_waiting_tasks(uuid) to service_role;

create function public.batch_accept(
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
  -- Test mode: the key's mode (batch_create) or the session's; its rows are free and their
  -- calling windows are judged on the open test clock.
  batch_livemode boolean := coalesce((p_batch->>'livemode')::boolean, true);
  needed_minutes integer;
  needed_cents integer;
  default_agent text;
begin
  perform 1 from public.profiles where id = p_user_id for update;
  if not found then
    return jsonb_build_object('error', 'unauthorized');
  end if;
  -- Rows that name no agent run with the account's default agent, as a task does.
  if coalesce((p_batch->>'takes_default_agent')::boolean, false) then
    default_agent := public.default_agent_of(p_user_id);
    if default_agent is not null then
      return jsonb_build_object('error', 'default_agent', 'agent_id', default_agent);
    end if;
  end if;
  if batch_livemode and exists (select 1 from jsonb_array_elements(p_tasks) r
                                 where coalesce((r.value->>'retry_waits_compressed')::boolean, false)) then
    return jsonb_build_object('error', 'compressed_waits_in_live_mode');
  end if;
  -- A live row takes only an agent version that passed its agent's gate suite, as a task does.
  if batch_livemode and exists (select 1 from jsonb_array_elements(p_tasks) r
                                 where r.value->>'agent_id' is not null
                                   and not private.agent_version_cleared(r.value->>'agent_id',
                                     (r.value->>'agent_version')::integer)) then
    return jsonb_build_object('error', 'agent_version_untested');
  end if;

  -- A replay answers before the rate limit, as for a single task.
  if p_idempotency_key is not null then
    update public.batches set idempotency_key = null
     where user_id = p_user_id and livemode = batch_livemode and idempotency_key = p_idempotency_key
       and created_at < at - interval '24 hours';
    select * into existing from public.batches
     where user_id = p_user_id and livemode = batch_livemode and idempotency_key = p_idempotency_key;
    if found then
      if existing.request_hash = p_request_hash then
        return jsonb_build_object('batch_id', existing.id, 'replayed', true);
      end if;
      return jsonb_build_object('error', 'idempotency_conflict');
    end if;
  end if;

  -- Every row is checked before anything is created: listed numbers, then calling windows.
  -- A row's transfer number is listed like its own (transfer.to).
  select jsonb_agg(jsonb_build_object('index', r.ordinality - 1,
           'field', case when d.phone_number = r.value->>'phone_number' then 'phone_number' else 'transfer.to' end,
           'code', 'do_not_call', 'source', d.source) order by r.ordinality)
    into refused
    from jsonb_array_elements(p_tasks) with ordinality r
    join public.do_not_call d on d.user_id = p_user_id and d.livemode = batch_livemode
     and d.phone_number in (r.value->>'phone_number', r.value->'transfer'->>'to');
  if refused is not null then
    return jsonb_build_object('error', 'do_not_call', 'rows', refused);
  end if;

  with rows as (
    select r.ordinality - 1 as index, r.value as task,
           private.time_zones_of(r.value->>'phone_number') as zones,
           greatest(coalesce((r.value->>'call_window_start')::time, '08:00'),
             coalesce(s.call_start, '08:00')) as window_start,
           least(coalesce((r.value->>'call_window_end')::time, '21:00'),
             coalesce(s.call_end, '21:00')) as window_end
      from jsonb_array_elements(p_tasks) with ordinality r
      cross join lateral private.state_rule_for(r.value->>'phone_number', r.value->>'purpose') s
  )
  select jsonb_agg(jsonb_build_object('index', index, 'field', 'call_window',
           'code', 'call_window_never_open', 'time_zones', zones) order by index)
    into refused
    from rows
   where window_start >= window_end
      or private.next_call_opening(
           greatest(at, coalesce((task->>'schedule_at')::timestamptz, at)), zones,
           window_start, window_end) is null;
  if refused is not null then
    return jsonb_build_object('error', 'call_window_never_open', 'rows', refused);
  end if;

  -- Every live row needs a legal basis: its own consent or exemption, else the account's attested
  -- default (15-legal-basis.sql).
  if batch_livemode then
    select jsonb_agg(jsonb_build_object('index', r.ordinality - 1, 'field', 'consent',
             'code', 'legal_basis_required') order by r.ordinality)
      into refused
      from jsonb_array_elements(p_tasks) with ordinality r
     where private.legal_basis_of(p_user_id, r.value) is null;
    if refused is not null then
      return jsonb_build_object('error', 'legal_basis_required', 'rows', refused);
    end if;
    -- And shows one of the account's own numbers, as a single task does (task_accept).
    if not exists (select 1 from public.profiles where id = p_user_id and closed_at is not null)
       and not exists (select 1 from public.phone_numbers where user_id = p_user_id and status = 'active') then
      return jsonb_build_object('error', 'caller_number_required', 'user_id', p_user_id);
    end if;
  end if;

  -- What an account may store is bounded: openTasksPerAccount tasks that have not ended, this
  -- batch's included.
  if private.open_task_count(p_user_id) + jsonb_array_length(p_tasks) > private.limit_of('openTasksPerAccount') then
    return jsonb_build_object('error', 'too_many_open_tasks', 'limit', private.limit_of('openTasksPerAccount'));
  end if;
  if not batch_livemode
     and private.test_calls_in_last_day(p_user_id) + jsonb_array_length(p_tasks)
         > private.limit_of('testCallsPerDay') then
    return jsonb_build_object('error', 'too_many_test_calls', 'limit', private.limit_of('testCallsPerDay'));
  end if;

  -- A row that names the number its call shows names one of the account's active numbers.
  if exists (
    select 1 from jsonb_array_elements(p_tasks) r
     where r.value->>'from_number' is not null
       and not exists (select 1 from public.phone_numbers n
                        where n.user_id = p_user_id and n.status = 'active'
                          and (n.id = r.value->>'from_number' or n.phone_number = r.value->>'from_number'))
  ) then
    return jsonb_build_object('error', 'from_number_unknown');
  end if;

  -- Storage follows money: the credits available (and the free minutes left) must cover every
  -- row's longest call, or nothing is stored. Each row's cost is still held only when it is
  -- admitted to a call slot.
  select coalesce(sum(coalesce((r.value->>'max_duration_minutes')::integer, private.limit_of('maxDurationMinutes', 'default'))), 0)
    into needed_minutes
    from jsonb_array_elements(p_tasks) r;
  select * into account from public.profiles where id = p_user_id;
  needed_cents := case when batch_livemode then greatest(0, needed_minutes
    - greatest(0, 100 - account.free_minutes_used - account.free_minutes_reserved)) else 0 end;
  if account.credits - account.credits_held < needed_cents / 100.0 then
    return jsonb_build_object('error', 'insufficient_credits',
      'required_usd', needed_cents / 100.0, 'available_usd', account.credits - account.credits_held);
  end if;

  -- One of the account's create requests a minute, however many rows it carries.
  delete from public.task_create_requests
   where user_id = p_user_id and created_at < at - interval '1 minute';
  select count(*), min(created_at) into recent, oldest
    from public.task_create_requests where user_id = p_user_id;
  if recent >= private.limit_of('createsPerMinutePerAccount') then
    return jsonb_build_object('error', 'rate_limited', 'limit', 'requests',
      'retry_after', greatest(1, ceil(extract(epoch from (oldest + interval '1 minute' - at)))::integer));
  end if;
  insert into public.task_create_requests (user_id, api_key_id) values (p_user_id, p_api_key_id);

  insert into public.batches (id, user_id, api_key_id, source, total, webhook_url, idempotency_key,
    request_hash, task_defaults, created_at, updated_at, livemode)
  values (p_batch->>'id', p_user_id, p_api_key_id, coalesce(p_batch->>'source', 'api'),
    jsonb_array_length(p_tasks), p_batch->>'webhook_url', p_idempotency_key, p_request_hash,
    private.batch_task_defaults(p_batch->'task_defaults'), at, at, batch_livemode)
  returning * into created;

  select * into settings from public.agent_settings where user_id = p_user_id;

  with rows as (
    select r.ordinality - 1 as index, r.value as task,
           private.time_zones_of(r.value->>'phone_number') as zones,
           coalesce(r.value->>'voice', settings.voice, 'Aria') as voice,
           coalesce(r.value->>'language', settings.language, 'en') as language,
           (r.value->>'schedule_at')::timestamptz as requested,
           -- The callee's state may allow fewer hours: the task keeps the narrower window.
           greatest(coalesce((r.value->>'call_window_start')::time, '08:00'),
             coalesce(s.call_start, '08:00')) as window_start,
           least(coalesce((r.value->>'call_window_end')::time, '21:00'),
             coalesce(s.call_end, '21:00')) as window_end
      from jsonb_array_elements(p_tasks) with ordinality r
      cross join lateral private.state_rule_for(r.value->>'phone_number', r.value->>'purpose') s
  ), planned as (
    select rows.*, case when batch_livemode
             then private.call_opening(p_user_id, rows.task->>'phone_number', null,
               greatest(at, coalesce(requested, at)), zones, window_start, window_end,
               coalesce(rows.task->>'purpose', 'informational'))
             else greatest(at, coalesce(requested, at)) end as opening
      from rows
  ), inserted as (
    insert into public.tasks (
      id, user_id, api_key_id, source, phone_number, goal, context, metadata, voice, language,
      speaking_style, first_sentence, max_duration_minutes, voicemail_action, voicemail_message,
      retry_max_attempts, retry_interval_minutes, webhook_url, provider_token_hash,
      hold_cents, free_minutes_reserved, time_zones, call_window_start, call_window_end,
      schedule_at, status, scheduled_for, output_schema, record, recording_retention_days,
      batch_id, batch_index, awaiting_slot, event_seq, created_at, updated_at, livemode, test_clock, tools, purpose, transfer,
      legal_basis, retry_waits_compressed, offer, from_number_id, agent_id, agent_version
    )
    select p.task->>'id', p_user_id, p_api_key_id, coalesce(p_batch->>'source', 'api'),
      p.task->>'phone_number', p.task->>'goal', coalesce(p.task->'context', '{}'::jsonb),
      coalesce(p.task->'metadata', '{}'::jsonb), p.voice, p.language,
      coalesce(p.task->>'speaking_style', settings.speaking_style, 'Professional'),
      -- A row that shares the batch's first sentence stores none of its own.
      case when p.task->>'first_sentence' is null and created.task_defaults ? 'first_sentence' then null
           else coalesce(p.task->>'first_sentence', private.default_first_sentence(p.language, p.voice)) end,
      coalesce((p.task->>'max_duration_minutes')::integer, private.limit_of('maxDurationMinutes', 'default')),
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
      created.id, p.index, not (p.opening > at), 1, at, at, batch_livemode,
      case when not batch_livemode then 'open' end,
      case when jsonb_typeof(p.task->'tools') = 'array' then p.task->'tools' end,
      coalesce(p.task->>'purpose', 'informational'),
      case when jsonb_typeof(p.task->'transfer') = 'object' then p.task->'transfer' end,
      case when batch_livemode then private.legal_basis_of(p_user_id, p.task) end,
      coalesce((p.task->>'retry_waits_compressed')::boolean, false),
      p.task->>'offer',
      (select n.id from public.phone_numbers n
        where n.user_id = p_user_id and n.status = 'active'
          and (n.id = p.task->>'from_number' or n.phone_number = p.task->>'from_number')),
      p.task->>'agent_id', (p.task->>'agent_version')::integer
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

  -- Each row's consent, kept as an immutable audit record (05-tasks.sql, task_consents).
  insert into public.task_consents (task_id, user_id, purpose, type, obtained_at, source, reference,
    phone_number, given_by)
  select r.value->>'id', p_user_id, coalesce(r.value->>'purpose', 'informational'),
         r.value->'consent'->>'type', (r.value->'consent'->>'obtained_at')::timestamptz,
         r.value->'consent'->>'source', r.value->'consent'->>'reference',
         coalesce(r.value->'consent'->>'phone_number', r.value->>'phone_number'),
         r.value->'consent'->>'given_by'
    from jsonb_array_elements(p_tasks) r
   where jsonb_typeof(r.value->'consent') = 'object';

  select coalesce(array_agg(id), '{}') into admitted from private.admit_waiting_tasks(p_user_id) as id;
  return jsonb_build_object('batch_id', created.id, 'replayed', false, 'place', to_jsonb(admitted));
end;
$$;
comment on function public.batch_accept(uuid, uuid, jsonb, jsonb, text, text) is
  'Creates a batch and all its tasks in one statement (the rows'' shared fields once, on the batch) if the idempotency key, the create limit, the do-not-call list and every row''s calling window allow; admits the first into free call slots and returns {batch_id, place} or {error, rows}.';
revoke all on function public.batch_accept(uuid, uuid, jsonb, jsonb, text, text) from public, anon, authenticated;
grant execute on function public.batch_accept(uuid, uuid, jsonb, jsonb, text, text) to service_role;

create function public.batch_create(
  p_api_key text, p_batch jsonb, p_tasks jsonb, p_idempotency_key text, p_request_hash text
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
  -- The key's mode wins over anything the body says.
  return public.batch_accept((account->>'user_id')::uuid, (account->>'api_key_id')::uuid,
    p_batch || jsonb_build_object('livemode', (account->>'livemode')::boolean),
    p_tasks, p_idempotency_key, p_request_hash) || account;
end;
$$;
comment on function public.batch_create(text, jsonb, jsonb, text, text) is
  'POST /task/batches in one round trip: the API key, the KYC and phone gate, then batch_accept.';
revoke all on function public.batch_create(text, jsonb, jsonb, text, text) from public, anon, authenticated;
grant execute on function public.batch_create(text, jsonb, jsonb, text, text) to service_role;

create function public.batch_read(p_batch_id text) returns jsonb
language sql
stable
set search_path = ''
as $$
  select jsonb_build_object(
    'batch', to_jsonb(b) - 'request_hash',
    'groups', coalesce((
      select jsonb_agg(jsonb_build_object('status', g.status, 'outcome', g.outcome, 'count', g.n))
        from (select t.status, t.outcome, count(*) as n from public.tasks t
               where t.batch_id = b.id group by t.status, t.outcome) g), '[]'::jsonb))
    from public.batches b where b.id = p_batch_id;
$$;
comment on function public.batch_read(text) is
  'A batch and the number of its tasks per (status, outcome), in one query; the counts are named in TypeScript (tasks/batch-counts.ts).';
revoke all on function public.batch_read(text) from public, anon, authenticated;
grant execute on function public.batch_read(text) to service_role;

create function public.batch_claim_slots(p_user_id uuid) returns setof text
language sql
set search_path = ''
as $$
  select private.admit_waiting_tasks(p_user_id);
$$;
comment on function public.batch_claim_slots(uuid) is
  'Admits an account''s waiting batch tasks into its free call slots; returns the ids to place.';
revoke all on function public.batch_claim_slots(uuid) from public, anon, authenticated;
grant execute on function public.batch_claim_slots(uuid) to service_role;

create function public.dispatch_claim_batch_slots(p_limit integer) returns setof text
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
  account uuid;
  active integer;
begin
  -- Test tasks take no provider line: each account's waiting ones go into its free slots. An
  -- account busy with a create or a call's end is served at the next run (skip locked).
  for account in
    select distinct user_id from public.tasks
     where awaiting_slot and status = 'queued' and not livemode order by user_id
  loop
    exit when placed >= p_limit;
    perform 1 from public.profiles where id = account for update skip locked;
    continue when not found;
    active := private.active_call_count(account);
    loop
      exit when placed >= p_limit or active >= private.limit_of('activeCallsPerAccount');
      admitted := private.admit_next_waiting(account, false);
      exit when admitted is null;
      active := active + 1;
      placed := placed + 1;
      return next admitted;
    end loop;
  end loop;
  -- Then the lines, then accounts with skip locked: this run never waits while it holds the lines.
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
        from (select distinct user_id from public.tasks
               where awaiting_slot and status = 'queued' and livemode) u
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
    admitted := private.admit_next_waiting(accounts[pick], true);
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
revoke all on function public.dispatch_claim_batch_slots(integer) from public, anon, authenticated;
grant execute on function public.dispatch_claim_batch_slots(integer) to service_role;

create function public.batch_cancel(p_user_id uuid, p_batch_id text) returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  open_task text;
  result jsonb;
  hang_ups jsonb := '[]'::jsonb;
  canceled integer := 0;
begin
  -- Another account's batch is "not found", never "forbidden".
  if not exists (select 1 from public.batches where id = p_batch_id and user_id = p_user_id) then
    return jsonb_build_object('error', 'not_found');
  end if;
  -- The account first, as every writer of its tasks does (private.lock_task), then the batch.
  perform 1 from public.profiles where id = p_user_id for update;
  update public.batches set canceled_at = coalesce(canceled_at, now()), updated_at = now()
   where id = p_batch_id and completed_at is null;
  for open_task in
    select id from public.tasks
     where batch_id = p_batch_id
       and status not in ('success', 'no_answer', 'busy', 'voicemail', 'failed', 'canceled')
     order by batch_index
  loop
    result := public.task_cancel(p_user_id, open_task);
    if result ? 'canceled' then
      canceled := canceled + 1;
      if jsonb_typeof(result->'hang_up') = 'object' then
        hang_ups := hang_ups || jsonb_build_array(result->'hang_up' || jsonb_build_object('task_id', open_task));
      end if;
    end if;
  end loop;
  return jsonb_build_object('canceled', canceled, 'hang_up', hang_ups);
end;
$$;
comment on function public.batch_cancel(uuid, text) is
  'Cancels every task of the account''s batch that has not ended; returns the live calls to hang up.';
revoke all on function public.batch_cancel(uuid, text) from public, anon, authenticated;
grant execute on function public.batch_cancel(uuid, text) to service_role;

create function private.on_task_status_change() returns trigger
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
revoke all on function private.on_task_status_change() from public, anon, authenticated;

create trigger tasks_status_change
  after update of status on public.tasks
  for each row when (old.status is distinct from new.status)
  execute function private.on_task_status_change();
comment on trigger tasks_status_change on public.tasks is
  'Frees call slots for waiting batch tasks and completes batches (private.on_task_status_change).';

create function private.on_batch_event() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  hook text;
begin
  -- Live streams of the batch wake on the same channel as task streams, keyed by the batch id.
  perform pg_notify('task_events',
    json_build_object('task_id', new.batch_id, 'seq', new.seq, 'type', new.type)::text);
  select webhook_url into hook from public.batches where id = new.batch_id;
  if hook is not null then
    insert into public.webhook_deliveries (user_id, batch_id, event_seq, event_type, url)
    select b.user_id, b.id, new.seq, new.type, hook from public.batches b where b.id = new.batch_id
    on conflict (batch_id, event_seq) do nothing;
  end if;
  return null;
end;
$$;
comment on function private.on_batch_event() is
  'Trigger batch_events_publish: wakes the batch''s live streams (NOTIFY task_events) and queues its webhook delivery.';
revoke all on function private.on_batch_event() from public, anon, authenticated;

create trigger batch_events_publish
  after insert on public.batch_events
  for each row execute function private.on_batch_event();
comment on trigger batch_events_publish on public.batch_events is
  'Wakes the batch''s event streams and queues the webhook of each batch event.';
