-- The account's own numbers: the number a live call shows. A number is bought through the voice
-- provider (`purchased`, billed monthly from credits), imported from the account's own Twilio
-- account (`imported`), or any number the account proves it answers, by a code sent to it
-- (`verified`, a caller ID). One active number per account is its default; a task may name
-- another. Releasing a number stops its use at once: every attempt resolves its number as it
-- begins (public.task_begin_attempt). A test call shows a fictional number.
-- The functions (supabase/functions/_shared/numbers/) talk to the provider and call these; the
-- account reads its rows, and writes none directly.

-- Tables -----------------------------------------------------------------------------------------

create table public.phone_numbers (
  id text primary key
    constraint phone_numbers_id_shape check (id ~ '^num_[0-9A-Z]{26}$'),
  user_id uuid not null references auth.users (id) on delete cascade,
  phone_number text not null
    constraint phone_numbers_phone_us_e164 check (phone_number ~ '^\+1[2-9][0-9]{2}[2-9][0-9]{6}$'),
  source text not null
    constraint phone_numbers_source_valid check (source in ('purchased', 'imported', 'verified')),
  status text not null
    constraint phone_numbers_status_valid check (status in ('pending_verification', 'active', 'released')),
  is_default boolean not null default false,
  label text
    constraint phone_numbers_label_length check (label is null or char_length(btrim(label)) between 1 and 60),
  -- The provider's id of the number (Vapi's phone number id); null until it is registered there.
  provider_phone_number_id text,
  monthly_price_cents integer not null default 0
    constraint phone_numbers_price_not_negative check (monthly_price_cents >= 0),
  -- The hash of the token the provider sends with an inbound call's assistant-request to this
  -- number (its server.headers), so only the provider can start an inbound call on it.
  inbound_token_hash text,
  -- The account's own agent for calls to this number (goal, context, voice, language, transfer,
  -- business_hours), checked by the functions; null: the default inbound agent alone.
  inbound_agent jsonb
    constraint phone_numbers_inbound_agent_object check (inbound_agent is null or jsonb_typeof(inbound_agent) = 'object'),
  -- A bought number is paid a month at a time, ahead.
  paid_through timestamptz,
  created_at timestamptz not null default now(),
  verified_at timestamptz,
  released_at timestamptz,
  updated_at timestamptz not null default now(),
  constraint phone_numbers_default_is_active check (not is_default or status = 'active'),
  constraint phone_numbers_active_registered check (status <> 'active' or provider_phone_number_id is not null)
);
comment on table public.phone_numbers is
  'The numbers an account calls from: bought through us, imported from its Twilio account, or verified as its caller ID.';
comment on column public.phone_numbers.provider_phone_number_id is
  'The voice provider''s id of the number (Vapi), which places the calls that show it.';
-- A number is held by one account at a time; an account has one default.
create unique index phone_numbers_held_once on public.phone_numbers (phone_number) where status = 'active';
create unique index phone_numbers_one_default on public.phone_numbers (user_id) where is_default;
create index phone_numbers_user on public.phone_numbers (user_id, created_at);
-- The dispatcher's renewals: bought numbers by the end of their paid month.
create index phone_numbers_renewal on public.phone_numbers (paid_through)
  where status = 'active' and source = 'purchased';
-- An inbound call's request is authenticated by its number's token before anything else is read.
create unique index phone_numbers_inbound_token on public.phone_numbers (inbound_token_hash)
  where inbound_token_hash is not null;
revoke all on public.phone_numbers from public, anon, authenticated;
grant select (
  id, user_id, phone_number, source, status, is_default, label, monthly_price_cents, paid_through,
  created_at, verified_at, released_at, updated_at, inbound_agent
) on public.phone_numbers to authenticated;
grant all on public.phone_numbers to service_role;
alter table public.phone_numbers enable row level security;

create policy "Users can read their own numbers"
  on public.phone_numbers for select
  to authenticated
  using (user_id = (select auth.uid()));

create trigger phone_numbers_updated_at
  before update on public.phone_numbers
  for each row execute function private.set_updated_at();

alter table public.tasks
  add constraint tasks_from_number_id_fkey foreign key (from_number_id)
  references public.phone_numbers (id) on delete set null;

-- What a bought number cost the account, month by month.
create table public.phone_number_charges (
  id bigint generated always as identity primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  phone_number_id text not null references public.phone_numbers (id) on delete cascade,
  amount_cents integer not null constraint phone_number_charges_amount_positive check (amount_cents > 0),
  period_start timestamptz not null,
  period_end timestamptz not null,
  created_at timestamptz not null default now()
);
comment on table public.phone_number_charges is 'Each month of a bought number, paid from credits.';
create index phone_number_charges_user on public.phone_number_charges (user_id, created_at desc);
create index phone_number_charges_number on public.phone_number_charges (phone_number_id);
revoke all on public.phone_number_charges from public, anon, authenticated;
grant select on public.phone_number_charges to authenticated;
grant all on public.phone_number_charges to service_role;
alter table public.phone_number_charges enable row level security;

create policy "Users can read their own number charges"
  on public.phone_number_charges for select
  to authenticated
  using (user_id = (select auth.uid()));

-- The code a caller ID is verified with: only its hash, for callerIdCodeMinutes and
-- callerIdCodeChecks checks.
create table private.caller_id_codes (
  phone_number_id text primary key references public.phone_numbers (id) on delete cascade,
  code_hash text not null,
  checks integer not null default 0,
  expires_at timestamptz not null
);
comment on table private.caller_id_codes is 'The live code of a caller ID being verified (hashed).';
revoke all on private.caller_id_codes from public, anon, authenticated;
alter table private.caller_id_codes enable row level security;

create table private.caller_id_code_sends (
  id bigint generated always as identity primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  phone_number text not null,
  sent_at timestamptz not null default now()
);
comment on table private.caller_id_code_sends is 'Every caller-ID code sent, for the per-number send limit.';
create index caller_id_code_sends_number on private.caller_id_code_sends (phone_number, sent_at desc);
create index caller_id_code_sends_user on private.caller_id_code_sends (user_id, sent_at desc);
revoke all on private.caller_id_code_sends from public, anon, authenticated;
alter table private.caller_id_code_sends enable row level security;

-- Functions --------------------------------------------------------------------------------------

create function private.test_caller_number() returns text
language sql
immutable
set search_path = ''
as $$
  select '+12025550100'
$$;
comment on function private.test_caller_number() is
  'The fictional number a test call shows (555-0100 is reserved for fiction).';
revoke all on function private.test_caller_number() from public, anon, authenticated;

-- The number an account's live call shows: the one asked for while it is active, else the
-- account's default; none when the account has no active number (the attempt is not placed).
-- Local presence (agent_settings.local_presence): a call that names no number shows the account's
-- number in the callee's area code when it has one, as a caller from that area would.
create function private.caller_number(p_user_id uuid, p_requested_id text, p_callee text default null)
returns public.phone_numbers
language sql
stable
set search_path = ''
as $$
  select n.* from public.phone_numbers n
   cross join lateral (
     select coalesce(n.id = p_requested_id, false) as requested,
            p_requested_id is null and p_callee is not null
              and left(n.phone_number, 5) = left(p_callee, 5)
              and coalesce((select s.local_presence from public.agent_settings s
                             where s.user_id = p_user_id), false) as local
   ) chosen
   where n.user_id = p_user_id and n.status = 'active'
     and (chosen.requested or chosen.local or n.is_default)
   order by chosen.requested desc, chosen.local desc, n.is_default desc, n.created_at
   limit 1;
$$;
comment on function private.caller_number(uuid, text, text) is
  'The active number a live call of the account shows: the requested one, else (local presence) one in the callee''s area code, else the default; none when the account has no active number.';
revoke all on function private.caller_number(uuid, text, text) from public, anon, authenticated;
grant execute on function private.caller_number(uuid, text, text) to service_role;

-- The phone a live account verified when it signed up is its caller ID until it adds a number:
-- the number its calls' opening already names for calling back. Only while the account has never
-- had a number active; a number it released is not brought back behind its back.
create function public.caller_id_adoptable(p_user_id uuid) returns text
language sql
stable
security definer
set search_path = ''
as $$
  select k.phone from public.user_kyc k
   where k.user_id = p_user_id and k.phone_verified
     and k.phone ~ '^\+1[2-9][0-9]{2}[2-9][0-9]{6}$'
     and not exists (select 1 from public.phone_numbers n
                      where n.user_id = p_user_id and n.status in ('active', 'released'));
$$;
comment on function public.caller_id_adoptable(uuid) is
  'The verified phone that becomes the account''s caller ID on its first live call, while it has never had a number (null otherwise). Service role only.';
revoke all on function public.caller_id_adoptable(uuid) from public, anon, authenticated;
grant execute on function public.caller_id_adoptable(uuid) to service_role;

-- Why the account may not take one more number now (null: it may), and what a bought one costs.
create function private.phone_number_refusal(p_user_id uuid, p_price_cents integer)
returns jsonb
language plpgsql
stable
set search_path = ''
as $$
declare
  account public.profiles%rowtype;
begin
  select * into account from public.profiles where id = p_user_id;
  if not found or account.closed_at is not null then
    return jsonb_build_object('error', 'account_closed');
  end if;
  if (select count(*) from public.phone_numbers
       where user_id = p_user_id and status <> 'released') >= private.limit_of('phoneNumbersPerAccount') then
    return jsonb_build_object('error', 'too_many_numbers', 'limit', private.limit_of('phoneNumbersPerAccount'));
  end if;
  if p_price_cents > 0 and account.credits - account.credits_held < p_price_cents / 100.0 then
    return jsonb_build_object('error', 'insufficient_credits',
      'required_usd', p_price_cents / 100.0, 'available_usd', account.credits - account.credits_held);
  end if;
  return null;
end;
$$;
revoke all on function private.phone_number_refusal(uuid, integer) from public, anon, authenticated;

create function public.phone_number_can_add(p_user_id uuid, p_source text) returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(private.phone_number_refusal(p_user_id,
    case when p_source = 'purchased' then private.limit_of('phoneNumberMonthlyCents') else 0 end),
    jsonb_build_object('ok', true));
$$;
comment on function public.phone_number_can_add(uuid, text) is
  'Whether the account may take one more number of this source now (asked before the provider is): {ok} or {error}. Service role only.';
revoke all on function public.phone_number_can_add(uuid, text) from public, anon, authenticated;
grant execute on function public.phone_number_can_add(uuid, text) to service_role;

-- A bought or imported number, registered with the provider: active at once, the account's
-- default when it has none, a bought one's first month paid from credits.
create function public.phone_number_add(
  p_user_id uuid, p_id text, p_phone_number text, p_source text, p_provider_id text, p_label text,
  p_inbound_token_hash text default null
) returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  price integer := case when p_source = 'purchased' then private.limit_of('phoneNumberMonthlyCents') else 0 end;
  refusal jsonb;
  added public.phone_numbers%rowtype;
begin
  if p_source not in ('purchased', 'imported') then
    return jsonb_build_object('error', 'invalid_source');
  end if;
  -- One account's number changes run one at a time, with its money.
  perform 1 from public.profiles where id = p_user_id for update;
  refusal := private.phone_number_refusal(p_user_id, price);
  if refusal is not null then
    return refusal;
  end if;
  if exists (select 1 from public.phone_numbers where phone_number = p_phone_number and status = 'active') then
    return jsonb_build_object('error', 'number_taken');
  end if;
  insert into public.phone_numbers (id, user_id, phone_number, source, status, is_default, label,
    provider_phone_number_id, monthly_price_cents, paid_through, verified_at, inbound_token_hash)
  values (p_id, p_user_id, p_phone_number, p_source, 'active',
    not exists (select 1 from public.phone_numbers where user_id = p_user_id and is_default),
    nullif(btrim(p_label), ''), p_provider_id, price,
    case when price > 0 then now() + interval '1 month' end, now(), p_inbound_token_hash)
  returning * into added;
  if price > 0 then
    update public.profiles set credits = credits - price / 100.0 where id = p_user_id;
    insert into public.phone_number_charges (user_id, phone_number_id, amount_cents, period_start, period_end)
    values (p_user_id, added.id, price, now(), added.paid_through);
  end if;
  return to_jsonb(added) - 'provider_phone_number_id' - 'inbound_token_hash';
end;
$$;
comment on function public.phone_number_add(uuid, text, text, text, text, text, text) is
  'Records a number bought or imported at the provider: active, default when the account has none, a bought one''s first month charged. Service role only.';
revoke all on function public.phone_number_add(uuid, text, text, text, text, text, text) from public, anon, authenticated;
grant execute on function public.phone_number_add(uuid, text, text, text, text, text, text) to service_role;

-- A caller ID to verify: a pending number (new, or the account's pending one for the same digits)
-- and a fresh 6-digit code for it, returned once to be sent; only its hash is kept.
create function public.caller_id_code_issue(p_user_id uuid, p_id text, p_phone_number text, p_label text)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  code text := lpad(((('x' || encode(extensions.gen_random_bytes(4), 'hex'))::bit(32)::bigint) % 1000000)::text, 6, '0');
  pending public.phone_numbers%rowtype;
  refusal jsonb;
  -- The phone the account verified when it signed up was proven by a code already: no second one.
  own_phone boolean := exists (select 1 from public.user_kyc
                                where user_id = p_user_id and phone_verified and phone = p_phone_number);
begin
  perform 1 from public.profiles where id = p_user_id for update;
  if exists (select 1 from public.phone_numbers
              where phone_number = p_phone_number and status = 'active') then
    return jsonb_build_object('error', 'number_taken');
  end if;
  if not own_phone and (select count(*) from private.caller_id_code_sends
       where phone_number = p_phone_number and sent_at > now() - interval '1 hour')
     >= private.limit_of('callerIdCodeSendsPerHour') then
    return jsonb_build_object('error', 'too_many_sends');
  end if;
  select * into pending from public.phone_numbers
   where user_id = p_user_id and phone_number = p_phone_number and status = 'pending_verification';
  if not found then
    refusal := private.phone_number_refusal(p_user_id, 0);
    if refusal is not null then
      return refusal;
    end if;
    insert into public.phone_numbers (id, user_id, phone_number, source, status, label, verified_at)
    values (p_id, p_user_id, p_phone_number, 'verified', 'pending_verification',
      nullif(btrim(p_label), ''), case when own_phone then now() end)
    returning * into pending;
  elsif own_phone and pending.verified_at is not null and pending.updated_at > now() - interval '30 seconds' then
    -- Another request of the account is registering it with the provider right now.
    return jsonb_build_object('error', 'registering');
  elsif own_phone then
    update public.phone_numbers set verified_at = coalesce(verified_at, now())
     where id = pending.id returning * into pending;
  end if;
  if own_phone then
    return jsonb_build_object('number', to_jsonb(pending) - 'provider_phone_number_id' - 'inbound_token_hash',
      'verified', true);
  end if;
  insert into private.caller_id_codes (phone_number_id, code_hash, expires_at)
  values (pending.id, encode(extensions.digest(pending.id || ':' || code, 'sha256'), 'hex'),
    now() + make_interval(mins => private.limit_of('callerIdCodeMinutes')))
  on conflict (phone_number_id) do update
    set code_hash = excluded.code_hash, checks = 0, expires_at = excluded.expires_at;
  insert into private.caller_id_code_sends (user_id, phone_number) values (p_user_id, p_phone_number);
  return jsonb_build_object('number', to_jsonb(pending) - 'provider_phone_number_id' - 'inbound_token_hash', 'code', code);
end;
$$;
comment on function public.caller_id_code_issue(uuid, text, text, text) is
  'Starts (or restarts) verifying a caller ID: the pending number and a new code to send, or {verified: true} for the account''s own verified phone. Service role only.';
revoke all on function public.caller_id_code_issue(uuid, text, text, text) from public, anon, authenticated;
grant execute on function public.caller_id_code_issue(uuid, text, text, text) to service_role;

-- Checks a caller ID's code: {ok} (the code is used up; the number is verified, to be registered
-- with the provider), or {error: not_found | wrong_code | code_expired | too_many_checks}.
create function public.caller_id_code_check(p_user_id uuid, p_id text, p_code text) returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  pending public.phone_numbers%rowtype;
  live private.caller_id_codes%rowtype;
begin
  select * into pending from public.phone_numbers
   where id = p_id and user_id = p_user_id and status = 'pending_verification' for update;
  if not found then
    return jsonb_build_object('error', 'not_found');
  end if;
  -- Verified already, its registration with the provider not finished: no code needed again.
  if pending.verified_at is not null then
    return jsonb_build_object('ok', true, 'phone_number', pending.phone_number);
  end if;
  select * into live from private.caller_id_codes where phone_number_id = p_id for update;
  if not found or live.expires_at < now() then
    return jsonb_build_object('error', 'code_expired');
  end if;
  if live.checks >= private.limit_of('callerIdCodeChecks') then
    return jsonb_build_object('error', 'too_many_checks');
  end if;
  if live.code_hash <> encode(extensions.digest(p_id || ':' || coalesce(p_code, ''), 'sha256'), 'hex') then
    update private.caller_id_codes set checks = checks + 1 where phone_number_id = p_id;
    return jsonb_build_object('error', 'wrong_code',
      'checks_left', private.limit_of('callerIdCodeChecks') - live.checks - 1);
  end if;
  delete from private.caller_id_codes where phone_number_id = p_id;
  update public.phone_numbers set verified_at = now() where id = p_id;
  return jsonb_build_object('ok', true, 'phone_number', pending.phone_number);
end;
$$;
comment on function public.caller_id_code_check(uuid, text, text) is
  'Checks the code of a caller ID being verified (callerIdCodeChecks tries). Service role only.';
revoke all on function public.caller_id_code_check(uuid, text, text) from public, anon, authenticated;
grant execute on function public.caller_id_code_check(uuid, text, text) to service_role;

-- A verified caller ID registered with the provider: active, default when the account has none.
create function public.caller_id_activate(p_user_id uuid, p_id text, p_provider_id text) returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  activated public.phone_numbers%rowtype;
begin
  perform 1 from public.profiles where id = p_user_id for update;
  select * into activated from public.phone_numbers
   where id = p_id and user_id = p_user_id and status = 'pending_verification'
     and verified_at is not null for update;
  if not found then
    return jsonb_build_object('error', 'not_found');
  end if;
  if exists (select 1 from public.phone_numbers
              where phone_number = activated.phone_number and status = 'active') then
    return jsonb_build_object('error', 'number_taken');
  end if;
  update public.phone_numbers
     set status = 'active', provider_phone_number_id = p_provider_id,
         is_default = not exists (select 1 from public.phone_numbers where user_id = p_user_id and is_default)
   where id = p_id
  returning * into activated;
  return to_jsonb(activated) - 'provider_phone_number_id' - 'inbound_token_hash';
end;
$$;
comment on function public.caller_id_activate(uuid, text, text) is
  'Activates a verified caller ID once the provider has it. Service role only.';
revoke all on function public.caller_id_activate(uuid, text, text) from public, anon, authenticated;
grant execute on function public.caller_id_activate(uuid, text, text) to service_role;

create function public.phone_number_set_default(p_user_id uuid, p_id text) returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  chosen public.phone_numbers%rowtype;
begin
  perform 1 from public.profiles where id = p_user_id for update;
  select * into chosen from public.phone_numbers
   where id = p_id and user_id = p_user_id and status = 'active';
  if not found then
    return jsonb_build_object('error', 'not_found');
  end if;
  update public.phone_numbers set is_default = false where user_id = p_user_id and is_default and id <> p_id;
  update public.phone_numbers set is_default = true where id = p_id returning * into chosen;
  return to_jsonb(chosen) - 'provider_phone_number_id' - 'inbound_token_hash';
end;
$$;
comment on function public.phone_number_set_default(uuid, text) is
  'Makes an active number the account''s default. Service role only.';
revoke all on function public.phone_number_set_default(uuid, text) from public, anon, authenticated;
grant execute on function public.phone_number_set_default(uuid, text) to service_role;

-- Releasing a number stops its use at once (every attempt resolves its number as it begins); the
-- oldest other active number becomes the default. Returns the provider's id to let go of there.
create function public.phone_number_release(p_user_id uuid, p_id text) returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  released public.phone_numbers%rowtype;
  provider_id text;
begin
  perform 1 from public.profiles where id = p_user_id for update;
  select provider_phone_number_id into provider_id from public.phone_numbers
   where id = p_id and user_id = p_user_id and status <> 'released';
  if not found then
    return jsonb_build_object('error', 'not_found');
  end if;
  update public.phone_numbers
     set status = 'released', is_default = false, released_at = now()
   where id = p_id
  returning * into released;
  delete from private.caller_id_codes where phone_number_id = p_id;
  if not exists (select 1 from public.phone_numbers where user_id = p_user_id and is_default) then
    update public.phone_numbers set is_default = true
     where id = (select id from public.phone_numbers
                  where user_id = p_user_id and status = 'active' order by created_at limit 1);
  end if;
  return jsonb_build_object('number', to_jsonb(released) - 'provider_phone_number_id' - 'inbound_token_hash',
    'provider_phone_number_id', provider_id);
end;
$$;
comment on function public.phone_number_release(uuid, text) is
  'Releases an account''s number (no call uses it from now on); returns the provider id to release there. Service role only.';
revoke all on function public.phone_number_release(uuid, text) from public, anon, authenticated;
grant execute on function public.phone_number_release(uuid, text) to service_role;

-- A bought number is paid a month at a time, ahead. When its month ends the next one is paid
-- from the account's available credits; while they cannot pay it the number is kept
-- phoneNumberGraceDays more (tried again every run), then released, as it is at once when the
-- account was closed. Each account's lock is taken before its number's, as every other writer
-- does. Returns how many were renewed and the released ones' provider ids, to let go of there.
create function public.phone_numbers_renew(p_now timestamptz, p_limit integer) returns jsonb
language plpgsql
set search_path = ''
as $$
declare
  candidate record;
  due public.phone_numbers%rowtype;
  account public.profiles%rowtype;
  renewed integer := 0;
  released jsonb := '[]'::jsonb;
begin
  for candidate in
    select id, user_id from public.phone_numbers
     where status = 'active' and source = 'purchased' and paid_through <= p_now
     order by paid_through
     limit p_limit
  loop
    select * into account from public.profiles where id = candidate.user_id for update;
    select * into due from public.phone_numbers
     where id = candidate.id and status = 'active' and paid_through <= p_now for update;
    continue when not found;
    if account.closed_at is null
       and account.credits - account.credits_held >= due.monthly_price_cents / 100.0 then
      update public.profiles set credits = credits - due.monthly_price_cents / 100.0
       where id = due.user_id;
      insert into public.phone_number_charges (user_id, phone_number_id, amount_cents, period_start, period_end)
      values (due.user_id, due.id, due.monthly_price_cents, due.paid_through, due.paid_through + interval '1 month');
      update public.phone_numbers set paid_through = paid_through + interval '1 month' where id = due.id;
      renewed := renewed + 1;
    elsif account.closed_at is not null
       or due.paid_through + make_interval(days => private.limit_of('phoneNumberGraceDays')) <= p_now then
      perform public.phone_number_release(due.user_id, due.id);
      released := released || jsonb_build_object('id', due.id, 'user_id', due.user_id,
        'provider_phone_number_id', due.provider_phone_number_id);
    end if;
  end loop;
  return jsonb_build_object('renewed', renewed, 'released', released);
end;
$$;
comment on function public.phone_numbers_renew(timestamptz, integer) is
  'The dispatcher''s monthly renewal of bought numbers: pays the next month from credits, or releases a number unpaid past its grace days (or of a closed account).';
revoke all on function public.phone_numbers_renew(timestamptz, integer) from public, anon, authenticated;
grant execute on function public.phone_numbers_renew(timestamptz, integer) to service_role;

-- The account's agent for calls to one of its numbers (null: the default one). The mandatory
-- greeting and the opt-out open every call whatever it says.
create function public.phone_number_set_inbound(p_user_id uuid, p_id text, p_agent jsonb) returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  changed public.phone_numbers%rowtype;
begin
  update public.phone_numbers set inbound_agent = p_agent
   where id = p_id and user_id = p_user_id and status <> 'released'
  returning * into changed;
  if not found then
    return jsonb_build_object('error', 'not_found');
  end if;
  return to_jsonb(changed) - 'provider_phone_number_id' - 'inbound_token_hash';
end;
$$;
comment on function public.phone_number_set_inbound(uuid, text, jsonb) is
  'Sets (or clears, with null) the agent that answers calls to an account''s number. Service role only.';
revoke all on function public.phone_number_set_inbound(uuid, text, jsonb) from public, anon, authenticated;
grant execute on function public.phone_number_set_inbound(uuid, text, jsonb) to service_role;
