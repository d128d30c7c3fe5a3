-- Local development only: a ready demo account so a newcomer sees a working dashboard at once.
-- Login: demo@dialwise.dev / dialwise-demo. Never run against a hosted project.

-- The local stack's bootstrap marks its databases; anywhere else (a hosted project's
-- `supabase db push --include-seed`, a staging server) this stops before anything is written.
do $guard$
begin
  if not exists (
    select 1
      from pg_catalog.pg_db_role_setting s
      join pg_catalog.pg_database d on d.oid = s.setdatabase
     where d.datname = current_database()
       and s.setrole = 0
       and 'local_stack.database=on' = any (s.setconfig)
  ) then
    raise exception 'seed.sql creates a demo account with a published password and API key: it runs only on the local stack''s database, not on %', current_database()
      using errcode = 'insufficient_privilege';
  end if;
end
$guard$;

-- GoTrue reads the token and e-mail-change columns into plain Go strings, and its schema gives
-- four of them no default: a NULL there fails every sign-in of the user ("Database error querying
-- schema"). Every such column is set here.
insert into auth.users (
  instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
  confirmation_token, recovery_token, email_change_token_new, email_change,
  email_change_token_current, email_change_confirm_status, phone_change, phone_change_token,
  reauthentication_token,
  raw_app_meta_data, raw_user_meta_data, created_at, updated_at, is_super_admin, is_anonymous
) values (
  '00000000-0000-0000-0000-000000000000',
  'd1a15e00-0000-4000-8000-000000000001',
  'authenticated', 'authenticated', 'demo@dialwise.dev',
  extensions.crypt('dialwise-demo', extensions.gen_salt('bf', 10)),
  now(),
  '', '', '', '',
  '', 0, '', '',
  '',
  '{"provider": "email", "providers": ["email"]}',
  '{"signup_source": "seed"}',
  now(), now(), false, false
) on conflict (id) do nothing;

insert into auth.identities (provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at)
values (
  'd1a15e00-0000-4000-8000-000000000001',
  'd1a15e00-0000-4000-8000-000000000001',
  '{"sub": "d1a15e00-0000-4000-8000-000000000001", "email": "demo@dialwise.dev", "email_verified": true, "phone_verified": false}',
  'email', now(), now(), now()
) on conflict (provider_id, provider) do nothing;

insert into public.user_kyc (user_id, business_type, legal_name, address, use_case, kyc_status, phone, phone_verified)
values (
  'd1a15e00-0000-4000-8000-000000000001', 'business', 'Bright Smiles Dental LLC',
  '500 Market Street, San Francisco, CA 94105',
  'Appointment confirmations and post-visit follow-up calls.',
  'complete', '+14155550123', true
) on conflict (user_id) do nothing;

-- The default legal basis the demo business attested to in Settings (live calls need one).
insert into public.legal_basis_attestations (user_id, basis, statement, attested_via, attested_at)
select 'd1a15e00-0000-4000-8000-000000000001', 'prior_express_consent',
       private.legal_basis_statement('prior_express_consent', null), 'dashboard', now()
 where not exists (select 1 from public.legal_basis_attestations
                    where user_id = 'd1a15e00-0000-4000-8000-000000000001');

-- A test key: its calls go to the simulated network on the open test clock, so the README's first
-- call rings at any hour (docs/product-rules.md#test-mode).
-- Stored as its hash like every key; the README prints the whole key.
select private.store_api_key(
  'd1a15e00-0000-4000-8000-000000000001',
  'dw_test_' || encode(extensions.digest('dialwise-local-demo-key', 'sha256'), 'hex'),
  false,
  'Demo test key'
)
where not exists (
  select 1 from public.api_keys where user_id = 'd1a15e00-0000-4000-8000-000000000001'
);

select public.record_credit_purchase(
  'd1a15e00-0000-4000-8000-000000000001', 25, 'seed_demo_purchase', 'Welcome credits'
);

-- Sample calls and a finished batch, so the demo account's Calls, call view, Batches and Usage
-- show what a customer's would. They are the rows the call path writes for calls placed from the
-- dashboard in live mode, which on the local stack ring the simulated network (the transcripts
-- are what its callees at 555-0100 to 555-0105 say): a task, its attempt settled from the free
-- minutes, its events, and for the recorded call a recording whose copy into Storage is pending,
-- so the dispatcher copies it from the simulated network as it copies any call's. Each call is
-- keyed by its provider call id and written once, so re-running the seed adds nothing.

-- A ULID (the ids the API gives tasks and batches) for a moment, its random part taken from `key`.
create function pg_temp.demo_ulid(p_prefix text, p_at timestamptz, p_key text) returns text
language plpgsql
as $$
declare
  alphabet constant text := '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
  ms bigint := floor(extract(epoch from p_at) * 1000);
  stamp text := '';
  noise text := md5(p_key) || md5(p_key || '+');
  tail text := '';
begin
  for i in 1..10 loop
    stamp := substr(alphabet, (ms % 32)::integer + 1, 1) || stamp;
    ms := ms / 32;
  end loop;
  for i in 1..16 loop
    tail := tail || substr(alphabet, ('x' || substr(noise, i * 2 - 1, 2))::bit(8)::integer % 32 + 1, 1);
  end loop;
  return p_prefix || '_' || stamp || tail;
end;
$$;

-- 10:15 in San Francisco `p_days_ago` days ago (inside every calling window), plus `p_minutes`.
create function pg_temp.demo_moment(p_days_ago integer, p_minutes integer default 0) returns timestamptz
language sql
as $$
  select ((now() at time zone 'America/Los_Angeles')::date - p_days_ago + time '10:15'
          + make_interval(mins => p_minutes)) at time zone 'America/Los_Angeles';
$$;

-- One ended call as the call path leaves it. `c` names the call: key, created_at, phone_number,
-- goal, metadata, status, outcome, call_outcome, ended_reason, evidence, summary, duration (s),
-- answered, transcript, failure_reason, and optionally batch_id, batch_index, retry_max_attempts,
-- output_schema, result, record. Returns the task's id, or null when it was seeded before.
create function pg_temp.demo_call(c jsonb) returns text
language plpgsql
as $$
declare
  demo constant uuid := 'd1a15e00-0000-4000-8000-000000000001';
  call_id uuid := md5('demo-call:' || (c->>'key'))::uuid;
  created timestamptz := (c->>'created_at')::timestamptz;
  new_id text := pg_temp.demo_ulid('task', created, c->>'key');
  answered boolean := (c->>'answered')::boolean;
  duration integer := (c->>'duration')::integer;
  -- Placed at once; rings 5 s; an unanswered call gives up after 25 s of ringing.
  dialled timestamptz := created + interval '0.4 seconds';
  picked_up timestamptz := case when answered then dialled + interval '5 seconds' end;
  ended timestamptz := case
    when answered then dialled + interval '5 seconds' + make_interval(secs => duration)
    when c->>'status' = 'failed' then dialled + interval '1 second'
    else dialled + interval '25 seconds' end;
  -- A live call bills whole minutes of talk, rounded up; the account's free minutes pay them.
  minutes integer := case when answered then ceil(duration / 60.0)::integer else 0 end;
  turn jsonb;
  last_seq integer := 0;
  recorded boolean := coalesce((c->>'record')::boolean, false);
  tones text;
begin
  if exists (select 1 from public.task_attempts where provider_call_id = call_id::text) then
    return null;
  end if;

  insert into public.tasks (
    id, user_id, source, status, outcome, phone_number, goal, metadata, voice, language,
    speaking_style, first_sentence, max_duration_minutes, retry_max_attempts, current_attempt,
    created_at, started_at, ended_at, duration_seconds, billed_minutes, free_minutes_used,
    transcript, summary, failure_reason, provider_token_hash, updated_at, time_zones,
    output_schema, result, record, recording_consent, batch_id, batch_index, slot_claimed_at,
    call_outcome, call_outcome_evidence, provider_reason, livemode
  ) values (
    new_id, demo, 'dashboard', c->>'status', c->>'outcome', c->>'phone_number', c->>'goal',
    coalesce(c->'metadata', '{}'), 'Aria', 'en', 'Professional',
    'Hi, this is Aria, an AI assistant.',
    10, coalesce((c->>'retry_max_attempts')::integer, 3), 1,
    created, picked_up, ended + interval '1.5 seconds', case when answered then duration else 0 end,
    minutes, minutes, coalesce(c->'transcript', '[]'), c->>'summary', c->>'failure_reason',
    encode(extensions.digest('demo-provider-token:' || (c->>'key'), 'sha256'), 'hex'),
    ended + interval '1.5 seconds', '{America/Los_Angeles}', c->'output_schema', c->'result',
    recorded, case when recorded then 'granted' end, c->>'batch_id', (c->>'batch_index')::integer,
    case when c ? 'batch_id' then created end,
    c->>'call_outcome', c->>'evidence', c->>'ended_reason', true
  );

  insert into public.task_attempts (
    task_id, number, status, provider_call_id, ended_reason, created_at, started_at, answered_at,
    ended_at, duration_seconds, billed_minutes, free_minutes, cost_cents, settled_at
  ) values (
    new_id, 1, c->>'status', call_id::text, c->>'ended_reason', created + interval '0.2 seconds',
    coalesce(picked_up, dialled), picked_up, ended, case when answered then duration else 0 end,
    minutes, minutes, 0, ended + interval '1.5 seconds'
  );

  -- The event log the dashboard's timeline and the webhooks read, in the order it was written.
  insert into public.task_events (task_id, seq, type, data, created_at)
  values (new_id, 1, 'task.queued', '{}', created);
  last_seq := 1;
  if c->>'status' <> 'failed' then
    last_seq := last_seq + 1;
    insert into public.task_events (task_id, seq, type, data, created_at)
    values (new_id, last_seq, 'call.ringing', '{"attempt": 1}', dialled);
  end if;
  if answered then
    last_seq := last_seq + 1;
    insert into public.task_events (task_id, seq, type, data, created_at)
    values (new_id, last_seq, 'call.answered', '{"attempt": 1}', picked_up);
    for turn in select value from jsonb_array_elements(coalesce(c->'transcript', '[]')) loop
      last_seq := last_seq + 1;
      insert into public.task_events (task_id, seq, type, data, created_at)
      values (new_id, last_seq, 'transcript.turn', turn || '{"attempt": 1}',
              picked_up + make_interval(secs => (turn->>'end_ms')::numeric / 1000));
    end loop;
  end if;
  insert into public.task_events (task_id, seq, type, data, created_at)
  values (new_id, last_seq + 1, 'call.ended',
          jsonb_build_object('status', c->>'status', 'attempt', 1,
                             'call_outcome', c->>'call_outcome', 'ended_reason', c->>'ended_reason'),
          ended + interval '1.5 seconds'),
         (new_id, last_seq + 2, 'task.completed', '{}', ended + interval '1.5 seconds');
  update public.tasks set event_seq = last_seq + 2 where id = new_id;

  update public.profiles set free_minutes_used = free_minutes_used + minutes where id = demo;

  if recorded then
    -- The simulated network's recording URL carries its sound (a tone per turn).
    select duration || '~' || coalesce(string_agg(
             case when t->>'speaker' = 'agent' then 'a' else 'u' end
             || (t->>'start_ms') || '-' || (t->>'end_ms'), '_' order by ord), '')
      into tones
      from jsonb_array_elements(c->'transcript') with ordinality as x(t, ord);
    perform public.task_recording_begin(
      new_id, 1,
      'https://simulated.dialwise.invalid/recordings/' || call_id || '/mono.wav?tones=' || tones,
      duration);
    -- Due now: the dispatcher's next pass copies it into Storage.
    update private.task_recordings
       set created_at = ended + interval '1.5 seconds', next_copy_at = now(),
           expires_at = ended + interval '1.5 seconds' + interval '30 days'
     where task_recordings.task_id = new_id;
    update public.tasks
       set recording_expires_at = ended + interval '1.5 seconds' + interval '30 days'
     where id = new_id;
  end if;
  return new_id;
end;
$$;

-- Calls placed one by one from the dashboard over the last days.
select pg_temp.demo_call(
  jsonb_build_object('created_at', pg_temp.demo_moment(2, 0))
  || '{"key": "kim-cleaning", "phone_number": "+14155550100", "status": "success", "outcome": "achieved", "call_outcome": "human_answered", "ended_reason": "customer-ended-call", "evidence": "The provider ended the call with \"customer-ended-call\"; the callee spoke 5 times.", "summary": "The callee answered, heard the request and agreed (confirmed: yes).", "duration": 76, "answered": true, "goal": "Confirm Kim''s cleaning tomorrow at 3 pm", "record": true, "output_schema": {"type": "object", "properties": {"confirmed": {"type": "boolean"}, "new_time": {"type": ["string", "null"]}}, "required": ["confirmed"]}, "result": {"confirmed": true, "new_time": null}, "transcript": [{"text": "Hi, this is Aria, an AI assistant calling on behalf of Bright Smiles Dental LLC. I would like to record this call. Do you agree to be recorded? Please say yes or no.", "end_ms": 13300, "speaker": "agent", "start_ms": 600}, {"text": "Yes, that is fine, you can record it.", "end_ms": 17600, "speaker": "callee", "start_ms": 14500}, {"text": "Thank you.", "end_ms": 20000, "speaker": "agent", "start_ms": 18800}, {"text": "Hi, yes, speaking. What is this about?", "end_ms": 23900, "speaker": "callee", "start_ms": 21200}, {"text": "I''m calling to confirm Kim''s cleaning tomorrow at 3 pm.", "end_ms": 29700, "speaker": "agent", "start_ms": 25100}, {"text": "Okay, let me check that. One moment, please.", "end_ms": 34000, "speaker": "callee", "start_ms": 30900}, {"text": "Yes, that works — confirm Kim''s cleaning tomorrow at 3 pm. Consider it done. For your records — confirmed: yes.", "end_ms": 63700, "speaker": "callee", "start_ms": 56000}, {"text": "Wonderful, thank you. I have noted that. Have a great day! If you need to reach us, call +1 415-555-0123. Goodbye.", "end_ms": 73000, "speaker": "agent", "start_ms": 64900}, {"text": "Thanks, bye.", "end_ms": 75400, "speaker": "callee", "start_ms": 74200}]}');
select pg_temp.demo_call(
  jsonb_build_object('created_at', pg_temp.demo_moment(3, 0))
  || '{"key": "maria-tuesday", "phone_number": "+14155550100", "status": "success", "outcome": "achieved", "call_outcome": "human_answered", "ended_reason": "customer-ended-call", "evidence": "The provider ended the call with \"customer-ended-call\"; the callee spoke 4 times.", "summary": "The callee answered, heard the request and agreed.", "duration": 79, "answered": true, "goal": "Ask Maria whether 9 am Tuesday still suits her", "transcript": [{"text": "Hi, this is Aria, an AI assistant calling on behalf of Bright Smiles Dental LLC.", "end_ms": 6400, "speaker": "agent", "start_ms": 600}, {"text": "Hi, yes, speaking. What is this about?", "end_ms": 10300, "speaker": "callee", "start_ms": 7600}, {"text": "I''m calling to ask Maria whether 9 am Tuesday still suits her.", "end_ms": 16900, "speaker": "agent", "start_ms": 11500}, {"text": "Okay, let me check that. One moment, please.", "end_ms": 21200, "speaker": "callee", "start_ms": 18100}, {"text": "Yes, that works — ask Maria whether 9 am Tuesday still suits her. Consider it done.", "end_ms": 66400, "speaker": "callee", "start_ms": 60200}, {"text": "Wonderful, thank you. I have noted that. Have a great day! If you need to reach us, call +1 415-555-0123. Goodbye.", "end_ms": 75700, "speaker": "agent", "start_ms": 67600}, {"text": "Thanks, bye.", "end_ms": 78100, "speaker": "callee", "start_ms": 76900}]}');
select pg_temp.demo_call(
  jsonb_build_object('created_at', pg_temp.demo_moment(1, 0))
  || '{"key": "dan-whitening", "phone_number": "+14155550101", "status": "success", "outcome": "not_achieved", "call_outcome": "human_answered", "ended_reason": "customer-ended-call", "evidence": "The provider ended the call with \"customer-ended-call\"; the callee spoke 4 times.", "summary": "The callee answered, heard the request and declined.", "duration": 54, "answered": true, "goal": "Offer Dan a teeth-whitening appointment next week", "metadata": {"patient_id": "P-1042"}, "transcript": [{"text": "Hi, this is Aria, an AI assistant calling on behalf of Bright Smiles Dental LLC.", "end_ms": 6400, "speaker": "agent", "start_ms": 600}, {"text": "Hi, yes, speaking. What is this about?", "end_ms": 10300, "speaker": "callee", "start_ms": 7600}, {"text": "I''m calling to offer Dan a teeth-whitening appointment next week.", "end_ms": 16100, "speaker": "agent", "start_ms": 11500}, {"text": "Okay, let me check that. One moment, please.", "end_ms": 20400, "speaker": "callee", "start_ms": 17300}, {"text": "No, I''m sorry, that doesn''t work for me. I can''t agree to offer Dan a teeth-whitening appointment next week.", "end_ms": 42700, "speaker": "callee", "start_ms": 35400}, {"text": "I understand. Thank you for your time. Goodbye. If you need to reach us, call +1 415-555-0123. Goodbye.", "end_ms": 50800, "speaker": "agent", "start_ms": 43900}, {"text": "Bye.", "end_ms": 53200, "speaker": "callee", "start_ms": 52000}]}');
select pg_temp.demo_call(
  jsonb_build_object('created_at', pg_temp.demo_moment(1, 20))
  || '{"key": "lee-checkup", "phone_number": "+14155550103", "status": "no_answer", "outcome": "not_achieved", "call_outcome": "no_answer", "ended_reason": "customer-did-not-answer", "evidence": "The provider ended the call with \"customer-did-not-answer\".", "duration": 0, "answered": false, "goal": "Remind Lee about the Friday 10 am checkup", "retry_max_attempts": 0, "transcript": []}');

-- A batch of four cleaning confirmations from the dashboard, finished: one agreed, one reached
-- voicemail, one the carrier failed, one declined. Its goal and campaign are the batch's defaults
-- (stored once on the batch); each row keeps its own patient.
do $batch$
declare
  demo constant uuid := 'd1a15e00-0000-4000-8000-000000000001';
  created constant timestamptz := pg_temp.demo_moment(1, 45);
  batch text := pg_temp.demo_ulid('batch', created, 'demo-batch');
  marker constant text := encode(extensions.digest('demo-batch', 'sha256'), 'hex');
begin
  if exists (select 1 from public.batches where user_id = demo and request_hash = marker) then
    return;
  end if;
  insert into public.batches (id, user_id, source, status, total, request_hash, created_at,
                              updated_at, task_defaults, livemode)
  values (batch, demo, 'dashboard', 'running', 4, marker, created, created,
          jsonb_build_object('goal', 'Confirm the patient''s cleaning appointment next week',
                             'metadata', jsonb_build_object('campaign', 'december-cleanings')),
          true);
    perform pg_temp.demo_call(jsonb_build_object('created_at', created, 'batch_id', batch, 'batch_index', 0)
      || '{"key": "batch-kim", "phone_number": "+14155550100", "status": "success", "outcome": "achieved", "call_outcome": "human_answered", "ended_reason": "customer-ended-call", "evidence": "The provider ended the call with \"customer-ended-call\"; the callee spoke 4 times.", "summary": "The callee answered, heard the request and agreed.", "duration": 64, "answered": true, "metadata": {"patient": "Kim Park"}, "retry_max_attempts": 0, "transcript": [{"text": "Hi, this is Aria, an AI assistant calling on behalf of Bright Smiles Dental LLC.", "end_ms": 6400, "speaker": "agent", "start_ms": 600}, {"text": "Hi, yes, speaking. What is this about?", "end_ms": 10300, "speaker": "callee", "start_ms": 7600}, {"text": "I''m calling to confirm the patient''s cleaning appointment next week.", "end_ms": 16100, "speaker": "agent", "start_ms": 11500}, {"text": "Okay, let me check that. One moment, please.", "end_ms": 20400, "speaker": "callee", "start_ms": 17300}, {"text": "Yes, that works — confirm the patient''s cleaning appointment next week. Consider it done.", "end_ms": 51800, "speaker": "callee", "start_ms": 46400}, {"text": "Wonderful, thank you. I have noted that. Have a great day! If you need to reach us, call +1 415-555-0123. Goodbye.", "end_ms": 61100, "speaker": "agent", "start_ms": 53000}, {"text": "Thanks, bye.", "end_ms": 63500, "speaker": "callee", "start_ms": 62300}]}');
    perform pg_temp.demo_call(jsonb_build_object('created_at', created, 'batch_id', batch, 'batch_index', 1)
      || '{"key": "batch-sam", "phone_number": "+14155550104", "status": "voicemail", "outcome": "not_achieved", "call_outcome": "voicemail_no_message", "ended_reason": "voicemail", "evidence": "The provider ended the call with \"voicemail\"; the task''s voicemail action is hang_up.", "duration": 9, "answered": true, "metadata": {"patient": "Sam Ortiz"}, "retry_max_attempts": 0, "transcript": [{"text": "Hi, you have reached my voicemail. I cannot take your call right now. Please leave a message after the tone.", "end_ms": 8300, "speaker": "callee", "start_ms": 600}]}');
    perform pg_temp.demo_call(jsonb_build_object('created_at', created, 'batch_id', batch, 'batch_index', 2)
      || '{"key": "batch-ana", "phone_number": "+14155550105", "status": "failed", "outcome": "not_achieved", "call_outcome": "carrier_failed", "ended_reason": "twilio-failed-to-connect-call", "evidence": "The provider ended the call with \"twilio-failed-to-connect-call\".", "duration": 0, "answered": false, "failure_reason": "carrier_failed", "metadata": {"patient": "Ana Reyes"}, "retry_max_attempts": 0, "transcript": []}');
    perform pg_temp.demo_call(jsonb_build_object('created_at', created, 'batch_id', batch, 'batch_index', 3)
      || '{"key": "batch-joe", "phone_number": "+14155550101", "status": "success", "outcome": "not_achieved", "call_outcome": "human_answered", "ended_reason": "customer-ended-call", "evidence": "The provider ended the call with \"customer-ended-call\"; the callee spoke 4 times.", "summary": "The callee answered, heard the request and declined.", "duration": 65, "answered": true, "metadata": {"patient": "Joe Chen"}, "retry_max_attempts": 0, "transcript": [{"text": "Hi, this is Aria, an AI assistant calling on behalf of Bright Smiles Dental LLC.", "end_ms": 6400, "speaker": "agent", "start_ms": 600}, {"text": "Hi, yes, speaking. What is this about?", "end_ms": 10300, "speaker": "callee", "start_ms": 7600}, {"text": "I''m calling to confirm the patient''s cleaning appointment next week.", "end_ms": 16100, "speaker": "agent", "start_ms": 11500}, {"text": "Okay, let me check that. One moment, please.", "end_ms": 20400, "speaker": "callee", "start_ms": 17300}, {"text": "No, I''m sorry, that doesn''t work for me. I can''t agree to confirm the patient''s cleaning appointment next week.", "end_ms": 53700, "speaker": "callee", "start_ms": 46400}, {"text": "I understand. Thank you for your time. Goodbye. If you need to reach us, call +1 415-555-0123. Goodbye.", "end_ms": 61800, "speaker": "agent", "start_ms": 54900}, {"text": "Bye.", "end_ms": 64200, "speaker": "callee", "start_ms": 63000}]}');

  update public.batches b
     set status = 'completed', event_seq = 1,
         completed_at = (select max(t.ended_at) from public.tasks t where t.batch_id = b.id),
         updated_at = (select max(t.ended_at) from public.tasks t where t.batch_id = b.id)
   where b.id = batch;
  insert into public.batch_events (batch_id, seq, type, data, created_at)
  select batch, 1, 'batch.completed', '{}', completed_at from public.batches where id = batch;
end
$batch$;
