-- Phone verification with our own codes (docs/decisions/0011): a 5-digit code per account and
-- number, stored only as a hash, sent by the functions through Twilio's Messages API, valid 10
-- minutes, 5 checks. Twilio Verify keeps one verification per number, so another account's sends
-- and wrong checks reached the owner's code; here nothing one account does touches another's.
-- Limits, all per account, so nobody can use them to lock another account out:
--   * 5 codes per number in any 10 minutes, and 10 in all;
--   * codes to at most 5 distinct numbers in any 24 hours (what one account can cost us in SMS).
-- Only the service role (the send_verification_code and check_verification_code functions) calls
-- these; nothing here is exposed to users.

-- Tables -----------------------------------------------------------------------------------------

alter table private.phone_verifications
  add column code_hash text,
  add column sent_at timestamptz;
comment on column private.phone_verifications.code_hash is
  'SHA-256 (hex) of the verification''s id and its code; the code itself is never stored.';
comment on column private.phone_verifications.sent_at is
  'When the code was handed to Twilio; a code whose send failed is dead.';

alter table private.phone_verification_sends
  add column verification_id uuid references private.phone_verifications (id) on delete cascade;

create index phone_verification_sends_user_phone
  on private.phone_verification_sends (user_id, phone, sent_at desc);

-- The per-number limit counted every account together (any account could lock an owner out);
-- it is per account and number now.
drop function public.begin_phone_verification_send(uuid, text);
drop function public.begin_phone_verification_check(uuid, text);

-- Functions --------------------------------------------------------------------------------------

create function private.phone_verification_code_hash(p_verification_id uuid, p_code text)
returns text
language sql
immutable
set search_path = ''
as $$
  select encode(extensions.digest(p_verification_id::text || ':' || p_code, 'sha256'), 'hex');
$$;

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

-- Grants -----------------------------------------------------------------------------------------

revoke all on function private.phone_verification_code_hash(uuid, text) from public, anon, authenticated;
revoke all on function public.issue_phone_verification_code(uuid, text) from public, anon, authenticated;
revoke all on function public.settle_phone_verification_send(uuid, boolean) from public, anon, authenticated;
revoke all on function public.check_phone_verification_code(uuid, text, text) from public, anon, authenticated;
grant execute on function public.issue_phone_verification_code(uuid, text) to service_role;
grant execute on function public.settle_phone_verification_send(uuid, boolean) to service_role;
grant execute on function public.check_phone_verification_code(uuid, text, text) to service_role;
