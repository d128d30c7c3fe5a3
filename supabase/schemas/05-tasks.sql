-- Tasks: the call API's core. A task is one goal for one phone number; it is pursued in
-- one or more attempts (provider calls), and everything that happens to it is appended to its
-- event log, which the SSE stream, the dashboard and the webhooks read. Owners read their own
-- rows; nothing here is written by users directly: the `task` and `voice-events` functions write
-- through the service role, and every state change that touches money goes through the
-- functions of 08-billing.sql.
--
-- The call path is decided in SQL so that no interleaving of create, placement, provider messages,
-- cancel and the watchdog can leave a live call for an ended task, a call never billed, or one
-- billed twice (docs/decisions/0007-call-path-decided-in-sql.md):
--   * `task_create` authenticates the API key, checks KYC, limits and money and records the task
--     in one round trip; the call is placed after the response.
--   * The create limit counts per account, across its keys; a replay never counts.
--   * Cancel never settles a call that may be live with the provider: the attempt stays unbilled
--     (and its hold kept) until the provider reports its end, the placement fails, or the
--     watchdog gives up on it. A call placed after its task was canceled is hung up at once.
--   * The watchdog asks the provider about a call silent for 60 seconds, and about an ended
--     task's call that is still unbilled, instead of waiting for max_duration_minutes.

-- The words of a task's metadata the calls list searches: its values (not its keys), one level
-- deep, as text; nested objects and arrays as their JSON.
create function private.metadata_search_text(p_metadata jsonb)
returns text
language sql
immutable
parallel safe
set search_path = ''
as $$
  select coalesce(string_agg(e.value, ' '), '')
    from jsonb_each_text(case when jsonb_typeof(p_metadata) = 'object' then p_metadata else '{}'::jsonb end) e
$$;

-- Columns keep the order they were added in (later ones at the end), as the baseline has them.
create table public.tasks (
  id text primary key
    constraint tasks_id_format check (id ~ '^task_[0-9A-Z]{26}$'),
  -- No foreign key to auth.users: a task's call record outlives its account for the record
  -- retention (13-privacy.sql).
  user_id uuid not null,
  api_key_id uuid references public.api_keys (id) on delete set null,
  source text not null default 'api'
    constraint tasks_source_valid check (source in ('api', 'dashboard', 'mcp', 'sms', 'inbound')),
  -- 'scheduled': waiting for its calling window (06-calling-windows.sql).
  status text not null default 'queued'
    constraint tasks_status_valid check (status in (
      'scheduled', 'queued', 'ringing', 'in_progress', 'retry_scheduled',
      'success', 'no_answer', 'busy', 'voicemail', 'failed', 'canceled')),
  outcome text
    constraint tasks_outcome_valid check (outcome is null or outcome in ('achieved', 'not_achieved', 'unknown')),
  -- Null only for a browser call (direction web): the agent talks with the account's user.
  phone_number text
    constraint tasks_phone_us_e164 check (phone_number ~ '^\+1[2-9][0-9]{2}[2-9][0-9]{6}$'),
  -- goal and first_sentence become null when the call content is erased (13-privacy.sql).
  goal text
    constraint tasks_goal_length check (length(goal) between 1 and private.limit_of('goalMaxLength')),
  context jsonb not null default '{}'::jsonb,
  metadata jsonb not null default '{}'::jsonb,
  voice text not null
    constraint tasks_voice_valid check (voice in ('Aria', 'Roger', 'Sarah', 'George')),
  language text not null
    -- The codes of contract/call-languages.ts.
    constraint tasks_language_valid check (language in ('en', 'es', 'fr', 'de', 'it', 'pt', 'nl', 'pl', 'ru', 'uk', 'tr', 'ar', 'hi', 'ja', 'ko', 'zh', 'id', 'ms', 'fil', 'vi', 'sv', 'da', 'no', 'fi', 'cs', 'sk', 'hu', 'ro', 'bg', 'hr', 'el', 'ta', 'auto')),
  speaking_style text not null
    constraint tasks_speaking_style_valid check (speaking_style in ('Professional', 'Conversational', 'Friendly')),
  first_sentence text
    constraint tasks_first_sentence_length check (length(first_sentence) between 1 and private.limit_of('firstSentenceMaxLength')),
  max_duration_minutes integer not null default private.limit_of('maxDurationMinutes', 'default')
    constraint tasks_max_duration_range check (max_duration_minutes between
      private.limit_of('maxDurationMinutes', 'min') and private.limit_of('maxDurationMinutes', 'max')),
  voicemail_action text not null default 'hang_up'
    constraint tasks_voicemail_action_valid check (voicemail_action in ('hang_up', 'leave_message')),
  voicemail_message text
    constraint tasks_voicemail_message_length check (
      voicemail_message is null or length(voicemail_message) <= private.limit_of('voicemailMessageMaxLength')),
  retry_max_attempts integer not null default 3
    constraint tasks_retry_max_attempts_range check (retry_max_attempts between
      private.limit_of('retryMaxAttempts', 'min') and private.limit_of('retryMaxAttempts', 'max')),
  retry_interval_minutes integer not null default 30
    constraint tasks_retry_interval_range check (retry_interval_minutes between
      private.limit_of('retryIntervalMinutes', 'min') and private.limit_of('retryIntervalMinutes', 'max')),
  webhook_url text,
  current_attempt integer not null default 0,
  next_attempt_at timestamptz,
  created_at timestamptz not null default now(),
  started_at timestamptz,
  ended_at timestamptz,
  duration_seconds integer not null default 0,
  billed_minutes integer not null default 0,
  cost_cents integer not null default 0,
  free_minutes_used integer not null default 0,
  hold_cents integer not null default 0
    constraint tasks_hold_not_negative check (hold_cents >= 0),
  free_minutes_reserved integer not null default 0
    constraint tasks_free_reserved_not_negative check (free_minutes_reserved >= 0),
  transcript jsonb not null default '[]'::jsonb,
  summary text,
  recording_url text,
  -- A code of contract/call-outcomes.ts (FAILURE_CODES); the API adds its fixed sentence.
  failure_reason text
    constraint tasks_failure_reason_code check (failure_reason in (
      'insufficient_credits', 'do_not_call', 'account_closed', 'declined', 'invalid_number', 'carrier_failed', 'provider_failed', 'placement_failed', 'no_final_report', 'no_caller_number')),
  provider_token_hash text not null,
  event_seq integer not null default 0,
  updated_at timestamptz not null default now(),
  watchdog_checked_at timestamptz,
  -- Set when the callee asks not to be called again (07-do-not-call.sql).
  opted_out boolean not null default false,
  -- The calling window (06-calling-windows.sql): local hours the callee may be called in.
  call_window_start time not null default '08:00',
  call_window_end time not null default '21:00',
  time_zones text[] not null default '{America/New_York,America/Los_Angeles}',
  schedule_at timestamptz,
  scheduled_for timestamptz,
  -- The structured result and the recording (docs/decisions/0012-call-recordings.md).
  output_schema jsonb,
  result jsonb,
  result_note text,
  record boolean not null default false,
  recording_retention_days integer not null default 30
    constraint tasks_recording_retention_range check (recording_retention_days between 1 and 90),
  recording_expires_at timestamptz,
  -- The batch a task came from (12-batches.sql adds the foreign key, once batches exist).
  batch_id text,
  batch_index integer
    constraint tasks_batch_index_range check (
      batch_index is null or batch_index between 0 and private.limit_of('batchMaxRows') - 1),
  awaiting_slot boolean not null default false,
  slot_claimed_at timestamptz,
  content_erased_at timestamptz,
  recording_status text
    constraint tasks_recording_status check (recording_status in ('pending', 'available', 'failed', 'erased')),
  -- What became of the last call (CALL_OUTCOMES), the evidence for it, and the provider's own
  -- end reason as it came (kept even when we do not know it).
  call_outcome text
    constraint tasks_call_outcome_valid check (call_outcome in (
      'human_answered', 'voicemail_left', 'voicemail_no_message', 'screened', 'no_answer', 'busy', 'declined', 'ivr_stuck', 'invalid_number', 'carrier_failed', 'provider_failed', 'canceled', 'transferred')),
  call_outcome_evidence text,
  provider_reason text,
  -- Test mode (docs/product-rules.md#test-mode): a test key's task calls the simulated network,
  -- free, and its windows are judged on its test clock: 'open' (always inside the window) or the
  -- moment the request set, which then runs on from acceptance (test_clock_shift = that moment
  -- minus the real one). Live tasks follow the real clock: both null.
  livemode boolean not null default true,
  test_clock text,
  test_clock_shift interval,
  constraint tasks_test_clock_only_in_test_mode check (
    (livemode and test_clock is null and test_clock_shift is null)
    or (not livemode and test_clock is not null and (test_clock = 'open') = (test_clock_shift is null))),
  -- The integrator's tools the agent may call during the call (docs/product-rules.md#tools-during-the-call).
  tools jsonb
    constraint tasks_tools_array check (tools is null or jsonb_typeof(tools) = 'array'),
  -- Why the call is placed, what its opening names, and whether its callee let it be recorded
  -- (docs/product-rules.md#the-mandatory-opening).
  purpose text not null default 'informational'
    constraint tasks_purpose_valid check (purpose in ('informational', 'marketing')),
  disclosure_facts jsonb,
  recording_consent text
    constraint tasks_recording_consent_valid check (recording_consent in ('granted', 'declined')),
  -- What the calls list's search matches (GET /task?q=): the number (none for a browser call), the
  -- goal and the metadata's values, lower-cased; erasing the content empties it with them.
  search_text text generated always as (
    lower(coalesce(phone_number, '') || ' ' || coalesce(goal, '') || ' ' || private.metadata_search_text(metadata))) stored,
  -- Where the agent hands the callee to a person (docs/product-rules.md#transfer-to-a-person).
  transfer jsonb
    constraint tasks_transfer_object check (transfer is null or jsonb_typeof(transfer) = 'object'),
  -- Why the law lets a live AI call be placed (docs/product-rules.md#legal-basis): the task's own
  -- consent or exemption, or the account's attested default; null for test calls.
  legal_basis jsonb
    constraint tasks_legal_basis_object check (legal_basis is null or jsonb_typeof(legal_basis) = 'object'),
  -- The moment of acceptance on the clock calling windows are judged by: created_at, except on a
  -- local test stack whose calling clock is shifted (private.calling_clock), so a scheduled task's
  -- reason names the time its window was judged at.
  calling_clock_at timestamptz,
  -- Test mode only: each minute of retry_interval_minutes waits one second, so a test batch's
  -- retries finish while one watches (docs/product-rules.md#test-mode).
  retry_waits_compressed boolean not null default false,
  constraint tasks_retry_waits_compressed_test_only check (not (retry_waits_compressed and livemode)),
  -- Marketing calls: what the call sells, named in the opening (the Telemarketing Sales Rule asks
  -- the nature of the goods or services, promptly).
  offer text constraint tasks_offer_length check (offer is null or char_length(offer) between 1 and 200),
  -- inbound: a call to one of the account's numbers, answered by its agent (15-task-creation.sql,
  -- inbound_call_begin); phone_number is then the caller's and from_number the number called.
  -- web: a browser call, the account's user talking with its agent from the dashboard or the
  -- API (15-task-creation.sql, web_call_begin); it has no phone number.
  direction text not null default 'outbound'
    constraint tasks_direction_valid check (direction in ('outbound', 'inbound', 'web')),
  constraint tasks_phone_number_unless_web check ((phone_number is null) = (direction = 'web')),
  -- The account's number the call shows (14-phone-numbers.sql): the one the task named, else the
  -- account's default, resolved again as each attempt begins; a test call shows a fictional one.
  -- Null: a live call from the platform's shared number (an account without a number of its own).
  from_number text
    constraint tasks_from_number_us_e164 check (from_number is null or from_number ~ '^\+1[2-9][0-9]{2}[2-9][0-9]{6}$'),
  from_number_id text,
  constraint tasks_call_window_valid check (
    call_window_start >= '08:00' and call_window_end <= '21:00' and call_window_start < call_window_end),
  constraint tasks_output_schema_object check (output_schema is null or jsonb_typeof(output_schema) = 'object'),
  constraint tasks_result_object check (result is null or jsonb_typeof(result) = 'object')
);
comment on table public.tasks is 'Call tasks of the call API: one goal, one number, one or more attempts.';
comment on column public.tasks.hold_cents is 'Credits (in cents) still held for this task; released when it ends.';
comment on column public.tasks.free_minutes_reserved is 'Free minutes still reserved for this task; released when it ends.';
comment on column public.tasks.provider_token_hash is 'SHA-256 (hex) of the per-task token the voice provider sends with its server messages.';
comment on column public.tasks.event_seq is 'Sequence number of the newest event in public.task_events.';
comment on column public.tasks.failure_reason is
  'Why the task failed or was canceled without a call, as a code (docs/product-rules.md#call-outcomes-and-failure-codes).';
comment on column public.tasks.call_outcome is
  'What became of the last call: one of a closed set (human_answered, voicemail_left, …); null until a call ended.';
comment on column public.tasks.call_outcome_evidence is 'Why call_outcome is what it is, in one sentence.';
comment on column public.tasks.provider_reason is 'The voice provider''s own end reason for the last call, as it came.';
comment on column public.tasks.watchdog_checked_at is 'When the watchdog last claimed this task (a lease against concurrent dispatchers).';
comment on column public.tasks.opted_out is 'The callee asked during this call not to be called again.';
comment on column public.tasks.time_zones is 'The callee''s time zones (from the area code); the window must be open in each.';
comment on column public.tasks.scheduled_for is 'When a scheduled task is placed: the opening of its calling window at or after schedule_at.';
comment on column public.tasks.output_schema is
  'The integrator''s JSON Schema (a subset of draft 2020-12) for the call''s structured result; null: no result wanted.';
comment on column public.tasks.result is
  'The structured result of the call, valid against output_schema (unsettled fields null); null without a schema or before the end.';
comment on column public.tasks.result_note is
  'Why result holds only nulls although the call ended (the provider''s analysis was missing or did not fit the schema).';
comment on column public.tasks.record is 'The integrator asked for the call''s audio to be kept.';
comment on column public.tasks.recording_retention_days is 'How many days a recording is kept after the call ends (1 to 90).';
comment on column public.tasks.recording_expires_at is
  'When the recording is (or was) erased; null while none was stored.';
comment on column public.tasks.recording_status is
  'Where the recording stands: pending (being copied), available, failed (could not be copied), erased; null while none was made.';
comment on column public.tasks.transfer is
  'Where and when the agent hands the callee to a person ({to, when, mode, summary}); null: never.';
comment on column public.tasks.tools is
  'The integrator''s tools ({name, description, parameters, url}, at most 8) the agent may call during the call; null: none.';
comment on column public.tasks.purpose is 'informational or marketing; a marketing task has a consent record (task_consents).';
comment on column public.tasks.disclosure_facts is
  'What the call''s mandatory opening names, from the account when the task was accepted: {business_name, callback_number}.';
comment on column public.tasks.recording_consent is
  'The callee''s answer when a recorded call asked consent (all-party-consent states): granted or declined; null when not asked.';
comment on column public.tasks.batch_id is 'The batch this task belongs to, if any.';
comment on column public.tasks.batch_index is 'The row of the batch request this task came from (0-based).';
comment on column public.tasks.awaiting_slot is
  'A queued task waiting for one of the account''s call slots or for a provider line (a batch row holds no money yet; a task created alone holds its cost); meaningful only while status is queued.';
comment on column public.tasks.slot_claimed_at is 'When a batch task was given a call slot (and its hold taken).';
comment on column public.tasks.content_erased_at is
  'When the call content (goal, context, metadata, first sentence, voicemail message, transcript, summary, result) was erased; the call record stays.';
comment on column public.tasks.goal is 'What the call should achieve; null once the content is erased (30 days after the end).';
create index tasks_user_newest on public.tasks (user_id, id desc);
create index tasks_user_status on public.tasks (user_id, status);
create index tasks_due_retries on public.tasks (next_attempt_at) where status = 'retry_scheduled';
create index tasks_active on public.tasks (status, updated_at) where status in ('queued', 'ringing', 'in_progress');
create index tasks_due_scheduled on public.tasks (scheduled_for) where status = 'scheduled';
-- The calls of an account to one number (a state's cap of calls in 24 hours counts them).
create index tasks_user_phone on public.tasks (user_id, phone_number);
-- The calls list's date filter (GET /task?created_after=&created_before=) within one account.
create index tasks_user_created on public.tasks (user_id, created_at desc);
revoke all on public.tasks from public, anon, authenticated;
grant all on public.tasks to service_role;

-- Owners read every column of their tasks (by the row policy) but the provider token's hash and
-- the watchdog's lease. The recording's audio is never readable this way: the call API serves it
-- with the account's key (docs/decisions/0020-call-recordings-in-storage.md).
grant select (
  id, user_id, api_key_id, source, status, outcome, phone_number, goal, context, metadata, voice,
  language, speaking_style, first_sentence, max_duration_minutes, voicemail_action,
  voicemail_message, retry_max_attempts, retry_interval_minutes, webhook_url, current_attempt,
  next_attempt_at, created_at, started_at, ended_at, duration_seconds, billed_minutes, cost_cents,
  free_minutes_used, hold_cents, free_minutes_reserved, transcript, summary, recording_url,
  failure_reason, event_seq, updated_at, opted_out, call_window_start, call_window_end,
  time_zones, schedule_at, scheduled_for, output_schema, result, result_note, record,
  recording_retention_days, recording_expires_at, batch_id, batch_index, awaiting_slot,
  slot_claimed_at, content_erased_at, recording_status, call_outcome, call_outcome_evidence,
  provider_reason, livemode, test_clock, tools, purpose, disclosure_facts, recording_consent,
  transfer, legal_basis, retry_waits_compressed, offer, from_number, from_number_id, direction
) on public.tasks to authenticated;
alter table public.tasks enable row level security;

create policy "Users can read their own tasks"
  on public.tasks for select
  to authenticated
  using (user_id = (select auth.uid()));

-- The opening names the account's business and its verified number as they are when the task is
-- accepted, whichever way it was created (alone, in a batch), so a later KYC edit never changes
-- what a queued call says about who is calling.
create function private.task_disclosure_facts() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  -- The number the call shows (14-phone-numbers.sql): a test call's is fictional; a live call's is
  -- the one it named, else the account's number in the callee's area code when it asked for local
  -- presence, else its default; resolved again as each attempt begins.
  if new.direction = 'web' then
    new.from_number := null;
  elsif not new.livemode then
    new.from_number := private.test_caller_number();
  elsif new.from_number is null then
    select n.id, n.phone_number into new.from_number_id, new.from_number
      from private.caller_number(new.user_id, new.from_number_id, new.phone_number) n;
  end if;
  -- The number the opening gives for calling back is the one the callee sees (it answers, and
  -- takes opt-outs); a test call, whose number is fictional, gives the account's verified phone.
  if new.disclosure_facts is null then
    select jsonb_build_object('business_name', k.legal_name,
             'callback_number', case when new.livemode and new.from_number is not null then new.from_number
                                     when k.phone_verified then k.phone end)
      into new.disclosure_facts
      from public.user_kyc k where k.user_id = new.user_id;
  end if;
  return new;
end;
$$;
comment on function private.task_disclosure_facts() is
  'Keeps on a new task the business name (KYC legal name) and verified phone its opening names, and the number it shows.';
revoke all on function private.task_disclosure_facts() from public, anon, authenticated;

create trigger tasks_disclosure_facts
  before insert on public.tasks
  for each row execute function private.task_disclosure_facts();
comment on trigger tasks_disclosure_facts on public.tasks is
  'Fills disclosure_facts from the account''s KYC row.';

-- The callee's consent a task was placed on: an audit record, written once with the task and
-- never changed or removed while the task exists, by anyone (its owner reads it; the service role
-- cannot rewrite it either). It goes when its task goes (retention, erasure).
create table public.task_consents (
  task_id text primary key references public.tasks (id) on delete cascade,
  user_id uuid not null,
  purpose text not null
    constraint task_consents_purpose_valid check (purpose in ('informational', 'marketing')),
  type text not null
    constraint task_consents_type_valid check (type in ('written', 'express')),
  obtained_at timestamptz not null,
  source text not null
    constraint task_consents_source_length check (length(btrim(source)) between 1 and 200),
  reference text not null
    constraint task_consents_reference_length check (length(btrim(reference)) between 1 and 200),
  recorded_at timestamptz not null default now(),
  -- The number the consent was given for (null only on records older than this column), and who
  -- gave it (when the customer says).
  phone_number text,
  given_by text
    constraint task_consents_given_by_length check (given_by is null or length(btrim(given_by)) between 1 and 200),
  constraint task_consents_marketing_written check (purpose <> 'marketing' or type = 'written')
);
comment on table public.task_consents is
  'The callee''s consent a task was created with (required for marketing calls): immutable audit records.';
create index task_consents_user on public.task_consents (user_id);
-- The service role too keeps only reading and writing a record once (the platform's default
-- privileges would give it update, delete and truncate).
revoke all on public.task_consents from public, anon, authenticated, service_role;
grant select, insert on public.task_consents to service_role;
grant select on public.task_consents to authenticated;
alter table public.task_consents enable row level security;

create policy "Users can read their own consent records"
  on public.task_consents for select
  to authenticated
  using (user_id = (select auth.uid()));

create function private.task_consent_immutable() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  -- A delete cascading from its task finds the task already gone; any other change is refused.
  if tg_op = 'DELETE' and not exists (select 1 from public.tasks where id = old.task_id) then
    return old;
  end if;
  raise exception 'consent records are immutable' using errcode = '42501';
end;
$$;
comment on function private.task_consent_immutable() is
  'Refuses any update of a consent record, and its deletion while its task exists.';
revoke all on function private.task_consent_immutable() from public, anon, authenticated;

create trigger task_consents_immutable
  before update or delete on public.task_consents
  for each row execute function private.task_consent_immutable();
comment on trigger task_consents_immutable on public.task_consents is
  'Consent records are written once.';

create trigger task_consents_no_truncate
  before truncate on public.task_consents
  for each statement execute function private.refuse_truncate('consent records');
comment on trigger task_consents_no_truncate on public.task_consents is
  'Consent records are never truncated.';

create table public.task_attempts (
  task_id text not null references public.tasks (id) on delete cascade,
  number integer not null constraint task_attempts_number_positive check (number >= 1),
  status text not null default 'queued'
    constraint task_attempts_status_valid check (status in (
      'queued', 'ringing', 'in_progress', 'success', 'no_answer', 'busy', 'voicemail', 'failed', 'canceled')),
  provider_call_id text unique,
  provider_control_url text,
  ended_reason text,
  created_at timestamptz not null default now(),
  started_at timestamptz,
  answered_at timestamptz,
  ended_at timestamptz,
  duration_seconds integer not null default 0,
  billed_minutes integer not null default 0,
  free_minutes integer not null default 0,
  cost_cents integer not null default 0,
  settled_at timestamptz,
  primary key (task_id, number)
);
comment on table public.task_attempts is 'One provider call of a task; settled exactly once (settled_at).';
create index task_attempts_unsettled on public.task_attempts (task_id) where settled_at is null;
revoke all on public.task_attempts from public, anon, authenticated;
grant select on public.task_attempts to authenticated;
grant all on public.task_attempts to service_role;
alter table public.task_attempts enable row level security;

create policy "Users can read the attempts of their own tasks"
  on public.task_attempts for select
  to authenticated
  using (exists (select 1 from public.tasks t where t.id = task_id and t.user_id = (select auth.uid())));

create table public.task_events (
  task_id text not null references public.tasks (id) on delete cascade,
  seq integer not null,
  type text not null
    constraint task_events_type_valid check (type in (
      'task.queued', 'task.scheduled', 'call.ringing', 'call.answered', 'transcript.turn', 'call.ended',
      'task.retry_scheduled', 'task.completed', 'callee.opted_out', 'tool.called', 'tool.answered',
      'knowledge.searched', 'call.transferred', 'keypad.pressed', 'recording.available',
      'recording.failed', 'inbound.started')),
  data jsonb not null default '{}'::jsonb,
  dedupe_key text,
  created_at timestamptz not null default now(),
  primary key (task_id, seq)
);
comment on column public.task_events.dedupe_key is 'Identifies the provider message an event came from, so a repeated message adds nothing.';
comment on table public.task_events is 'Append-only, ordered event log per task (the SSE stream and webhooks read it).';
create unique index task_events_dedupe on public.task_events (task_id, dedupe_key) where dedupe_key is not null;
revoke all on public.task_events from public, anon, authenticated;
grant select on public.task_events to authenticated;
grant all on public.task_events to service_role;
alter table public.task_events enable row level security;

create policy "Users can read the events of their own tasks"
  on public.task_events for select
  to authenticated
  using (exists (select 1 from public.tasks t where t.id = task_id and t.user_id = (select auth.uid())));

create table public.task_idempotency_keys (
  user_id uuid not null references auth.users (id) on delete cascade,
  key text not null constraint task_idempotency_key_length check (length(key) between 1 and 255),
  request_hash text not null,
  task_id text not null references public.tasks (id) on delete cascade,
  created_at timestamptz not null default now(),
  -- Test and live keep their own keys: the same key in the other mode is another request.
  livemode boolean not null default true,
  primary key (user_id, livemode, key)
);
comment on table public.task_idempotency_keys is 'Idempotency-Key of task creation, per mode, kept 24 hours.';
create index task_idempotency_keys_created on public.task_idempotency_keys (created_at);
revoke all on public.task_idempotency_keys from public, anon, authenticated;
grant all on public.task_idempotency_keys to service_role;
alter table public.task_idempotency_keys enable row level security;

create table public.task_create_requests (
  id bigint generated always as identity primary key,
  -- Null for requests made with the session (the dashboard); the limit counts per account.
  api_key_id uuid references public.api_keys (id) on delete cascade,
  created_at timestamptz not null default now(),
  user_id uuid not null references auth.users (id) on delete cascade
);
comment on table public.task_create_requests is
  'Create requests per account (any key, any entry point), for the per-minute create limit (createsPerMinutePerAccount); rows older than a minute are pruned.';
create index task_create_requests_user_time on public.task_create_requests (user_id, created_at);
create index task_create_requests_created on public.task_create_requests (created_at);
revoke all on public.task_create_requests from public, anon, authenticated;
grant all on public.task_create_requests to service_role;
alter table public.task_create_requests enable row level security;

-- Call recordings live in a private Storage bucket (docs/decisions/0020-call-recordings-in-storage.md).
-- The database keeps one row per recorded task naming its object and where its copy stands; the
-- audio is streamed from the provider into Storage after the call's end is applied, retried later
-- if that fails, and streamed out by the task API. Retention and account erasure mark rows
-- `erasing` (the task stops advertising the recording at once); the dispatch function then removes
-- the objects through the Storage API (Storage refuses a plain SQL delete of its rows) and drops
-- the rows.

-- 128 MiB: a 60-minute call in 16 kHz 16-bit WAV (115 MB). Only the service role reaches it:
-- storage.objects has no policy for it, so no API role can read, list or write its objects.
insert into storage.buckets (id, name, public, file_size_limit, allowed_mime_types)
values ('call-recordings', 'call-recordings', false, 134217728, array['audio/wav', 'audio/mpeg'])
on conflict (id) do nothing;

create table private.task_recordings (
  task_id text primary key references public.tasks (id) on delete cascade,
  attempt integer not null,
  content_type text
    constraint task_recordings_content_type check (content_type in ('audio/wav', 'audio/mpeg')),
  duration_seconds integer not null default 0,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  object_path text not null,
  status text not null default 'pending'
    constraint task_recordings_status check (status in ('pending', 'stored', 'failed', 'erasing')),
  size_bytes bigint,
  source_url text,
  copy_attempts integer not null default 0,
  next_copy_at timestamptz,
  last_error text
);
comment on table private.task_recordings is
  'One recorded task''s audio in the call-recordings bucket (its last answered attempt): where the copy stands, the object, and when it is erased.';
comment on column private.task_recordings.status is
  'pending: to be copied from the provider (retried at next_copy_at); stored: in Storage; failed: given up; erasing: past retention or the account erased, the object still to remove.';
comment on column private.task_recordings.source_url is
  'The provider''s recording URL, kept only while the copy is pending (never shown).';
create index task_recordings_expiry on private.task_recordings (expires_at);
create index task_recordings_copy_due on private.task_recordings (next_copy_at) where status = 'pending';
create index task_recordings_erasing on private.task_recordings (task_id) where status = 'erasing';
revoke all on private.task_recordings from public, anon, authenticated;
grant all on private.task_recordings to service_role;
alter table private.task_recordings enable row level security;

-- Functions --------------------------------------------------------------------------------------

create function private.append_task_event(
  p_task_id text, p_type text, p_data jsonb, p_dedupe_key text default null
) returns integer
language plpgsql
set search_path = ''
as $$
declare
  next_seq integer;
begin
  -- The caller holds the task's row lock, so sequence numbers are gap-free and ordered.
  update public.tasks set event_seq = event_seq + 1, updated_at = now()
   where id = p_task_id
  returning event_seq into next_seq;
  insert into public.task_events (task_id, seq, type, data, dedupe_key)
  values (p_task_id, next_seq, p_type, coalesce(p_data, '{}'::jsonb), p_dedupe_key);
  return next_seq;
end;
$$;
comment on function private.append_task_event(text, text, jsonb, text) is
  'Appends one event to a task''s log with the next sequence number; the caller holds the task row lock.';
revoke all on function private.append_task_event(text, text, jsonb, text) from public, anon, authenticated;
grant execute on function private.append_task_event(text, text, jsonb, text) to service_role;

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
revoke all on function private.lock_task(text) from public, anon, authenticated;
grant execute on function private.lock_task(text) to service_role;

create function private.default_first_sentence(p_language text, p_voice text) returns text
language sql
immutable
set search_path = ''
as $$
  -- The greetings of contract/call-languages.ts (English for en and auto).
  select case p_language
    when 'es' then 'Hola, le habla ' || p_voice || ', asistente virtual.'
    when 'fr' then 'Bonjour, ' || p_voice || ' à l''appareil, assistance virtuelle.'
    when 'de' then 'Hallo, hier spricht ' || p_voice || ', ein KI-Assistent.'
    when 'it' then 'Buongiorno, sono ' || p_voice || ', un assistente virtuale.'
    when 'pt' then 'Olá, aqui é ' || p_voice || ', uma assistente virtual.'
    when 'nl' then 'Hallo, u spreekt met ' || p_voice || ', een AI-assistent.'
    when 'pl' then 'Dzień dobry, mówi ' || p_voice || ', asystent AI.'
    when 'ru' then 'Здравствуйте, это ' || p_voice || ', виртуальный ассистент.'
    when 'uk' then 'Добрий день, це ' || p_voice || ', віртуальний асистент.'
    when 'tr' then 'Merhaba, ben ' || p_voice || ', bir yapay zekâ asistanı.'
    when 'ar' then 'مرحباً، معك ' || p_voice || '، مساعد ذكي.'
    when 'hi' then 'नमस्ते, मैं ' || p_voice || ' बोल रही हूँ, एक एआई सहायक।'
    when 'ja' then 'もしもし、AIアシスタントの' || p_voice || 'です。'
    when 'ko' then '안녕하세요, AI 어시스턴트 ' || p_voice || '입니다.'
    when 'zh' then '您好，我是AI助理' || p_voice || '。'
    when 'id' then 'Halo, saya ' || p_voice || ', asisten AI.'
    when 'ms' then 'Helo, saya ' || p_voice || ', pembantu AI.'
    when 'fil' then 'Magandang araw, ito si ' || p_voice || ', isang AI assistant.'
    when 'vi' then 'Xin chào, tôi là ' || p_voice || ', trợ lý AI.'
    when 'sv' then 'Hej, det här är ' || p_voice || ', en AI-assistent.'
    when 'da' then 'Hej, det er ' || p_voice || ', en AI-assistent.'
    when 'no' then 'Hei, dette er ' || p_voice || ', en AI-assistent.'
    when 'fi' then 'Hei, täällä ' || p_voice || ', tekoälyavustaja.'
    when 'cs' then 'Dobrý den, tady ' || p_voice || ', asistent s umělou inteligencí.'
    when 'sk' then 'Dobrý deň, tu ' || p_voice || ', asistent s umelou inteligenciou.'
    when 'hu' then 'Jó napot, ' || p_voice || ' vagyok, egy MI-asszisztens.'
    when 'ro' then 'Bună ziua, sunt ' || p_voice || ', un asistent AI.'
    when 'bg' then 'Здравейте, обажда се ' || p_voice || ', виртуален асистент.'
    when 'hr' then 'Dobar dan, ovdje ' || p_voice || ', AI asistent.'
    when 'el' then 'Γεια σας, είμαι η ' || p_voice || ', ψηφιακή βοηθός.'
    when 'ta' then 'வணக்கம், நான் ' || p_voice || ', ஒரு AI உதவியாளர்.'
    else 'Hi, this is ' || p_voice || ', an AI assistant.'
  end;
$$;
comment on function private.default_first_sentence(text, text) is
  'The greeting of a task that names no first_sentence: in the task''s language, naming its voice.';
revoke all on function private.default_first_sentence(text, text) from public, anon, authenticated;
grant execute on function private.default_first_sentence(text, text) to service_role;

-- One call per callee: a task does not ring a number while a call to it holds a slot, the
-- account's own (test or live), or, for a live call to a number a person can answer, any
-- account's live call (one person is rung by one call at a time across the platform). The
-- 555-0100 to 555-0199 numbers of every area code are reserved for fiction and reach nobody (the
-- simulated network's scripted callees), so they wait only for the account's own calls. The
-- caller takes private.lock_callee first for a live call, so two accounts deciding at once cannot
-- both ring.
create function private.has_live_call(p_user_id uuid, p_phone_number text, p_livemode boolean)
returns boolean
language sql
stable
set search_path = ''
as $$
  select exists (
    select 1 from public.tasks
     where phone_number = p_phone_number
       and (user_id = p_user_id
            or (p_livemode and livemode and p_phone_number !~ '^\+1[0-9]{3}55501[0-9]{2}$'))
       and status in ('ringing', 'in_progress', 'queued') and not awaiting_slot
  );
$$;
comment on function private.has_live_call(uuid, text, boolean) is
  'Whether a call to this number holds a call slot (queued to be dialled, ringing or talking): the account''s own, or for a live call any account''s live one.';
revoke all on function private.has_live_call(uuid, text, boolean) from public, anon, authenticated;
grant execute on function private.has_live_call(uuid, text, boolean) to service_role;

-- Orders the decisions to ring one number across accounts until the transaction ends.
create function private.lock_callee(p_phone_number text) returns void
language sql
set search_path = ''
as $$
  select pg_advisory_xact_lock(hashtextextended('callee:' || p_phone_number, 0));
$$;
comment on function private.lock_callee(text) is
  'Takes the transaction''s lock on deciding whether to ring this number (private.has_live_call).';
revoke all on function private.lock_callee(text) from public, anon, authenticated;
grant execute on function private.lock_callee(text) to service_role;

create function private.test_calls_in_last_day(p_user_id uuid) returns integer
language sql
stable
set search_path = ''
as $$
  select count(*)::integer from public.tasks
   where user_id = p_user_id and not livemode and created_at > now() - interval '24 hours';
$$;
comment on function private.test_calls_in_last_day(uuid) is
  'The test tasks the account created in the last 24 hours (testCallsPerDay).';
revoke all on function private.test_calls_in_last_day(uuid) from public, anon, authenticated;
grant execute on function private.test_calls_in_last_day(uuid) to service_role;

-- The account's calls that hold one of its call slots (activeCallsPerAccount): placed or being
-- placed; a batch task waiting for a slot holds none.
create function private.active_call_count(p_user_id uuid) returns integer
language sql
stable
set search_path = ''
as $$
  select count(*)::integer from public.tasks
   where user_id = p_user_id and status in ('queued', 'ringing', 'in_progress')
     and not awaiting_slot;
$$;
comment on function private.active_call_count(uuid) is
  'The account''s calls holding a call slot (at most activeCallsPerAccount at once).';
revoke all on function private.active_call_count(uuid) from public, anon, authenticated;
grant execute on function private.active_call_count(uuid) to service_role;

create function private.open_task_count(p_user_id uuid) returns integer
language sql
stable
set search_path = ''
as $$
  select count(*)::integer from public.tasks
   where user_id = p_user_id
     and status in ('scheduled', 'queued', 'ringing', 'in_progress', 'retry_scheduled');
$$;
comment on function private.open_task_count(uuid) is
  'The account''s tasks that have not ended (at most openTasksPerAccount may be open at once).';
revoke all on function private.open_task_count(uuid) from public, anon, authenticated;
grant execute on function private.open_task_count(uuid) to service_role;

-- Why the account may not start one more call now (a task, or a browser call), or null: its call
-- slots are full, it stores as many open tasks as it may, or (test mode) it made its day's test
-- calls. Test calls cost nothing, so what they store is bounded by a daily number, not money.
create function private.new_call_refusal(p_user_id uuid, p_livemode boolean) returns jsonb
language plpgsql
stable
set search_path = ''
as $$
begin
  if private.active_call_count(p_user_id) >= private.limit_of('activeCallsPerAccount') then
    return jsonb_build_object('error', 'rate_limited', 'limit', 'active_calls', 'retry_after', 30);
  end if;
  if private.open_task_count(p_user_id) >= private.limit_of('openTasksPerAccount') then
    return jsonb_build_object('error', 'too_many_open_tasks', 'limit', private.limit_of('openTasksPerAccount'));
  end if;
  if not p_livemode
     and private.test_calls_in_last_day(p_user_id) >= private.limit_of('testCallsPerDay') then
    return jsonb_build_object('error', 'too_many_test_calls', 'limit', private.limit_of('testCallsPerDay'));
  end if;
  return null;
end;
$$;
comment on function private.new_call_refusal(uuid, boolean) is
  'Why the account may not start another call now (active calls, open tasks, test calls a day), or null.';
revoke all on function private.new_call_refusal(uuid, boolean) from public, anon, authenticated;
grant execute on function private.new_call_refusal(uuid, boolean) to service_role;

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
  -- The key's mode wins over anything the body says.
  return public.task_accept((account->>'user_id')::uuid, (account->>'api_key_id')::uuid,
    p_task || jsonb_build_object('livemode', (account->>'livemode')::boolean),
    p_idempotency_key, p_request_hash) || account;
end;
$$;
comment on function public.task_create(text, jsonb, text, text) is
  'POST /task in one round trip: the API key, the KYC and phone gate, then task_accept.';
revoke all on function public.task_create(text, jsonb, text, text) from public, anon, authenticated;
grant execute on function public.task_create(text, jsonb, text, text) to service_role;

-- Every attempt begins here (a task created alone, a scheduled task whose window opened, a due
-- retry, an admitted batch row, the watchdog's re-placement), so a number listed or an account
-- closed after the task was accepted is refused here, whichever way the attempt came
-- (docs/decisions/0024-opt-out-and-closing-stop-every-attempt.md).
create function public.task_begin_attempt(p_task_id text, p_token_hash text default null) returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  task public.tasks%rowtype := private.lock_task(p_task_id);
  refusal text;
  active integer;
  caller_id text;
  caller_number text;
  caller_provider_id text;
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
    active := private.active_call_count(task.user_id);
    if active >= private.limit_of('activeCallsPerAccount') then
      update public.tasks set next_attempt_at = now() where id = p_task_id;
      return jsonb_build_object('error', 'no_call_slot', 'status', task.status);
    end if;
  end if;
  -- Nor does a retry ring a number being called now (another task's call: the account's, or for a
  -- live call anyone's).
  if task.status = 'retry_scheduled' and task.livemode then
    perform private.lock_callee(task.phone_number);
  end if;
  if task.status = 'retry_scheduled'
     and private.has_live_call(task.user_id, task.phone_number, task.livemode) then
    update public.tasks set next_attempt_at = now() where id = p_task_id;
    return jsonb_build_object('error', 'callee_busy', 'status', task.status);
  end if;
  -- And it needs one of the provider's lines when it is the account's turn (a first attempt got
  -- its line when it was accepted or admitted).
  if task.status = 'retry_scheduled' and task.livemode
     and not private.takes_provider_line(task.user_id) then
    update public.tasks set next_attempt_at = now() where id = p_task_id;
    return jsonb_build_object('error', 'no_provider_line', 'status', task.status);
  end if;
  -- A live call shows the number it named while that stays active, else the account's default
  -- now: a number released meanwhile is never shown again (14-phone-numbers.sql).
  if task.livemode then
    select n.id, n.phone_number, n.provider_phone_number_id
      into caller_id, caller_number, caller_provider_id
      from private.caller_number(task.user_id, task.from_number_id) n;
    -- Its account released every number it had: the call is not placed from anyone else's.
    if caller_id is null then
      perform private.cancel_waiting_task(p_task_id, 'no_caller_number');
      return jsonb_build_object('error', 'no_caller_number', 'status', 'canceled');
    end if;
  end if;
  insert into public.task_attempts (task_id, number) values (p_task_id, task.current_attempt + 1);
  -- The provider's token is rotated with each attempt; only its hash is kept.
  update public.tasks
     set current_attempt = current_attempt + 1, status = 'queued', next_attempt_at = null,
         provider_token_hash = coalesce(p_token_hash, provider_token_hash), updated_at = now(),
         from_number_id = case when livemode then caller_id else from_number_id end,
         from_number = case when livemode then caller_number else from_number end
   where id = p_task_id
  returning * into task;
  return jsonb_build_object('attempt', task.current_attempt, 'task', to_jsonb(task) - 'provider_token_hash',
    'caller_provider_id', caller_provider_id);
end;
$$;
comment on function public.task_begin_attempt(text, text) is
  'Opens the next attempt of a queued task or of a due retry (a retry only when the account has a free call slot and a provider line is free; refuses any other state) and returns the task to place it with.';
revoke all on function public.task_begin_attempt(text, text) from public, anon, authenticated;
grant execute on function public.task_begin_attempt(text, text) to service_role;

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
revoke all on function public.task_placement_refused(text, integer) from public, anon, authenticated;
grant execute on function public.task_placement_refused(text, integer) to service_role;

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
revoke all on function public.task_attempt_placed(text, integer, text, text) from public, anon, authenticated;
grant execute on function public.task_attempt_placed(text, integer, text, text) to service_role;

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
         call_outcome = case when fields ? 'call_outcome' then fields->>'call_outcome' else t.call_outcome end,
         call_outcome_evidence = case when fields ? 'call_outcome_evidence' then fields->>'call_outcome_evidence' else t.call_outcome_evidence end,
         provider_reason = case when fields ? 'provider_reason' then fields->>'provider_reason' else t.provider_reason end,
         recording_consent = case when fields ? 'recording_consent' then fields->>'recording_consent' else t.recording_consent end,
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
revoke all on function public.task_apply(text, integer, text, jsonb) from public, anon, authenticated;
grant execute on function public.task_apply(text, integer, text, jsonb) to service_role;

create function public.task_record_call_event(
  p_task_id text, p_attempt integer, p_type text, p_data jsonb, p_dedupe_key text
) returns integer
language plpgsql
set search_path = ''
as $$
declare
  task public.tasks%rowtype := private.lock_task(p_task_id);
begin
  -- Only the live attempt of a live task records what happens during its call.
  if task.id is null or task.current_attempt <> p_attempt
     or task.status not in ('ringing', 'in_progress') then
    return null;
  end if;
  if p_dedupe_key is not null and exists (
    select 1 from public.task_events where task_id = p_task_id and dedupe_key = p_dedupe_key
  ) then
    return null;
  end if;
  return private.append_task_event(p_task_id, p_type, p_data, p_dedupe_key);
end;
$$;
comment on function public.task_record_call_event(text, integer, text, jsonb, text) is
  'Appends an event of what happened during a live call (a tool called or answered, a key pressed, a transfer) to the task''s log, once per dedupe key; null when the attempt is no longer live.';
revoke all on function public.task_record_call_event(text, integer, text, jsonb, text) from public, anon, authenticated;
grant execute on function public.task_record_call_event(text, integer, text, jsonb, text) to service_role;

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
revoke all on function public.task_cancel(uuid, text) from public, anon, authenticated;
grant execute on function public.task_cancel(uuid, text) to service_role;

-- An opt-out and a closing stop what waits at once: the task is ended where it waits, not dialled.
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
revoke all on function private.cancel_waiting_task(text, text) from public, anon, authenticated;
grant execute on function private.cancel_waiting_task(text, text) to service_role;

create function private.cancel_waiting_tasks(
  p_user_id uuid, p_phone_number text, p_reason text, p_livemode boolean default null
) returns integer
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
       and (p_livemode is null or livemode = p_livemode)
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
comment on function private.cancel_waiting_tasks(uuid, text, text, boolean) is
  'Cancels the account''s waiting tasks (to one number, or all when p_phone_number is null; of one mode, or both when p_livemode is null) with failure_reason p_reason; returns how many.';
revoke all on function private.cancel_waiting_tasks(uuid, text, text, boolean) from public, anon, authenticated;
grant execute on function private.cancel_waiting_tasks(uuid, text, text, boolean) to service_role;

create function public.task_save_result(
  p_task_id text, p_attempt integer, p_result jsonb, p_note text
) returns boolean
language plpgsql
set search_path = ''
as $$
begin
  -- Only the task's current attempt speaks for it, and only a task that asked for a result.
  update public.tasks
     set result = p_result, result_note = p_note, updated_at = now()
   where id = p_task_id and current_attempt = p_attempt
     and (output_schema is not null
          or exists (select 1 from public.batches b
                      where b.id = batch_id and b.task_defaults ? 'output_schema'));
  return found;
end;
$$;
comment on function public.task_save_result(text, integer, jsonb, text) is
  'Stores the structured result of a task''s current attempt (already validated against its output_schema) and the note on it, if any.';
revoke all on function public.task_save_result(text, integer, jsonb, text) from public, anon, authenticated;
grant execute on function public.task_save_result(text, integer, jsonb, text) to service_role;

create function public.task_recording_begin(
  p_task_id text, p_attempt integer, p_source_url text, p_duration_seconds integer
) returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  task public.tasks%rowtype;
  expires timestamptz;
  path text;
begin
  select * into task from public.tasks where id = p_task_id for update;
  if not found or not task.record or task.current_attempt <> p_attempt then
    return null;
  end if;
  -- Retention counts from the end of the call, however long the copy takes.
  expires := now() + make_interval(days => task.recording_retention_days);
  path := task.user_id || '/' || task.id;
  -- The copy right after the end holds the row for 10 minutes; then the dispatcher may retry.
  insert into private.task_recordings (task_id, attempt, object_path, status, source_url,
                                       duration_seconds, expires_at, next_copy_at)
  values (p_task_id, p_attempt, path, 'pending', p_source_url,
          greatest(0, coalesce(p_duration_seconds, 0)), expires, now() + interval '10 minutes')
  on conflict (task_id) do update
     set attempt = excluded.attempt, object_path = excluded.object_path, status = 'pending',
         source_url = excluded.source_url, duration_seconds = excluded.duration_seconds,
         expires_at = excluded.expires_at, next_copy_at = excluded.next_copy_at,
         copy_attempts = 0, last_error = null, created_at = now()
   where private.task_recordings.status <> 'erasing';
  if not found then
    return null;
  end if;
  update public.tasks set recording_expires_at = expires, recording_status = 'pending'
   where id = p_task_id;
  return jsonb_build_object('object_path', path, 'expires_at', expires);
end;
$$;
comment on function public.task_recording_begin(text, integer, text, integer) is
  'At the end of a recorded task''s current attempt: notes the provider''s recording to copy (pending) and the object it goes to; null if the task did not ask to be recorded.';
revoke all on function public.task_recording_begin(text, integer, text, integer) from public, anon, authenticated;
grant execute on function public.task_recording_begin(text, integer, text, integer) to service_role;

create function public.task_recording_stored(
  p_task_id text, p_attempt integer, p_content_type text, p_size_bytes bigint
) returns boolean
language plpgsql
set search_path = ''
as $$
declare
  seconds integer;
begin
  -- The task's lock first, as every writer of its log takes it.
  perform private.lock_task(p_task_id);
  update private.task_recordings
     set status = 'stored', content_type = p_content_type, size_bytes = p_size_bytes,
         source_url = null, next_copy_at = null, last_error = null
   where task_id = p_task_id and attempt = p_attempt and status = 'pending'
  returning duration_seconds into seconds;
  if not found then
    return false;
  end if;
  update public.tasks set recording_status = 'available' where id = p_task_id;
  -- Said once per attempt's recording, however often its copy is made again.
  if not exists (select 1 from public.task_events
                  where task_id = p_task_id and dedupe_key = 'recording:' || p_attempt) then
    perform private.append_task_event(p_task_id, 'recording.available',
      jsonb_build_object('attempt', p_attempt, 'content_type', p_content_type,
                         'size_bytes', p_size_bytes, 'duration_seconds', seconds),
      'recording:' || p_attempt);
  end if;
  return true;
end;
$$;
comment on function public.task_recording_stored(text, integer, text, bigint) is
  'The copy of a pending recording is in Storage: the task now serves it. False if it was erased or replaced meanwhile.';
revoke all on function public.task_recording_stored(text, integer, text, bigint) from public, anon, authenticated;
grant execute on function public.task_recording_stored(text, integer, text, bigint) to service_role;

create function public.task_recording_copy_failed(
  p_task_id text, p_attempt integer, p_error text, p_final boolean default false
) returns text
language plpgsql
set search_path = ''
as $$
declare
  attempts integer;
begin
  -- The task's lock first, as every writer of its log takes it.
  perform private.lock_task(p_task_id);
  -- Retried after 1, 4, 16, 64 and 256 minutes; the sixth failure (or a final one) gives up.
  update private.task_recordings
     set copy_attempts = copy_attempts + 1, last_error = left(p_error, 500),
         next_copy_at = now() + make_interval(mins => power(4, copy_attempts)::integer)
   where task_id = p_task_id and attempt = p_attempt and status = 'pending'
  returning copy_attempts into attempts;
  if not found then
    return null;
  end if;
  if p_final or attempts >= 6 then
    update private.task_recordings set status = 'failed', source_url = null, next_copy_at = null
     where task_id = p_task_id;
    update public.tasks set recording_status = 'failed' where id = p_task_id;
    if not exists (select 1 from public.task_events
                    where task_id = p_task_id and dedupe_key = 'recording:' || p_attempt) then
      perform private.append_task_event(p_task_id, 'recording.failed',
        jsonb_build_object('attempt', p_attempt,
                           'message', 'The recording could not be copied from the voice provider.'),
        'recording:' || p_attempt);
    end if;
    return 'failed';
  end if;
  return 'pending';
end;
$$;
comment on function public.task_recording_copy_failed(text, integer, text, boolean) is
  'A copy of a pending recording failed: schedules the next try, or gives up (failed) after six or on a final error.';
revoke all on function public.task_recording_copy_failed(text, integer, text, boolean) from public, anon, authenticated;
grant execute on function public.task_recording_copy_failed(text, integer, text, boolean) to service_role;

create function public.task_recordings_claim_copies(p_now timestamptz, p_limit integer default 2)
returns table (task_id text, attempt integer, source_url text, object_path text)
language sql
set search_path = ''
as $$
  update private.task_recordings r
     set next_copy_at = p_now + interval '10 minutes'
   where r.task_id in (
     select c.task_id from private.task_recordings c
      where c.status = 'pending' and c.next_copy_at <= p_now
      order by c.next_copy_at
      limit p_limit
      for update skip locked)
  returning r.task_id, r.attempt, r.source_url, r.object_path;
$$;
comment on function public.task_recordings_claim_copies(timestamptz, integer) is
  'Pending copies due by p_now, each held for 10 minutes by the caller (the dispatch function) while it copies.';
revoke all on function public.task_recordings_claim_copies(timestamptz, integer) from public, anon, authenticated;
grant execute on function public.task_recordings_claim_copies(timestamptz, integer) to service_role;

create function public.task_recording(p_user_id uuid, p_task_id text, p_now timestamptz default now())
returns jsonb
language sql
stable
set search_path = ''
as $$
  select jsonb_build_object('object_path', r.object_path, 'content_type', r.content_type,
                            'size_bytes', r.size_bytes, 'expires_at', r.expires_at)
    from private.task_recordings r
    join public.tasks t on t.id = r.task_id
   where r.task_id = p_task_id and t.user_id = p_user_id and r.status = 'stored'
     and r.expires_at > p_now;
$$;
comment on function public.task_recording(uuid, text, timestamptz) is
  'Where one of the account''s recordings is stored while its retention lasts, or null (not recorded, not copied, expired, or another account''s task).';
revoke all on function public.task_recording(uuid, text, timestamptz) from public, anon, authenticated;
grant execute on function public.task_recording(uuid, text, timestamptz) to service_role;

create function private.erase_expired_recordings(p_now timestamptz) returns integer
language plpgsql
set search_path = ''
as $$
declare
  erased integer;
begin
  with due as (
    update private.task_recordings
       set status = 'erasing', source_url = null, next_copy_at = null
     where expires_at <= p_now and status <> 'erasing'
    returning task_id
  )
  update public.tasks t set recording_status = 'erased'
    from due where t.id = due.task_id;
  get diagnostics erased = row_count;
  return erased;
end;
$$;
comment on function private.erase_expired_recordings(timestamptz) is
  'Marks every recording past its retention as erased (the task stops serving it at once); the dispatch function removes the objects.';
revoke all on function private.erase_expired_recordings(timestamptz) from public, anon, authenticated;
grant execute on function private.erase_expired_recordings(timestamptz) to service_role;

create function public.task_recordings_erase_account(p_user_id uuid) returns integer
language plpgsql
set search_path = ''
as $$
declare
  marked integer;
begin
  with due as (
    update private.task_recordings r
       set status = 'erasing', source_url = null, next_copy_at = null
      from public.tasks t
     where t.id = r.task_id and t.user_id = p_user_id and r.status <> 'erasing'
    returning r.task_id
  )
  update public.tasks t set recording_status = 'erased'
    from due where t.id = due.task_id;
  get diagnostics marked = row_count;
  return marked;
end;
$$;
comment on function public.task_recordings_erase_account(uuid) is
  'Marks all of an account''s recordings for erasure, whatever their retention (the account''s data is being erased).';
revoke all on function public.task_recordings_erase_account(uuid) from public, anon, authenticated;
grant execute on function public.task_recordings_erase_account(uuid) to service_role;

create function public.task_recordings_to_remove(p_limit integer default 1000)
returns table (task_id text, object_path text)
language sql
stable
set search_path = ''
as $$
  select r.task_id, r.object_path from private.task_recordings r
   where r.status = 'erasing' order by r.task_id limit p_limit;
$$;
comment on function public.task_recordings_to_remove(integer) is
  'Recordings marked for erasure whose objects the dispatch function removes from Storage.';
revoke all on function public.task_recordings_to_remove(integer) from public, anon, authenticated;
grant execute on function public.task_recordings_to_remove(integer) to service_role;

create function public.task_recordings_removed(p_task_ids text[]) returns integer
language plpgsql
set search_path = ''
as $$
declare
  removed integer;
begin
  delete from private.task_recordings where task_id = any(p_task_ids) and status = 'erasing';
  get diagnostics removed = row_count;
  return removed;
end;
$$;
comment on function public.task_recordings_removed(text[]) is
  'Forgets recordings whose objects were removed from Storage.';
revoke all on function public.task_recordings_removed(text[]) from public, anon, authenticated;
grant execute on function public.task_recordings_removed(text[]) to service_role;

-- A call's times are stored in order: started (dialled) ≤ answered ≤ ended. They come from two
-- clocks, the database's (placement, cancel, the watchdog) and the provider's (ringing, answer,
-- end), so a provider's clock running ahead, or a cancel landing before a reported answer, could
-- store a start after the end. Whichever statement writes them, the later clock's start is pulled
-- back to the end: the end of a canceled task is the moment it was canceled.

create function private.keep_call_times_in_order() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  -- Only times that are set move: a call never answered keeps a null answered_at (least()
  -- would fill a null from the others).
  if tg_table_name = 'task_attempts' then
    if new.answered_at > new.ended_at then
      new.answered_at := new.ended_at;
    end if;
    if new.started_at > coalesce(new.answered_at, new.ended_at) then
      new.started_at := coalesce(new.answered_at, new.ended_at);
    end if;
  elsif new.started_at > new.ended_at then
    new.started_at := new.ended_at;
  end if;
  return new;
end;
$$;
comment on function private.keep_call_times_in_order() is
  'Trigger: keeps started_at ≤ answered_at ≤ ended_at on tasks and task_attempts by moving a later start or answer back to the end.';
revoke all on function private.keep_call_times_in_order() from public, anon, authenticated;

create trigger tasks_call_times_in_order
  before insert or update of started_at, ended_at on public.tasks
  for each row execute function private.keep_call_times_in_order();

create trigger task_attempts_call_times_in_order
  before insert or update of started_at, answered_at, ended_at on public.task_attempts
  for each row execute function private.keep_call_times_in_order();
comment on trigger tasks_call_times_in_order on public.tasks is
  'A task never starts after it ended.';
comment on trigger task_attempts_call_times_in_order on public.task_attempts is
  'An attempt is dialled before it is answered, and answered before it ended.';

-- Test mode's voice provider keeps its ended calls here --------------------------------------------

-- A test call plays on a simulated network inside the function instance that placed it; another
-- instance (the dispatcher's watchdog, reconciling a call whose end report was lost) asks the
-- provider for the call as it would ask Vapi, and finds it here. Kept a day: no watchdog asks later.
create table private.simulated_calls (
  id text primary key,
  -- Vapi's Call object, as GET /call/{id} answers it.
  call jsonb not null,
  ended_at timestamptz not null default now()
);
comment on table private.simulated_calls is
  'Ended test-mode calls as the simulated voice provider answers GET /call/{id}, for function instances that did not play them; erased after a day.';
create index simulated_calls_by_end on private.simulated_calls (ended_at);
revoke all on private.simulated_calls from public, anon, authenticated, service_role;
alter table private.simulated_calls enable row level security;

create function public.simulated_call_keep(p_id text, p_call jsonb) returns void
language sql
security definer
set search_path = ''
as $$
  insert into private.simulated_calls (id, call) values (p_id, p_call)
  on conflict (id) do update set call = excluded.call, ended_at = now();
$$;
comment on function public.simulated_call_keep(text, jsonb) is
  'Keeps an ended test-mode call (Vapi''s Call object) for instances that did not play it.';
revoke all on function public.simulated_call_keep(text, jsonb) from public, anon, authenticated;
grant execute on function public.simulated_call_keep(text, jsonb) to service_role;

create function public.simulated_call_read(p_id text) returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select call from private.simulated_calls where id = p_id;
$$;
comment on function public.simulated_call_read(text) is
  'An ended test-mode call kept by simulated_call_keep, or null.';
revoke all on function public.simulated_call_read(text) from public, anon, authenticated;
grant execute on function public.simulated_call_read(text) to service_role;
