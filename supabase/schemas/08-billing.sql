-- Billing: prepaid credit purchases. Users read their own purchases; purchases and
-- balance changes are recorded only by the service role through record_credit_purchase, which
-- is idempotent per payment reference so a retried payment event can never credit twice.

-- Tables -----------------------------------------------------------------------------------------

create table public.credit_purchases (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null,
  amount numeric(12, 2) not null
    constraint credit_purchases_amount_positive check (amount > 0),
  description text
    constraint credit_purchases_description_length check (description is null or length(description) <= 200),
  payment_reference text not null unique,
  purchased_at timestamptz not null default now(),
  receipt_url text
    constraint credit_purchases_receipt_url_https check (receipt_url is null or receipt_url ~ '^https?://' and length(receipt_url) <= 2000)
);
comment on table public.credit_purchases is 'Credits bought by card (1 dollar = 1 credit), newest first in the dashboard.';
comment on column public.credit_purchases.receipt_url is 'The payment provider''s receipt page for the charge (Stripe''s receipt_url); null until known.';
comment on column public.credit_purchases.payment_reference is 'The payment provider''s id (e.g. checkout session); unique, so each payment credits once.';
create index credit_purchases_user_newest on public.credit_purchases (user_id, purchased_at desc);
revoke all on public.credit_purchases from public, anon, authenticated;
grant select on public.credit_purchases to authenticated;
grant all on public.credit_purchases to service_role;
alter table public.credit_purchases enable row level security;

create policy "Users can read their own credit purchases"
  on public.credit_purchases for select
  to authenticated
  using (user_id = (select auth.uid()));

-- Functions --------------------------------------------------------------------------------------

create function public.record_credit_purchase(
  p_user_id uuid,
  p_amount numeric,
  p_payment_reference text,
  p_description text default null
) returns boolean
language plpgsql
security definer
set search_path = ''
as $$
declare
  inserted_id uuid;
begin
  if p_amount is null or p_amount <= 0 then
    raise exception 'amount must be positive' using errcode = '22023';
  end if;

  insert into public.credit_purchases (user_id, amount, payment_reference, description)
  values (p_user_id, p_amount, p_payment_reference, p_description)
  on conflict (payment_reference) do nothing
  returning id into inserted_id;

  if inserted_id is null then
    return false; -- Already recorded: a retried event.
  end if;

  update public.profiles set credits = credits + p_amount where id = p_user_id;
  if not found then
    raise exception 'no profile for user %', p_user_id using errcode = '23503';
  end if;
  return true;
end;
$$;
comment on function public.record_credit_purchase(uuid, numeric, text, text) is
  'Service role only: records a paid purchase and adds its credits, once per payment reference. Returns false for a repeat.';
revoke all on function public.record_credit_purchase(uuid, numeric, text, text) from public, anon, authenticated;
grant execute on function public.record_credit_purchase(uuid, numeric, text, text) to service_role;

-- Settlement takes free minutes first from what the account has when the attempt ends, not from
-- what the task reserved when it was held: a hold is a guarantee of funding, never a price. When
-- the account's free minutes are all reserved by other calls still live, this call takes some of
-- their reservation and gives them the same number of cents of its own credit hold in exchange,
-- so the account's totals (reserved minutes, held credits) stay the same and every call stays
-- funded (docs/product-rules.md#holds-and-settlement).
create function private.settle_attempt(
  p_task public.tasks, p_attempt integer, p_duration_seconds integer, p_answered boolean
) returns void
language plpgsql
set search_path = ''
as $$
declare
  account public.profiles%rowtype;
  minutes integer := 0;
  free_use integer;
  own_use integer;
  unreserved integer;
  from_others integer;
  moved integer;
  lender record;
  cost integer;
begin
  -- A test call (livemode false) is free: it bills no minute (docs/product-rules.md#test-mode).
  if p_answered and p_task.livemode then
    -- Whole minutes, rounded up, never beyond the task's cap (which is what was held).
    minutes := least(ceil(greatest(p_duration_seconds, 0) / 60.0)::integer, p_task.max_duration_minutes);
  end if;
  -- The caller holds the account's lock (lock_task).
  select * into account from public.profiles where id = p_task.user_id;
  -- Never more than the task's reservation plus its credit hold (what funds it).
  free_use := least(minutes, greatest(100 - account.free_minutes_used, 0),
    p_task.free_minutes_reserved + p_task.hold_cents);
  own_use := least(free_use, p_task.free_minutes_reserved);
  unreserved := greatest(100 - account.free_minutes_used - account.free_minutes_reserved, 0);
  from_others := greatest(free_use - own_use - unreserved, 0);
  cost := least(minutes - free_use, p_task.hold_cents - from_others);

  -- Exactly once: the attempt is marked settled in the same statement that checks it.
  update public.task_attempts
     set settled_at = now(), billed_minutes = minutes, free_minutes = free_use, cost_cents = cost,
         duration_seconds = case when p_answered then greatest(p_duration_seconds, 0) else 0 end
   where task_id = p_task.id and number = p_attempt and settled_at is null;
  if not found then
    return;
  end if;

  -- Other calls' reserved free minutes, swapped for as many cents of this call's credit hold.
  moved := 0;
  for lender in
    select id, free_minutes_reserved from public.tasks
     where user_id = p_task.user_id and id <> p_task.id and free_minutes_reserved > 0
     order by created_at desc
     for update
  loop
    exit when moved >= from_others;
    update public.tasks
       set free_minutes_reserved = free_minutes_reserved - least(lender.free_minutes_reserved, from_others - moved),
           hold_cents = hold_cents + least(lender.free_minutes_reserved, from_others - moved)
     where id = lender.id;
    moved := moved + least(lender.free_minutes_reserved, from_others - moved);
  end loop;
  -- Reservations and use are counted apart; should they disagree, nothing is taken that no call
  -- gave up.
  free_use := free_use - (from_others - moved);
  from_others := moved;
  update public.task_attempts set free_minutes = free_use
   where task_id = p_task.id and number = p_attempt and free_minutes <> free_use;
  cost := least(minutes - free_use, p_task.hold_cents - from_others);
  update public.task_attempts set cost_cents = cost
   where task_id = p_task.id and number = p_attempt and cost_cents <> cost;

  update public.tasks
     set billed_minutes = billed_minutes + minutes,
         free_minutes_used = free_minutes_used + free_use,
         cost_cents = cost_cents + cost,
         duration_seconds = duration_seconds + case when p_answered then greatest(p_duration_seconds, 0) else 0 end,
         free_minutes_reserved = free_minutes_reserved - own_use,
         hold_cents = hold_cents - cost - from_others
   where id = p_task.id;

  -- The account: the other calls' reservations moved to this call's use, its hold to theirs.
  update public.profiles
     set free_minutes_used = free_minutes_used + free_use,
         free_minutes_reserved = free_minutes_reserved - own_use - from_others,
         credits = credits - cost / 100.0,
         credits_held = credits_held - cost / 100.0
   where id = p_task.user_id;
end;
$$;
comment on function private.settle_attempt(public.tasks, integer, integer, boolean) is
  'Bills one attempt once: whole minutes rounded up, free minutes first from what the account has left at settlement (taking other live calls'' reservations in exchange for credit hold), the rest from the task''s hold.';
revoke all on function private.settle_attempt(public.tasks, integer, integer, boolean) from public, anon, authenticated;
grant execute on function private.settle_attempt(public.tasks, integer, integer, boolean) to service_role;

-- Scheduled tasks and tasks waiting for a call slot or a provider line hold nothing: their money
-- is held as they are placed, from what the account has then. A task that cannot be funded then
-- ends failed with failure_reason insufficient_credits.
create function private.hold_or_fail(p_task_id text) returns boolean
language plpgsql
set search_path = ''
as $$
declare
  account public.profiles%rowtype;
  task public.tasks%rowtype;
  free_reserve integer;
  hold integer;
  at timestamptz := now();
begin
  -- The caller holds the account's lock and the task's.
  select * into task from public.tasks where id = p_task_id;
  -- Held already (a call put back by the provider's refusal keeps its hold), or a test task,
  -- which is free (docs/product-rules.md#test-mode).
  if task.hold_cents > 0 or task.free_minutes_reserved > 0 or not task.livemode then
    return true;
  end if;
  select * into account from public.profiles where id = task.user_id;
  free_reserve := greatest(least(task.max_duration_minutes,
    100 - account.free_minutes_used - account.free_minutes_reserved), 0);
  hold := task.max_duration_minutes - free_reserve; -- cents: 1 cent a minute
  if account.credits - account.credits_held < hold / 100.0 then
    update public.tasks
       set status = 'failed', outcome = 'not_achieved', failure_reason = 'insufficient_credits',
           awaiting_slot = false, ended_at = at, updated_at = at
     where id = p_task_id;
    perform private.append_task_event(p_task_id, 'task.completed', '{}'::jsonb);
    return false;
  end if;
  update public.tasks set hold_cents = hold, free_minutes_reserved = free_reserve, updated_at = at
   where id = p_task_id;
  update public.profiles
     set credits_held = credits_held + hold / 100.0,
         free_minutes_reserved = free_minutes_reserved + free_reserve
   where id = task.user_id;
  return true;
end;
$$;
comment on function private.hold_or_fail(text) is
  'Holds a task''s cost as it is placed (free minutes first, then credits); fails it with insufficient_credits when the account cannot fund it. The caller holds the account''s lock.';
revoke all on function private.hold_or_fail(text) from public, anon, authenticated;
grant execute on function private.hold_or_fail(text) to service_role;

create function private.release_if_done(p_task_id text) returns void
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
comment on function private.release_if_done(text) is
  'Releases what is left of an ended task''s hold and free-minute reservation, once every answered attempt is billed.';
revoke all on function private.release_if_done(text) from public, anon, authenticated;
grant execute on function private.release_if_done(text) to service_role;

-- The usage summary says what is held as well as what is used: free minutes reserved and credits
-- held by calls in progress or waiting for a retry, released or billed when those calls end.
-- Without them, "10 of 100 free minutes left" while credits are charged reads as a mistake.

create function public.usage_summary() returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select jsonb_build_object(
    'free_minutes_total', 100 - coalesce((select free_minutes_withheld from public.profiles where id = auth.uid()), 0),
    'free_minutes_used', coalesce((select free_minutes_used - free_minutes_withheld from public.profiles where id = auth.uid()), 0),
    'free_minutes_held', coalesce((select free_minutes_reserved from public.profiles where id = auth.uid()), 0),
    'credits_usd', coalesce((select credits from public.profiles where id = auth.uid()), 0),
    'credits_held_usd', coalesce((select credits_held from public.profiles where id = auth.uid()), 0),
    'month_minutes', coalesce((
      select sum(a.billed_minutes) from public.task_attempts a join public.tasks t on t.id = a.task_id
       where t.user_id = auth.uid() and a.settled_at >= date_trunc('month', now())), 0),
    'month_cost_usd', coalesce((
      select sum(a.cost_cents) from public.task_attempts a join public.tasks t on t.id = a.task_id
       where t.user_id = auth.uid() and a.settled_at >= date_trunc('month', now())), 0) / 100.0,
    'daily', coalesce((
      select jsonb_agg(jsonb_build_object('day', to_char(d.day, 'YYYY-MM-DD'), 'minutes', d.minutes) order by d.day)
        from (
          select days.day, coalesce(sum(a.billed_minutes), 0)::integer as minutes
            from generate_series(current_date - 29, current_date, interval '1 day') as days(day)
            left join public.tasks t on t.user_id = auth.uid()
            left join public.task_attempts a
              on a.task_id = t.id and a.settled_at >= days.day and a.settled_at < days.day + interval '1 day'
           group by days.day
        ) d), '[]'::jsonb)
  );
$$;
comment on function public.usage_summary() is
  'The caller''s usage: free minutes granted (100, or less when withheld), used and held, credits and credits held, minutes and dollars this month, minutes per day for 30 days.';
revoke all on function public.usage_summary() from public, anon;
grant execute on function public.usage_summary() to authenticated;

-- The Usage page (docs/product-rules.md#usage): per day of the caller's own time zone, test and
-- live apart, the calls created that day, how many ended and succeeded, and their settled minutes
-- and cost (the tasks' own billed_minutes and cost_cents). A call succeeded when a person answered
-- (call_outcome human_answered) or its goal was achieved (outcome achieved); the rate is of the
-- calls that ended.
create function public.usage_daily(p_days integer, p_time_zone text default 'UTC')
returns table (
  day date, livemode boolean, calls integer, ended integer, succeeded integer, minutes integer, cost_cents integer
)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  uid uuid := (select auth.uid());
  today date;
begin
  if uid is null then
    raise exception 'Sign in to read usage' using errcode = '42501';
  end if;
  if p_days is null or p_days not between 1 and 366 then
    raise exception 'p_days must be between 1 and 366' using errcode = '22023';
  end if;
  -- An unknown time zone raises invalid_parameter_value here.
  today := (now() at time zone p_time_zone)::date;
  return query
  with days as (
    select g::date as day from generate_series(today - (p_days - 1), today, interval '1 day') as g
  ), modes as (
    select m as livemode from unnest(array[false, true]) as m
  ), own as (
    select (t.created_at at time zone p_time_zone)::date as day, t.livemode,
           t.status in ('success', 'no_answer', 'busy', 'voicemail', 'failed', 'canceled') as ended,
           (t.outcome = 'achieved' or t.call_outcome = 'human_answered') as succeeded,
           t.billed_minutes, t.cost_cents
      from public.tasks t
     where t.user_id = uid
       and t.created_at >= (today - (p_days - 1))::timestamp at time zone p_time_zone
  )
  select d.day, m.livemode,
         count(o.day)::integer,
         count(o.day) filter (where o.ended)::integer,
         count(o.day) filter (where o.ended and o.succeeded)::integer,
         coalesce(sum(o.billed_minutes), 0)::integer,
         coalesce(sum(o.cost_cents), 0)::integer
    from days d
   cross join modes m
    left join own o on o.day = d.day and o.livemode = m.livemode
   group by d.day, m.livemode
   order by d.day, m.livemode;
end;
$$;
comment on function public.usage_daily(integer, text) is
  'The caller''s usage per day of the last p_days days in p_time_zone, test and live apart: calls created, ended, succeeded (human_answered or goal achieved), settled minutes and cost in cents.';
revoke all on function public.usage_daily(integer, text) from public, anon;
grant execute on function public.usage_daily(integer, text) to authenticated;

-- Free minutes once per person -------------------------------------------------------------------
-- The 100 free minutes are granted once per e-mail address and once per verified phone number,
-- ever (docs/decisions/0025-free-minutes-once-per-person.md). When an account closes (or its auth
-- user is deleted) a keyed one-way hash of its e-mail and of its verified phone is kept, and
-- nothing else (13-privacy.sql keeps them); the privacy policy says so. A later account signing up
-- with that e-mail, or verifying that phone, gets no free minutes: what is left of its allowance
-- is withheld (it can still buy credits).
-- Withholding counts the withheld minutes as used (free_minutes_used), so every place that
-- reserves free minutes (100 - used - reserved) gives none without knowing about it; the withheld
-- count is kept beside it, so the usage summary shows the allowance and use as they are.

create table private.free_minutes_claimed (
  identity_hash bytea primary key,
  kind text not null constraint free_minutes_claimed_kind_valid check (kind in ('email', 'phone')),
  claimed_at timestamptz not null default now()
);
comment on table private.free_minutes_claimed is
  'Keyed one-way hashes of the e-mail addresses and verified phone numbers of closed accounts: who has had the free minutes. Kept for good; nothing else of the account.';
revoke all on private.free_minutes_claimed from public, anon, authenticated;
grant select on private.free_minutes_claimed to service_role;
-- Service role only: no user policies.
alter table private.free_minutes_claimed enable row level security;

create table private.identity_hash_key (
  id boolean primary key default true constraint identity_hash_key_single check (id),
  key bytea not null default extensions.gen_random_bytes(32)
);
comment on table private.identity_hash_key is
  'The secret key of private.identity_hash: without it the hashes in free_minutes_claimed cannot be checked against guessed e-mails or numbers.';
insert into private.identity_hash_key default values;
revoke all on private.identity_hash_key from public, anon, authenticated;
alter table private.identity_hash_key enable row level security;

create function private.identity_hash(p_kind text, p_value text) returns bytea
language sql
stable
security definer
set search_path = ''
as $$
  -- E-mails compare without case or surrounding spaces; phones are E.164 already.
  select extensions.hmac(
    convert_to(p_kind || ':' || case when p_kind = 'email' then lower(btrim(p_value)) else btrim(p_value) end, 'UTF8'),
    (select key from private.identity_hash_key), 'sha256');
$$;
comment on function private.identity_hash(text, text) is
  'HMAC-SHA-256 of an e-mail or phone under the database''s own key: comparable, not reversible.';
revoke all on function private.identity_hash(text, text) from public, anon, authenticated;

create function private.free_minutes_claimed_by(p_kind text, p_value text) returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select p_value is not null and exists (
    select 1 from private.free_minutes_claimed
     where identity_hash = private.identity_hash(p_kind, p_value));
$$;
comment on function private.free_minutes_claimed_by(text, text) is
  'Whether a closed account already had the free minutes with this e-mail or phone.';
revoke all on function private.free_minutes_claimed_by(text, text) from public, anon, authenticated;

create function private.withhold_free_minutes(p_user_id uuid) returns void
language sql
security definer
set search_path = ''
as $$
  update public.profiles
     set free_minutes_withheld = free_minutes_withheld + (100 - free_minutes_used - free_minutes_reserved),
         free_minutes_used = 100 - free_minutes_reserved
   where id = p_user_id and free_minutes_used + free_minutes_reserved < 100;
$$;
comment on function private.withhold_free_minutes(uuid) is
  'Takes back what is left of an account''s free minutes (reserved ones stay with their calls).';
revoke all on function private.withhold_free_minutes(uuid) from public, anon, authenticated;

create function private.remember_free_minutes_claimed() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  insert into private.free_minutes_claimed (identity_hash, kind)
  select private.identity_hash('email', u.email), 'email'
    from auth.users u where u.id = new.user_id and u.email is not null
  on conflict (identity_hash) do nothing;
  if new.verified_phone is not null then
    insert into private.free_minutes_claimed (identity_hash, kind)
    values (private.identity_hash('phone', new.verified_phone), 'phone')
    on conflict (identity_hash) do nothing;
  end if;
  return null;
end;
$$;
comment on function private.remember_free_minutes_claimed() is
  'Trigger account_closures_remember_free_minutes: a closing keeps the hashes of the account''s e-mail and verified phone.';
revoke all on function private.remember_free_minutes_claimed() from public, anon, authenticated;

create function private.withhold_free_minutes_of_known_email() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if private.free_minutes_claimed_by('email', (select email from auth.users where id = new.id)) then
    perform private.withhold_free_minutes(new.id);
  end if;
  return null;
end;
$$;
comment on function private.withhold_free_minutes_of_known_email() is
  'Trigger profiles_withhold_free_minutes: a new account whose e-mail had the free minutes on a closed account gets none.';
revoke all on function private.withhold_free_minutes_of_known_email() from public, anon, authenticated;

create trigger profiles_withhold_free_minutes
  after insert on public.profiles
  for each row execute function private.withhold_free_minutes_of_known_email();
comment on trigger profiles_withhold_free_minutes on public.profiles is
  'No free minutes for a new account with the e-mail of a closed account that had them.';

create function private.withhold_free_minutes_of_known_phone() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if private.free_minutes_claimed_by('phone', new.phone) then
    perform private.withhold_free_minutes(new.user_id);
  end if;
  return null;
end;
$$;
comment on function private.withhold_free_minutes_of_known_phone() is
  'Trigger user_kyc_withhold_free_minutes: verifying a phone that had the free minutes on a closed account withholds what is left of them.';
revoke all on function private.withhold_free_minutes_of_known_phone() from public, anon, authenticated;

create trigger user_kyc_withhold_free_minutes
  after insert or update of phone, phone_verified on public.user_kyc
  for each row when (new.phone_verified)
  execute function private.withhold_free_minutes_of_known_phone();
comment on trigger user_kyc_withhold_free_minutes on public.user_kyc is
  'No (more) free minutes for an account that verifies the phone of a closed account that had them.';
