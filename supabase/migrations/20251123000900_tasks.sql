-- Tasks: the call API's core. A task is one goal for one phone number; it is pursued in
-- one or more attempts (provider calls), and everything that happens to it is appended to its
-- event log, which the SSE stream, the dashboard and the webhooks read. Owners read their own
-- rows; nothing here is written by users directly: the `task` and `voice-events` functions write
-- through the service role, and every state change that touches money goes through the
-- functions in 20251123000910_call_billing.sql.

-- Tables -----------------------------------------------------------------------------------------

create table public.tasks (
  id text primary key
    constraint tasks_id_format check (id ~ '^task_[0-9A-Z]{26}$'),
  user_id uuid not null references auth.users (id) on delete cascade,
  api_key_id uuid references public.api_keys (id) on delete set null,
  source text not null default 'api'
    constraint tasks_source_valid check (source in ('api', 'dashboard', 'mcp', 'sms')),
  status text not null default 'queued'
    constraint tasks_status_valid check (status in (
      'queued', 'ringing', 'in_progress', 'retry_scheduled',
      'success', 'no_answer', 'busy', 'voicemail', 'failed', 'canceled')),
  outcome text
    constraint tasks_outcome_valid check (outcome is null or outcome in ('achieved', 'not_achieved', 'unknown')),
  phone_number text not null
    constraint tasks_phone_us_e164 check (phone_number ~ '^\+1[2-9][0-9]{2}[2-9][0-9]{6}$'),
  goal text not null
    constraint tasks_goal_length check (length(goal) between 1 and 4000),
  context jsonb not null default '{}'::jsonb,
  metadata jsonb not null default '{}'::jsonb,
  voice text not null
    constraint tasks_voice_valid check (voice in ('Aria', 'Roger', 'Sarah', 'George')),
  language text not null
    constraint tasks_language_valid check (language in ('en', 'es', 'fr', 'de')),
  speaking_style text not null
    constraint tasks_speaking_style_valid check (speaking_style in ('Professional', 'Conversational', 'Friendly')),
  first_sentence text not null
    constraint tasks_first_sentence_length check (length(first_sentence) between 1 and 500),
  max_duration_minutes integer not null default 10
    constraint tasks_max_duration_range check (max_duration_minutes between 1 and 30),
  voicemail_action text not null default 'hang_up'
    constraint tasks_voicemail_action_valid check (voicemail_action in ('hang_up', 'leave_message')),
  voicemail_message text
    constraint tasks_voicemail_message_length check (voicemail_message is null or length(voicemail_message) <= 500),
  retry_max_attempts integer not null default 3
    constraint tasks_retry_max_attempts_range check (retry_max_attempts between 0 and 5),
  retry_interval_minutes integer not null default 30
    constraint tasks_retry_interval_range check (retry_interval_minutes between 1 and 1440),
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
  failure_reason text,
  provider_token_hash text not null,
  event_seq integer not null default 0,
  updated_at timestamptz not null default now()
);
comment on table public.tasks is 'Call tasks of the call API: one goal, one number, one or more attempts.';
comment on column public.tasks.hold_cents is 'Credits (in cents) still held for this task; released when it ends.';
comment on column public.tasks.free_minutes_reserved is 'Free minutes still reserved for this task; released when it ends.';
comment on column public.tasks.provider_token_hash is 'SHA-256 (hex) of the per-task token the voice provider sends with its server messages.';
comment on column public.tasks.event_seq is 'Sequence number of the newest event in public.task_events.';

create index tasks_user_newest on public.tasks (user_id, id desc);
create index tasks_user_status on public.tasks (user_id, status);
create index tasks_due_retries on public.tasks (next_attempt_at) where status = 'retry_scheduled';
create index tasks_active on public.tasks (status, updated_at) where status in ('queued', 'ringing', 'in_progress');

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

create table public.task_events (
  task_id text not null references public.tasks (id) on delete cascade,
  seq integer not null,
  type text not null
    constraint task_events_type_valid check (type in (
      'task.queued', 'call.ringing', 'call.answered', 'transcript.turn', 'call.ended',
      'task.retry_scheduled', 'task.completed')),
  data jsonb not null default '{}'::jsonb,
  dedupe_key text,
  created_at timestamptz not null default now(),
  primary key (task_id, seq)
);
comment on table public.task_events is 'Append-only, ordered event log per task (the SSE stream and webhooks read it).';
comment on column public.task_events.dedupe_key is 'Identifies the provider message an event came from, so a repeated message adds nothing.';

create unique index task_events_dedupe on public.task_events (task_id, dedupe_key) where dedupe_key is not null;

create table public.task_idempotency_keys (
  user_id uuid not null references auth.users (id) on delete cascade,
  key text not null constraint task_idempotency_key_length check (length(key) between 1 and 255),
  request_hash text not null,
  task_id text not null references public.tasks (id) on delete cascade,
  created_at timestamptz not null default now(),
  primary key (user_id, key)
);
comment on table public.task_idempotency_keys is 'Idempotency-Key of task creation, kept 24 hours.';

create table public.task_create_requests (
  id bigint generated always as identity primary key,
  api_key_id uuid not null references public.api_keys (id) on delete cascade,
  created_at timestamptz not null default now()
);
comment on table public.task_create_requests is 'Create requests per API key, for the 60-a-minute limit; rows older than a minute are pruned.';

create index task_create_requests_key_time on public.task_create_requests (api_key_id, created_at);

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

-- Grants -----------------------------------------------------------------------------------------

revoke all on public.tasks, public.task_attempts, public.task_events,
  public.task_idempotency_keys, public.task_create_requests from public, anon, authenticated;
-- Owners read every column of their tasks but the provider token's hash.
grant select (
  id, user_id, api_key_id, source, status, outcome, phone_number, goal, context, metadata, voice,
  language, speaking_style, first_sentence, max_duration_minutes, voicemail_action,
  voicemail_message, retry_max_attempts, retry_interval_minutes, webhook_url, current_attempt,
  next_attempt_at, created_at, started_at, ended_at, duration_seconds, billed_minutes, cost_cents,
  free_minutes_used, hold_cents, free_minutes_reserved, transcript, summary, recording_url,
  failure_reason, event_seq, updated_at
) on public.tasks to authenticated;
grant select on public.task_attempts, public.task_events to authenticated;
grant all on public.tasks, public.task_attempts, public.task_events,
  public.task_idempotency_keys, public.task_create_requests to service_role;
revoke all on function private.append_task_event(text, text, jsonb, text) from public, anon, authenticated;
grant execute on function private.append_task_event(text, text, jsonb, text) to service_role;

-- Policies ---------------------------------------------------------------------------------------

alter table public.tasks enable row level security;
alter table public.task_attempts enable row level security;
alter table public.task_events enable row level security;
alter table public.task_idempotency_keys enable row level security;
alter table public.task_create_requests enable row level security;

create policy "Users can read their own tasks"
  on public.tasks for select
  to authenticated
  using (user_id = (select auth.uid()));

create policy "Users can read the attempts of their own tasks"
  on public.task_attempts for select
  to authenticated
  using (exists (select 1 from public.tasks t where t.id = task_id and t.user_id = (select auth.uid())));

create policy "Users can read the events of their own tasks"
  on public.task_events for select
  to authenticated
  using (exists (select 1 from public.tasks t where t.id = task_id and t.user_id = (select auth.uid())));
