-- Phone verification with our own codes (docs/decisions/0011): a 5-digit code per account and
-- number, stored only as a hash, sent by the functions through Twilio's Messages API, valid 10
-- minutes, 5 checks. Twilio Verify keeps one verification per number, so another account's sends
-- and wrong checks reached the owner's code; here nothing one account does touches another's.
-- Limits, all per account, so nobody can use them to lock another account out:
--   * 5 codes per number in any 10 minutes, and 10 in all;
--   * codes to at most 5 distinct numbers in any 24 hours (what one account can cost us in SMS).
-- A number verified on one account cannot be verified on another (user_kyc_verified_phone_unique).
-- Only the service role (the send_verification_code and check_verification_code functions) calls
-- these; nothing here is exposed to users.

-- Tables -----------------------------------------------------------------------------------------

create table private.phone_verifications (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  phone text not null
    constraint phone_verifications_phone_e164 check (phone ~ '^\+[1-9][0-9]{6,14}$'),
  status text not null default 'pending'
    constraint phone_verifications_status_valid check (status in ('pending', 'approved', 'dead')),
  check_attempts integer not null default 0
    constraint phone_verifications_check_attempts_range check (check_attempts between 0 and 5),
  send_count integer not null default 1,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null default now() + interval '10 minutes',
  code_hash text,
  sent_at timestamptz
);
comment on table private.phone_verifications is
  'One row per one-time code sent (resends within its life reuse it, as Twilio Verify does).';
comment on column private.phone_verifications.code_hash is
  'SHA-256 (hex) of the verification''s id and its code; the code itself is never stored.';
comment on column private.phone_verifications.sent_at is
  'When the code was handed to Twilio; a code whose send failed is dead.';
create index phone_verifications_user_phone on private.phone_verifications (user_id, phone, created_at desc);

-- The retention pass deletes by age.
create index phone_verifications_created on private.phone_verifications (created_at);
revoke all on private.phone_verifications from public, anon, authenticated;

-- RLS on, no policies: only the table owner (the security-definer functions below) reaches them.
alter table private.phone_verifications enable row level security;

create table private.phone_verification_sends (
  id bigint generated always as identity primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  phone text not null,
  sent_at timestamptz not null default now(),
  verification_id uuid references private.phone_verifications (id) on delete cascade
);
revoke all on private.phone_verification_sends from public, anon, authenticated;
comment on table private.phone_verification_sends is 'Every code send, for the per-number and per-account send limits.';
create index phone_verification_sends_phone on private.phone_verification_sends (phone, sent_at desc);
create index phone_verification_sends_user on private.phone_verification_sends (user_id, sent_at desc);
create index phone_verification_sends_user_phone
  on private.phone_verification_sends (user_id, phone, sent_at desc);

-- The retention pass deletes by age.
create index phone_verification_sends_sent on private.phone_verification_sends (sent_at);
alter table private.phone_verification_sends enable row level security;

-- Functions --------------------------------------------------------------------------------------

create function private.phone_verification_code_hash(p_verification_id uuid, p_code text)
returns text
language sql
immutable
set search_path = ''
as $$
  select encode(extensions.digest(p_verification_id::text || ':' || p_code, 'sha256'), 'hex');
$$;
revoke all on function private.phone_verification_code_hash(uuid, text) from public, anon, authenticated;

create function public.issue_phone_verification_code(p_user_id uuid, p_phone text) returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  -- 32 random bits from pgcrypto, reduced to 5 digits (the bias of 2^32 mod 100000 is negligible).
  code text := lpad(((('x' || encode(extensions.gen_random_bytes(4), 'hex'))::bit(32)::bigint) % 100000)::text, 5, '0');
  verification_id uuid;
  numbers_today integer;
begin
  if p_user_id is null or p_phone is null or p_phone !~ '^\+[1-9][0-9]{6,14}$' then
    return jsonb_build_object('outcome', 'invalid_phone');
  end if;
  -- One account's sends run one at a time, so concurrent requests cannot slip past its limits.
  perform pg_advisory_xact_lock(hashtext('phone_verification_account:' || p_user_id::text));

  if not exists (select 1 from public.user_kyc where user_id = p_user_id) then
    return jsonb_build_object('outcome', 'kyc_required');
  end if;
  if exists (
    select 1 from public.user_kyc
     where phone = p_phone and phone_verified and user_id <> p_user_id
  ) then
    return jsonb_build_object('outcome', 'phone_taken');
  end if;
  if (select count(*) from private.phone_verification_sends
       where user_id = p_user_id and phone = p_phone and sent_at > now() - interval '10 minutes') >= 5
     or (select count(*) from private.phone_verification_sends
       where user_id = p_user_id and sent_at > now() - interval '10 minutes') >= 10 then
    return jsonb_build_object('outcome', 'too_many_sends');
  end if;
  select count(distinct phone) into numbers_today
    from private.phone_verification_sends
   where user_id = p_user_id and sent_at > now() - interval '24 hours' and phone <> p_phone;
  if numbers_today >= 5 then
    return jsonb_build_object('outcome', 'too_many_numbers');
  end if;

  -- A new code replaces the account's pending one for this number: only the latest works.
  update private.phone_verifications
     set status = 'dead'
   where user_id = p_user_id and phone = p_phone and status = 'pending';
  insert into private.phone_verifications (user_id, phone) values (p_user_id, p_phone)
  returning id into verification_id;
  update private.phone_verifications
     set code_hash = private.phone_verification_code_hash(verification_id, code)
   where id = verification_id;
  insert into private.phone_verification_sends (user_id, phone, verification_id)
  values (p_user_id, p_phone, verification_id);
  return jsonb_build_object('outcome', 'ok', 'verification_id', verification_id, 'code', code);
end;
$$;
comment on function public.issue_phone_verification_code(uuid, text) is
  'Counts a send and creates a new 5-digit code for the user and number: {outcome: ok, verification_id, code}, or {outcome: invalid_phone | kyc_required | phone_taken | too_many_sends | too_many_numbers}. Service role only.';
revoke all on function public.issue_phone_verification_code(uuid, text) from public, anon, authenticated;
grant execute on function public.issue_phone_verification_code(uuid, text) to service_role;

create function public.settle_phone_verification_send(p_verification_id uuid, p_sent boolean)
returns text
language plpgsql
security definer
set search_path = ''
as $$
begin
  if p_sent then
    update private.phone_verifications set sent_at = now() where id = p_verification_id;
    return 'sent';
  end if;
  -- Twilio did not take the message: the code is dead and the send does not count.
  update private.phone_verifications set status = 'dead' where id = p_verification_id;
  delete from private.phone_verification_sends where verification_id = p_verification_id;
  return 'voided';
end;
$$;
comment on function public.settle_phone_verification_send(uuid, boolean) is
  'After handing a code to Twilio: marks it sent, or (send failed) kills it and uncounts the send. Service role only.';
revoke all on function public.settle_phone_verification_send(uuid, boolean) from public, anon, authenticated;
grant execute on function public.settle_phone_verification_send(uuid, boolean) to service_role;

create function public.check_phone_verification_code(p_user_id uuid, p_phone text, p_code text)
returns text
language plpgsql
security definer
set search_path = ''
as $$
declare
  current_code private.phone_verifications;
  completed text;
begin
  select * into current_code
    from private.phone_verifications
   where user_id = p_user_id and phone = p_phone and sent_at is not null
   order by created_at desc
   limit 1
   for update;
  if not found or current_code.status = 'approved' then
    return 'no_code';
  end if;
  if current_code.status = 'dead' or current_code.check_attempts >= 5 then
    update private.phone_verifications set status = 'dead' where id = current_code.id;
    return 'too_many_attempts';
  end if;
  if current_code.expires_at <= now() then
    return 'expired';
  end if;
  update private.phone_verifications
     set check_attempts = check_attempts + 1
   where id = current_code.id;
  if p_code is null or p_code !~ '^[0-9]{5}$'
     or private.phone_verification_code_hash(current_code.id, p_code) <> current_code.code_hash then
    return 'incorrect';
  end if;
  completed := public.complete_phone_verification(p_user_id, p_phone);
  return case when completed = 'ok' then 'verified' else completed end;
end;
$$;
comment on function public.check_phone_verification_code(uuid, text, text) is
  'Checks a code against the user''s latest code for the number (5 checks, 10 minutes): verified (and the phone is written on the KYC row), incorrect, no_code, expired, too_many_attempts, phone_taken or kyc_required. Service role only.';
revoke all on function public.check_phone_verification_code(uuid, text, text) from public, anon, authenticated;
grant execute on function public.check_phone_verification_code(uuid, text, text) to service_role;

create function public.complete_phone_verification(p_user_id uuid, p_phone text) returns text
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform pg_advisory_xact_lock(hashtext('phone_verification:' || p_phone));
  if exists (
    select 1 from public.user_kyc
     where phone = p_phone and phone_verified and user_id <> p_user_id
  ) then
    return 'phone_taken';
  end if;
  update public.user_kyc set phone = p_phone, phone_verified = true where user_id = p_user_id;
  if not found then
    return 'kyc_required';
  end if;
  update private.phone_verifications
     set status = 'approved'
   where user_id = p_user_id and phone = p_phone and status = 'pending';
  return 'ok';
end;
$$;
comment on function public.complete_phone_verification(uuid, text) is
  'After Twilio approved a code: writes phone and phone_verified on the user''s KYC row. Service role only.';
revoke all on function public.complete_phone_verification(uuid, text) from public, anon, authenticated;
grant execute on function public.complete_phone_verification(uuid, text) to service_role;
