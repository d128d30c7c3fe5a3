-- Phone verification: the send_verification_code and
-- check_verification_code functions send and check one-time codes through Twilio Verify, and keep
-- their own counters here so the limits hold whatever the client (or Twilio) does:
--   * at most 5 sends per number, and 10 per account, in any 10 minutes;
--   * a code ("verification") lives 10 minutes and allows 5 checks; after that it is dead and
--     even the right code is refused;
--   * a number verified on one account cannot be verified on another.
-- Only the service role (the functions) calls these; nothing here is exposed to users.

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
  expires_at timestamptz not null default now() + interval '10 minutes'
);
comment on table private.phone_verifications is
  'One row per one-time code sent (resends within its life reuse it, as Twilio Verify does).';
create index phone_verifications_user_phone on private.phone_verifications (user_id, phone, created_at desc);

create table private.phone_verification_sends (
  id bigint generated always as identity primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  phone text not null,
  sent_at timestamptz not null default now()
);
comment on table private.phone_verification_sends is 'Every code send, for the per-number and per-account send limits.';
create index phone_verification_sends_phone on private.phone_verification_sends (phone, sent_at desc);
create index phone_verification_sends_user on private.phone_verification_sends (user_id, sent_at desc);

-- A number is verified on one account at most.
create unique index user_kyc_verified_phone_unique on public.user_kyc (phone) where phone_verified;

-- Functions --------------------------------------------------------------------------------------

create function public.begin_phone_verification_send(p_user_id uuid, p_phone text) returns text
language plpgsql
security definer
set search_path = ''
as $$
declare
  current_code private.phone_verifications;
begin
  if p_user_id is null or p_phone is null or p_phone !~ '^\+[1-9][0-9]{6,14}$' then
    return 'invalid_phone';
  end if;
  -- Serialise sends to one number, so concurrent requests cannot slip past the limit.
  perform pg_advisory_xact_lock(hashtext('phone_verification:' || p_phone));

  if not exists (select 1 from public.user_kyc where user_id = p_user_id) then
    return 'kyc_required';
  end if;
  if exists (
    select 1 from public.user_kyc
     where phone = p_phone and phone_verified and user_id <> p_user_id
  ) then
    return 'phone_taken';
  end if;
  if (select count(*) from private.phone_verification_sends
       where phone = p_phone and sent_at > now() - interval '10 minutes') >= 5
     or (select count(*) from private.phone_verification_sends
       where user_id = p_user_id and sent_at > now() - interval '10 minutes') >= 10 then
    return 'too_many_sends';
  end if;

  insert into private.phone_verification_sends (user_id, phone) values (p_user_id, p_phone);

  select * into current_code
    from private.phone_verifications
   where user_id = p_user_id and phone = p_phone
   order by created_at desc
   limit 1
   for update;
  if found and current_code.status = 'pending' and current_code.expires_at > now()
     and current_code.check_attempts < 5 then
    update private.phone_verifications set send_count = send_count + 1 where id = current_code.id;
  else
    insert into private.phone_verifications (user_id, phone) values (p_user_id, p_phone);
  end if;
  return 'ok';
end;
$$;
comment on function public.begin_phone_verification_send(uuid, text) is
  'Counts a code send for the user and number: ok, invalid_phone, kyc_required, phone_taken or too_many_sends. Service role only.';

create function public.begin_phone_verification_check(p_user_id uuid, p_phone text) returns text
language plpgsql
security definer
set search_path = ''
as $$
declare
  current_code private.phone_verifications;
begin
  select * into current_code
    from private.phone_verifications
   where user_id = p_user_id and phone = p_phone
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
  -- The fifth check is the code's last: if it is wrong, the caller cancels the verification at
  -- Twilio, whose own 5-check limit would otherwise hold the next code to the same number.
  if current_code.check_attempts + 1 >= 5 then
    return 'last_check';
  end if;
  return 'ok';
end;
$$;
comment on function public.begin_phone_verification_check(uuid, text) is
  'Counts a code check: ok, last_check (the fifth), no_code, expired or too_many_attempts (5 checks per code). Service role only.';

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

-- Grants -----------------------------------------------------------------------------------------

revoke all on private.phone_verifications, private.phone_verification_sends from public, anon, authenticated;

revoke all on function public.begin_phone_verification_send(uuid, text) from public, anon, authenticated;
revoke all on function public.begin_phone_verification_check(uuid, text) from public, anon, authenticated;
revoke all on function public.complete_phone_verification(uuid, text) from public, anon, authenticated;
grant execute on function public.begin_phone_verification_send(uuid, text) to service_role;
grant execute on function public.begin_phone_verification_check(uuid, text) to service_role;
grant execute on function public.complete_phone_verification(uuid, text) to service_role;

-- Policies ---------------------------------------------------------------------------------------

-- RLS on, no policies: only the table owner (the security-definer functions above) reaches them.
alter table private.phone_verifications enable row level security;
alter table private.phone_verification_sends enable row level security;
