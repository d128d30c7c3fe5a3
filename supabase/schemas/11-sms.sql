-- Tasks by text message: inbound SMS seen once per MessageSid, senders who texted STOP,
-- and the result SMS owed to the sender of an SMS-created task. Service role only (the
-- sms-inbound and voice-events functions); no user reads or writes these tables.

-- Tables -----------------------------------------------------------------------------------------

create table public.sms_inbound_messages (
  message_sid text primary key constraint sms_inbound_sid_length check (length(message_sid) between 1 and 64),
  from_phone text not null,
  user_id uuid references auth.users (id) on delete cascade,
  task_id text references public.tasks (id) on delete set null,
  reply text,
  created_at timestamptz not null default now()
);
comment on table public.sms_inbound_messages is 'Inbound SMS by Twilio MessageSid, so a repeated delivery creates one task and gets the same reply.';
alter table public.sms_inbound_messages enable row level security;
revoke all on public.sms_inbound_messages from public, anon, authenticated;
grant select, insert, update, delete on public.sms_inbound_messages to service_role;
create index sms_inbound_messages_created on public.sms_inbound_messages (created_at);

create table public.sms_opt_outs (
  phone text primary key,
  created_at timestamptz not null default now()
);
revoke all on public.sms_opt_outs from public, anon, authenticated;
grant select, insert, update, delete on public.sms_opt_outs to service_role;
comment on table public.sms_opt_outs is 'Numbers that texted STOP: they get no SMS until they text START.';
alter table public.sms_opt_outs enable row level security;

create table public.sms_task_notifications (
  task_id text primary key references public.tasks (id) on delete cascade,
  to_phone text not null,
  sent_at timestamptz,
  created_at timestamptz not null default now()
);
revoke all on public.sms_task_notifications from public, anon, authenticated;
grant select, insert, update, delete on public.sms_task_notifications to service_role;
comment on table public.sms_task_notifications is 'The result SMS owed to the sender of an SMS-created task; sent_at is set once it is claimed.';
alter table public.sms_task_notifications enable row level security;
create index sms_task_notifications_sent on public.sms_task_notifications (sent_at) where sent_at is not null;

-- Functions --------------------------------------------------------------------------------------

-- Claims the result SMS of a task that has ended, once: returns what to send, or nothing when the
-- task has not ended, was claimed already, or the sender opted out (then it is marked as done).
create function public.sms_claim_task_notification(p_task_id text)
returns table (to_phone text, status text, outcome text, summary text, task_id text)
language plpgsql
security definer
set search_path = ''
as $$
begin
  -- Callable by the service role only (the grant below).
  return query
    update public.sms_task_notifications n
       set sent_at = now()
      from public.tasks t
     where n.task_id = p_task_id
       and t.id = n.task_id
       and n.sent_at is null
       and t.status in ('success', 'no_answer', 'busy', 'voicemail', 'failed', 'canceled')
    returning
      case when exists (select 1 from public.sms_opt_outs o where o.phone = n.to_phone)
        then null else n.to_phone end,
      t.status, t.outcome, t.summary, t.id;
end;
$$;
revoke all on function public.sms_claim_task_notification(text) from public, anon, authenticated;
grant execute on function public.sms_claim_task_notification(text) to service_role;

-- What wakes the dispatcher (09-dispatch-and-webhooks.sql): here, after the last table it reads.
create index sms_task_notifications_unsent on public.sms_task_notifications (created_at)
  where sent_at is null;

create function private.dispatch_work_due(p_now timestamptz, p_last_run_at timestamptz)
returns text
language sql
stable
set search_path = ''
as $$
  select case
    when p_last_run_at is null or p_last_run_at < p_now - interval '30 seconds' then 'heartbeat'
    when exists (select 1 from public.tasks
                  where status = 'retry_scheduled' and next_attempt_at <= p_now) then 'retries'
    when exists (select 1 from public.tasks
                  where status = 'scheduled' and scheduled_for <= p_now) then 'scheduled'
    when exists (select 1 from public.tasks
                  where status = 'queued' and awaiting_slot) then 'waiting_tasks'
    when exists (select 1 from public.webhook_deliveries
                  where status = 'pending' and next_attempt_at <= p_now
                    and (locked_until is null or locked_until < p_now)) then 'webhooks'
    when exists (select 1 from private.task_recordings
                  where status = 'pending' and next_copy_at <= p_now) then 'recording_copies'
    when exists (select 1 from public.sms_task_notifications n
                   join public.tasks t on t.id = n.task_id
                  where n.sent_at is null
                    and t.status in ('success', 'no_answer', 'busy', 'voicemail', 'failed', 'canceled'))
      then 'sms_results'
    -- The watchdog's earliest case is 15 seconds (a call accepted but never placed).
    when p_last_run_at < p_now - interval '15 seconds'
         and (exists (select 1 from public.tasks
                       where status in ('queued', 'ringing', 'in_progress') and not awaiting_slot)
              or exists (select 1 from public.task_attempts where settled_at is null))
      then 'live_calls'
  end;
$$;
comment on function private.dispatch_work_due(timestamptz, timestamptz) is
  'Why dispatch should run now (heartbeat, retries, scheduled, waiting_tasks, webhooks, recording_copies, sms_results, live_calls), or null when there is nothing to do.';
revoke all on function private.dispatch_work_due(timestamptz, timestamptz) from public, anon, authenticated;
