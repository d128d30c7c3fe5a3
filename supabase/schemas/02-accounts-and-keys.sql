-- Accounts and keys: the profile every user gets (balance, free minutes, closing), the KYC record
-- and its review, the phone-agent defaults, and the API keys the call API authenticates with.

-- Profiles ---------------------------------------------------------------------------------------
-- One row per user, created with the user, holding the prepaid balance. Users read their own
-- profile; the balance is written only by the service role and by security-definer functions
-- (payments, call settlement), never by the browser.

-- The money columns follow docs/product-rules.md#holds-and-settlement: the first 100 minutes of an
-- account are free, then 1 cent a minute from prepaid credits; accepting a task holds its cost (or
-- reserves free minutes), and settlement runs under this row's lock, so credits never go negative.
create table public.profiles (
  id uuid primary key references auth.users (id) on delete cascade,
  credits numeric(12, 2) not null default 0
    constraint profiles_credits_not_negative check (credits >= 0),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  free_minutes_used integer not null default 0
    constraint profiles_free_minutes_used_range check (free_minutes_used between 0 and 100),
  free_minutes_reserved integer not null default 0
    constraint profiles_free_minutes_reserved_not_negative check (free_minutes_reserved >= 0),
  credits_held numeric(12, 2) not null default 0
    constraint profiles_credits_held_not_negative check (credits_held >= 0),
  available_credits numeric(12, 2) generated always as (credits - credits_held) stored,
  closed_at timestamptz,
  free_minutes_withheld integer not null default 0
    constraint profiles_free_minutes_withheld_range check (free_minutes_withheld between 0 and 100),
  constraint profiles_held_within_credits check (credits_held <= credits),
  constraint profiles_free_minutes_within_allowance check (free_minutes_used + free_minutes_reserved <= 100)
);
comment on table public.profiles is 'One row per user, created by a trigger on auth.users.';
comment on column public.profiles.credits is 'Prepaid balance in US dollars (1 dollar = 1 credit).';
comment on column public.profiles.free_minutes_used is
  'Free minutes spent of the 100 every account gets, plus those withheld (free_minutes_withheld).';
comment on column public.profiles.free_minutes_reserved is 'Free minutes reserved by tasks that have not ended.';
comment on column public.profiles.credits_held is 'Credits held by tasks that have not ended (docs/product-rules.md#holds-and-settlement).';
comment on column public.profiles.available_credits is 'What the balance bar shows: credits minus holds.';
comment on column public.profiles.closed_at is
  'When the owner closed the account: sign-in, keys, calls and webhooks stopped at once; data erased on the retention schedule.';
comment on column public.profiles.free_minutes_withheld is
  'Free minutes not granted because the e-mail or the verified phone already had them on a closed account; counted in free_minutes_used.';

create function private.create_profile_for_new_user() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  insert into public.profiles (id) values (new.id) on conflict (id) do nothing;
  return new;
end;
$$;
-- Described on the function: auth.users belongs to supabase_auth_admin on hosted projects, so a
-- migration may create a trigger on it but not comment on (or alter, or drop) one.
comment on function private.create_profile_for_new_user() is
  'Trigger on_auth_user_created (after insert on auth.users): gives every new auth user a profile.';

create trigger on_auth_user_created
  after insert on auth.users
  for each row execute function private.create_profile_for_new_user();

create trigger profiles_set_updated_at
  before update on public.profiles
  for each row execute function private.set_updated_at();
comment on trigger profiles_set_updated_at on public.profiles is 'Keeps updated_at current.';

revoke all on public.profiles from public, anon, authenticated;
grant select on public.profiles to authenticated;
grant all on public.profiles to service_role;

alter table public.profiles enable row level security;

create policy "Users can read their own profile"
  on public.profiles for select
  to authenticated
  using (id = (select auth.uid()));

-- KYC --------------------------------------------------------------------------------------------
-- One row per user with the business details and the phone verification state. The owner submits
-- their details, which always puts the record back to 'pending' review, and may resubmit only
-- until it is reviewed; the verified phone and any other status are written only by the service
-- role (the phone verification functions and the review process).

-- No foreign key to auth.users: the KYC record outlives the auth user for the record retention
-- (docs/product-rules.md, retention and account closing).
create table public.user_kyc (
  user_id uuid primary key,
  business_type text not null
    constraint user_kyc_business_type_valid check (business_type in ('business', 'individual_developer')),
  legal_name text not null
    constraint user_kyc_legal_name_length check (length(btrim(legal_name)) between 1 and 200),
  address text not null
    constraint user_kyc_address_length check (length(btrim(address)) between 1 and 500),
  use_case text not null
    constraint user_kyc_use_case_length check (length(btrim(use_case)) between 1 and 2000),
  kyc_status text not null default 'pending'
    constraint user_kyc_status_valid check (kyc_status in ('pending', 'incomplete', 'complete', 'rejected')),
  phone text
    constraint user_kyc_phone_e164 check (phone is null or phone ~ '^\+[1-9][0-9]{6,14}$'),
  phone_verified boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
comment on table public.user_kyc is 'Identity (KYC) details and phone verification, one row per user.';
comment on column public.user_kyc.kyc_status is 'pending (submitted), incomplete, complete or rejected; users can only submit (pending).';
comment on column public.user_kyc.phone is 'The verified phone in E.164 form; written by the verification function.';
comment on column public.user_kyc.phone_verified is 'True once a one-time code sent to phone was confirmed; service role only.';

-- The business name calls speak is the KYC legal name, which its owner may edit at any time, so
-- every write of it is held to what a name is (contract/business-name.ts says the same for the
-- form and for the functions, which check a name again before speaking it): one line of visible
-- characters, no punctuation a name does not need, at most 16 words, nothing that says what the
-- caller is or instructs the agent, and no government agency or public body unless our support
-- (the service role) wrote it after review.
create function private.business_name_problem(p_name text, p_public_bodies boolean default true)
returns text
language plpgsql
immutable
set search_path = ''
as $$
declare
  name text := btrim(normalize(p_name, NFKC));
  plain text;
begin
  if name = '' then
    return 'Enter legal name.';
  end if;
  if char_length(name) > 200 then
    return 'Keep the legal name under 200 characters.';
  end if;
  if name ~ '[\u0001-\u001f\u007f-\u009f\u00ad\u061c\u180e\u200b-\u200f\u2028-\u202e\u2060-\u206f\ufeff]' then
    return 'The legal name must be one line of visible characters (no line breaks or hidden characters).';
  end if;
  if name ~ '[]["#$%*:;<=>?@^_`{|}~\\]' then
    return 'The legal name may hold letters, digits, spaces and & . , '' - ( ) / + ! only: calls speak it as it is.';
  end if;
  if array_length(regexp_split_to_array(name, '\s+'), 1) > 16 then
    return 'The legal name may be at most 16 words: calls speak it as it is.';
  end if;
  -- Read as a screen-dodger writes: look-alike letters of other scripts as Latin, accents and
  -- case folded, curly apostrophes straightened.
  plain := lower(regexp_replace(normalize(translate(name,
      'аеорсухіјѕһԁɑονυικτραεημАВЕКМНОРСТХІΑΒΕΙΚΜΝΟΡΤΥΧ’‘ʼ',
      'aeopcyxijshdaovuiktpaenmabekmhopctxiabeikmnoptyx'''''''), NFD), '[\u0300-\u036f]', '', 'g'));
  if plain ~ any (
    array[
      '\y(?:not|never|no longer|isn''t|is not)\s+(?:an?\s+)?(?:ai|a\.i\.?|bot|robot|machine|computer|recording|automated|assistant)\y',
      '\y(?:real|actual|live)\s+(?:person|human|people|caller)\y',
      '\y(?:i am|i''m|im|this is|we are|we''re)\s+(?:an?\s+)?(?:real\s+)?(?:human|person|people)\y',
      '\y(?:if|when)\s+(?:anyone|someone|somebody|they|asked|you''re|you are)\y',
      '\y(?:ignore|disregard|override|pretend|roleplay|role-play|role play)\y',
      '\yyou\s+(?:must|should|shall|will|are now|are not|are a|are an)\y'
    ]
  ) then
    return 'The legal name must be a name only: calls speak it in their opening, so it may not say what the caller is or instruct the agent.';
  end if;
  if p_public_bodies and plain ~ any (
    array[
      '\y(?:federal|government|gov''t|govt)\y',
      '\y(?:fbi|irs|cia|dea|atf|fema|uscis|usps|ftc|fcc|dhs|doj|hhs|nsa)\y',
      '\y(?:internal revenue|social security|medicare|medicaid|homeland security|secret service|postal service|white house|veterans affairs|border patrol|customs and border|immigration and customs|citizenship and immigration|drug enforcement|attorney general|district attorney|trade commission|communications commission|national guard|air force|coast guard|marine corps)\y',
      '\y(?:department|dept\.?|ministry|bureau) of\y',
      '\y(?:state|county|city|commonwealth) of\y',
      '\y(?:police|sheriff|sheriff''s|courthouse|embassy|consulate|army|navy)\y',
      '\y(?:supreme|superior|district|county|federal|municipal|family|traffic) court\y',
      '\y(?:united states|u\.s\.a?\.?|us)\s+(?:government|department|treasury|army|navy|marshals?|congress|senate)\y'
    ]
  ) then
    return 'This name reads as a government agency or public body, and calls may not appear to come from one. If it is your legal name, contact support to have it reviewed.';
  end if;
  return null;
end;
$$;
comment on function private.business_name_problem(text, boolean) is
  'Why a legal name cannot be the business name calls speak (contract/business-name.ts), or null.';
revoke all on function private.business_name_problem(text, boolean) from public, anon, authenticated;

-- Security definer to call the private rule; who wrote is the request's role: a user's session
-- (authenticated) gets every rule, our support (the service role, or an operator's direct
-- connection, which has no request role) may write a reviewed public body's name.
create function private.check_business_name() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  problem text := private.business_name_problem(new.legal_name,
    coalesce((select auth.role()), 'service_role') <> 'service_role');
begin
  if problem is not null then
    raise exception using errcode = '23514', message = problem,
      detail = 'user_kyc.legal_name', constraint = 'user_kyc_legal_name_is_a_name';
  end if;
  return new;
end;
$$;
comment on function private.check_business_name() is
  'Refuses a KYC legal name that cannot be spoken as the business name (private.business_name_problem).';
revoke all on function private.check_business_name() from public, anon, authenticated;

create trigger user_kyc_legal_name_is_a_name
  before insert or update of legal_name on public.user_kyc
  for each row execute function private.check_business_name();
comment on trigger user_kyc_legal_name_is_a_name on public.user_kyc is
  'Holds every written legal name to the business-name rules.';

-- A phone number verifies one account at a time.
create unique index user_kyc_verified_phone_unique on public.user_kyc (phone) where phone_verified;

create trigger user_kyc_set_updated_at
  before update on public.user_kyc
  for each row execute function private.set_updated_at();
comment on trigger user_kyc_set_updated_at on public.user_kyc is 'Keeps updated_at current.';

revoke all on public.user_kyc from public, anon, authenticated;
grant select on public.user_kyc to authenticated;
-- Only the details users submit; phone and phone_verified are not among them.
grant insert (user_id, business_type, legal_name, address, use_case, kyc_status)
  on public.user_kyc to authenticated;
-- user_id is listed because PostgREST's upsert sets every posted column; the policy pins it.
grant update (user_id, business_type, legal_name, address, use_case, kyc_status)
  on public.user_kyc to authenticated;
grant all on public.user_kyc to service_role;

alter table public.user_kyc enable row level security;

create policy "Users can read their own KYC record"
  on public.user_kyc for select
  to authenticated
  using (user_id = (select auth.uid()));

create policy "Users can submit their own KYC record for review"
  on public.user_kyc for insert
  to authenticated
  with check (user_id = (select auth.uid()) and kyc_status = 'pending');

-- Once reviewed (complete or rejected), a record is the reviewer's: the owner can no longer change it.
create policy "Users can resubmit their own KYC record until it is reviewed"
  on public.user_kyc for update
  to authenticated
  using (
    user_id = (select auth.uid())
    and (kyc_status is null or kyc_status in ('pending', 'incomplete'))
  )
  with check (user_id = (select auth.uid()) and kyc_status = 'pending');

-- Phone-agent settings ---------------------------------------------------------------------------
-- The voice, speaking style and language the call API uses when a request names none. One row per
-- user; a missing row means the defaults (Aria, Professional, en). Owners read and write only
-- their own row; the call API reads it with the service role.

create table public.agent_settings (
  user_id uuid primary key references auth.users (id) on delete cascade,
  voice text not null default 'Aria'
    constraint agent_settings_voice_valid check (voice in ('Aria', 'Roger', 'Sarah', 'George')),
  speaking_style text not null default 'Professional'
    constraint agent_settings_speaking_style_valid
      check (speaking_style in ('Professional', 'Conversational', 'Friendly')),
  language text not null default 'en'
    constraint agent_settings_language_valid check (language in ('en', 'es', 'fr', 'de', 'it', 'pt', 'nl', 'pl', 'ru', 'uk', 'tr', 'ar', 'hi', 'ja', 'ko', 'zh', 'id', 'ms', 'fil', 'vi', 'sv', 'da', 'no', 'fi', 'cs', 'sk', 'hu', 'ro', 'bg', 'hr', 'el', 'ta', 'auto')),
  updated_at timestamptz not null default now(),
  -- Set through the call API (POST /task/numbers/local-presence), beside the numbers it picks from.
  local_presence boolean not null default false
);
comment on table public.agent_settings is
  'Phone-agent defaults per user (voice, speaking style, language); no row means the defaults.';
comment on column public.agent_settings.voice is 'Aria, Roger, Sarah or George (ElevenLabs premade voices).';
comment on column public.agent_settings.speaking_style is 'Professional, Conversational or Friendly.';
comment on column public.agent_settings.language is 'A call language of contract/call-languages.ts (ISO 639-1, or auto).';
comment on column public.agent_settings.local_presence is 'Calls that name no number show the account''s number in the callee''s area code when it has one.';

create trigger agent_settings_set_updated_at
  before update on public.agent_settings
  for each row execute function private.set_updated_at();
comment on trigger agent_settings_set_updated_at on public.agent_settings is 'Keeps updated_at current.';

revoke all on public.agent_settings from public, anon, authenticated;
grant select on public.agent_settings to authenticated;
grant insert (user_id, voice, speaking_style, language) on public.agent_settings to authenticated;
-- user_id is listed because PostgREST's upsert sets every posted column; the policy pins it.
grant update (user_id, voice, speaking_style, language) on public.agent_settings to authenticated;
grant all on public.agent_settings to service_role;

alter table public.agent_settings enable row level security;

create policy "Users can read their own agent settings"
  on public.agent_settings for select
  to authenticated
  using (user_id = (select auth.uid()));

create policy "Users can create their own agent settings"
  on public.agent_settings for insert
  to authenticated
  with check (user_id = (select auth.uid()));

create policy "Users can change their own agent settings"
  on public.agent_settings for update
  to authenticated
  using (user_id = (select auth.uid()))
  with check (user_id = (select auth.uid()));

-- Legal basis ------------------------------------------------------------------------------------
-- An AI voice is an "artificial voice" under the TCPA (FCC 24-17): a live call needs the callee's
-- prior express consent (written, for marketing) or an exemption the law names, and any US number
-- may be a mobile one. A task states its basis (consent, exemption) or uses the account's default,
-- which the account attests to once, in our words (docs/product-rules.md#legal-basis). Attestations
-- are append-only records: the newest is the account's default ('withdrawn' ends it); nobody,
-- the service role included, changes or deletes one while the account is open.
create table public.legal_basis_attestations (
  id bigint generated always as identity primary key,
  -- No foreign key: the record outlives the auth user for as long as calls made on it may be
  -- questioned (5 years after closing).
  user_id uuid not null,
  basis text not null
    constraint legal_basis_attestations_basis_valid check (basis in (
      'prior_express_consent', 'prior_express_written_consent', 'exemption', 'withdrawn')),
  exemption text
    constraint legal_basis_attestations_exemption_valid check (
      (basis = 'exemption') = (exemption is not null)
      and (exemption is null or exemption in ('emergency', 'healthcare', 'financial_alert', 'package_delivery'))),
  statement text not null,
  attested_via text not null
    constraint legal_basis_attestations_via_valid check (attested_via in ('dashboard', 'api')),
  attested_at timestamptz not null default now()
);
comment on table public.legal_basis_attestations is
  'The account''s attested default legal basis for live AI calls: append-only; the newest row is current.';
create index legal_basis_attestations_user on public.legal_basis_attestations (user_id, id desc);
revoke all on public.legal_basis_attestations from public, anon, authenticated, service_role;
grant select on public.legal_basis_attestations to authenticated;
grant select, delete on public.legal_basis_attestations to service_role;
alter table public.legal_basis_attestations enable row level security;

create policy "Users can read their own attestations"
  on public.legal_basis_attestations for select
  to authenticated
  using (user_id = (select auth.uid()));

create function private.legal_basis_statement(p_basis text, p_exemption text) returns text
language sql
immutable
set search_path = ''
as $$
  select case p_basis
    when 'prior_express_consent' then
      'Every person we call through Dialwise''s live calls has given us prior express consent to be called at that number by an automated or artificial voice, and we keep the record of it.'
    when 'prior_express_written_consent' then
      'Every person we call through Dialwise''s live calls has given us prior express written consent, signed and naming our business, to receive calls by an automated or artificial voice at that number, including marketing calls, and we keep the record of it.'
    when 'exemption' then
      'Our live calls through Dialwise are exempt from prior express consent under 47 CFR 64.1200 as ' ||
      case p_exemption
        when 'emergency' then 'calls made for an emergency purpose'
        when 'healthcare' then 'healthcare messages of a HIPAA covered entity, free to the called party'
        when 'financial_alert' then 'fraud, breach or transaction alerts of a financial institution, free to the called party'
        when 'package_delivery' then 'package delivery notifications, free to the called party'
      end || ', and we keep the record of it.'
    when 'withdrawn' then 'We no longer attest a default legal basis: each live call states its own.'
  end;
$$;
comment on function private.legal_basis_statement(text, text) is
  'The words an account attests to for a default legal basis.';
revoke all on function private.legal_basis_statement(text, text) from public, anon, authenticated;

create function public.legal_basis_attest(
  p_user_id uuid, p_basis text, p_exemption text, p_via text
) returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  made public.legal_basis_attestations%rowtype;
begin
  if p_basis is null or p_basis not in (
       'prior_express_consent', 'prior_express_written_consent', 'exemption', 'withdrawn') then
    return jsonb_build_object('error', 'invalid_basis');
  end if;
  if (p_basis = 'exemption') <> (p_exemption is not null)
     or p_exemption not in ('emergency', 'healthcare', 'financial_alert', 'package_delivery') then
    return jsonb_build_object('error', 'invalid_exemption');
  end if;
  if not exists (select 1 from public.profiles where id = p_user_id and closed_at is null) then
    return jsonb_build_object('error', 'account_closed');
  end if;
  insert into public.legal_basis_attestations (user_id, basis, exemption, statement, attested_via)
  values (p_user_id, p_basis, p_exemption, private.legal_basis_statement(p_basis, p_exemption), p_via)
  returning * into made;
  return to_jsonb(made) - 'user_id';
end;
$$;
comment on function public.legal_basis_attest(uuid, text, text, text) is
  'For the call API (service role): records the account''s attested default legal basis in our words; returns the record or {error}.';
revoke all on function public.legal_basis_attest(uuid, text, text, text) from public, anon, authenticated;
grant execute on function public.legal_basis_attest(uuid, text, text, text) to service_role;

create function public.attest_legal_basis(p_basis text, p_exemption text default null) returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
begin
  -- The dashboard's way: the caller attests for their own account only.
  if (select auth.uid()) is null then
    return jsonb_build_object('error', 'unauthorized');
  end if;
  return public.legal_basis_attest((select auth.uid()), p_basis, p_exemption, 'dashboard');
end;
$$;
comment on function public.attest_legal_basis(text, text) is
  'For the dashboard: the signed-in user attests their account''s default legal basis.';
revoke all on function public.attest_legal_basis(text, text) from public, anon;
grant execute on function public.attest_legal_basis(text, text) to authenticated;

create function private.account_legal_basis(p_user_id uuid) returns jsonb
language sql
stable
set search_path = ''
as $$
  select case when a.basis = 'withdrawn' then null
    else jsonb_strip_nulls(jsonb_build_object('type', a.basis, 'exemption', a.exemption,
      'source', 'account', 'attestation_id', a.id, 'attested_at', a.attested_at)) end
    from public.legal_basis_attestations a
   where a.user_id = p_user_id
   order by a.id desc
   limit 1;
$$;
comment on function private.account_legal_basis(uuid) is
  'The account''s current attested default legal basis, or null.';
revoke all on function private.account_legal_basis(uuid) from public, anon, authenticated;
grant execute on function private.account_legal_basis(uuid) to service_role;

create function private.legal_basis_of(p_user_id uuid, p_task jsonb) returns jsonb
language sql
stable
set search_path = ''
as $$
  -- The task's own basis first (its consent, or an exemption it names), else the account's.
  select case
    when jsonb_typeof(p_task->'consent') = 'object' then jsonb_build_object(
      'type', case when p_task->'consent'->>'type' = 'written'
        then 'prior_express_written_consent' else 'prior_express_consent' end,
      'source', 'task')
    when p_task->>'exemption' is not null then jsonb_build_object(
      'type', 'exemption', 'exemption', p_task->>'exemption', 'source', 'task')
    else private.account_legal_basis(p_user_id)
  end;
$$;
comment on function private.legal_basis_of(uuid, jsonb) is
  'The legal basis a live task is placed on: its consent or exemption, else the account''s attested default; null when it has none.';
revoke all on function private.legal_basis_of(uuid, jsonb) from public, anon, authenticated;
grant execute on function private.legal_basis_of(uuid, jsonb) to service_role;

create function private.legal_basis_attestations_immutable() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  -- Erased only with a closed account's records, 5 years after it closed (the retention pass,
  -- 13-privacy.sql, decides when).
  if tg_op = 'DELETE' and exists (select 1 from private.account_closures c
       where c.user_id = old.user_id) then
    return old;
  end if;
  raise exception 'attestations are immutable' using errcode = '42501';
end;
$$;
comment on function private.legal_basis_attestations_immutable() is
  'Refuses changes to attestations, and their deletion before the retention allows it.';
revoke all on function private.legal_basis_attestations_immutable() from public, anon, authenticated;

create trigger legal_basis_attestations_immutable
  before update or delete on public.legal_basis_attestations
  for each row execute function private.legal_basis_attestations_immutable();
comment on trigger legal_basis_attestations_immutable on public.legal_basis_attestations is
  'Attestations are written once.';

create trigger legal_basis_attestations_no_truncate
  before truncate on public.legal_basis_attestations
  for each statement execute function private.refuse_truncate('attestations');
comment on trigger legal_basis_attestations_no_truncate on public.legal_basis_attestations is
  'Attestations are never truncated.';

-- API keys ---------------------------------------------------------------------------------------
-- Integrators authenticate the call API with them. An account holds several named keys of each
-- mode, so a new key can be rolled out before the old one is revoked. A key is stored only as its
-- SHA-256 (key_hash), with its prefix and last four characters to recognise it by: the whole key
-- is shown once, when it is made (docs/decisions/0038-api-keys-hashed-and-named.md). Users read
-- their own keys' names, masks and dates, never a hash; keys are made by generate_api_key_for_user
-- and revoked by revoke_api_key, which check the caller. A live key (dw_live_…, or dw_… made
-- before test mode) places real calls; a test key (dw_test_…) places calls on the simulated
-- network only, free (docs/product-rules.md#test-mode).

create table public.api_keys (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  key_hash text not null unique
    constraint api_keys_hash_format check (key_hash ~ '^[0-9a-f]{64}$'),
  revoked boolean not null default false,
  created_at timestamptz not null default now(),
  revoked_at timestamptz,
  livemode boolean not null default true,
  key_prefix text not null
    constraint api_keys_prefix_format check (key_prefix in ('dw_', 'dw_live_', 'dw_test_')),
  key_last4 text not null
    constraint api_keys_last4_format check (key_last4 ~ '^[0-9a-f]{4}$'),
  name text not null default 'Default key'
    constraint api_keys_name_length check (char_length(btrim(name)) between 1 and 60),
  last_used_at timestamptz,
  -- A test key stays readable by its owner, as Stripe's test keys do: it reaches only the
  -- simulated network, free, so showing it again costs nothing a leak would not.
  test_secret text,
  constraint api_keys_test_secret_test_only check (test_secret is null or not livemode)
);
comment on table public.api_keys is 'API keys for the call API, stored as hashes; several named keys per mode.';
comment on column public.api_keys.key_hash is 'SHA-256 (hex) of the whole key (dw_live_, dw_test_ or dw_ followed by 32 random bytes in hex). Never readable by users.';
comment on column public.api_keys.key_prefix is 'The key''s prefix: dw_live_, dw_test_, or dw_ for keys made before test mode.';
comment on column public.api_keys.key_last4 is 'The key''s last four characters, shown as prefix…last4.';
comment on column public.api_keys.livemode is 'false for a test key: its calls go to the simulated network, free.';
comment on column public.api_keys.test_secret is 'The whole test key, which its owner may read again (reveal_test_api_key); null for live keys and for test keys made before it was kept.';
comment on column public.api_keys.last_used_at is 'When the API last answered a request made with the key, to the minute (written after the response).';

create index api_keys_user_newest on public.api_keys (user_id, created_at desc);

-- The hash a key is stored and found by.
create function private.api_key_hash(p_key text) returns text
language sql
immutable
parallel safe
set search_path = ''
as $$
  select encode(extensions.digest(p_key, 'sha256'), 'hex');
$$;
comment on function private.api_key_hash(text) is 'SHA-256 (hex) of an API key: how api_keys stores and finds it.';
revoke all on function private.api_key_hash(text) from public, anon, authenticated;
grant execute on function private.api_key_hash(text) to service_role;

-- Stores a key (made by the caller) as its hash, prefix and last four; returns its id.
create function private.store_api_key(p_user_id uuid, p_key text, p_livemode boolean, p_name text)
returns uuid
language sql
set search_path = ''
as $$
  insert into public.api_keys (user_id, key_hash, key_prefix, key_last4, livemode, name, test_secret)
  values (p_user_id, private.api_key_hash(p_key), substring(p_key from '^dw_(?:(?:live|test)_)?'),
          right(p_key, 4), p_livemode, coalesce(nullif(btrim(p_name), ''), 'Default key'),
          case when not p_livemode then p_key end)
  returning id;
$$;
comment on function private.store_api_key(uuid, text, boolean, text) is
  'Stores an API key as its hash, prefix and last four characters, and a test key whole too (the seed and benches use it too); returns its id.';
revoke all on function private.store_api_key(uuid, text, boolean, text) from public, anon, authenticated;
grant execute on function private.store_api_key(uuid, text, boolean, text) to service_role;

create function public.generate_api_key_for_user(
  user_uuid uuid, p_livemode boolean default true, p_name text default null
) returns text
language plpgsql
security definer
set search_path = ''
as $$
declare
  caller uuid := auth.uid();
  new_key text;
begin
  if caller is null or user_uuid is distinct from caller then
    raise exception 'You can only generate API keys for yourself'
      using errcode = '42501', hint = 'Sign in as the user whose key you are generating.';
  end if;
  if p_name is not null and char_length(btrim(p_name)) > 60 then
    raise exception 'A key''s name is at most 60 characters.' using errcode = '22023';
  end if;

  -- Serialise concurrent requests of the same user, so the cap below holds.
  perform 1 from public.profiles where id = caller for update;
  if (select count(*) from public.api_keys
       where user_id = caller and livemode = p_livemode and not revoked) >= 20 then
    raise exception 'An account holds at most 20 active keys of each mode. Revoke one first.'
      using errcode = '54000', hint = 'too_many_keys';
  end if;

  new_key := case when p_livemode then 'dw_live_' else 'dw_test_' end
    || encode(extensions.gen_random_bytes(32), 'hex');
  perform private.store_api_key(caller, new_key, p_livemode, p_name);
  return new_key;
end;
$$;
comment on function public.generate_api_key_for_user(uuid, boolean, text) is
  'Makes the caller a new key of one mode (live by default, test with p_livemode false), named p_name, and returns it whole: the only time it is readable. Keeps the other keys working. Refuses any user_uuid but the caller''s.';

create function public.revoke_api_key(p_key_id uuid) returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  caller uuid := auth.uid();
begin
  if caller is null then
    raise exception 'Sign in to revoke API keys' using errcode = '42501';
  end if;
  -- A revoked test key is never shown again: its kept copy goes with it.
  update public.api_keys set revoked = true, revoked_at = now(), test_secret = null
   where id = p_key_id and user_id = caller and not revoked;
  if not found and not exists (
       select 1 from public.api_keys where id = p_key_id and user_id = caller) then
    raise exception 'No such API key' using errcode = 'P0002';
  end if;
end;
$$;
comment on function public.revoke_api_key(uuid) is
  'Revokes one of the caller''s keys at once (the API refuses it from the next request); revoking a revoked key does nothing; another user''s key is "no such key".';

-- The gate an account passes before it places calls (KYC submitted, pending or complete, and the
-- phone verified), once, for an API key's account (api_key_account) and a signed-in user's
-- session (session_account) alike.
create function private.account_call_refusal(p_user_id uuid) returns text
language sql
stable
set search_path = ''
as $$
  select case
    when k.user_id is null or k.kyc_status not in ('pending', 'complete') then 'kyc_required'
    when not k.phone_verified then 'phone_verification_required'
  end
  from (select p_user_id) as asked(user_id)
  left join public.user_kyc k on k.user_id = asked.user_id;
$$;
comment on function private.account_call_refusal(uuid) is
  'Why the account may not place calls (kyc_required, phone_verification_required), or null.';
revoke all on function private.account_call_refusal(uuid) from public, anon, authenticated;
grant execute on function private.account_call_refusal(uuid) to service_role;

-- The call API's key check: which account a key speaks for, and whether it may place calls.
create function public.api_key_account(p_api_key text) returns jsonb
language plpgsql
stable
set search_path = ''
as $$
declare
  key_id uuid;
  owner uuid;
  key_livemode boolean;
  key_revoked boolean;
  refusal text;
begin
  select id, user_id, livemode, revoked into key_id, owner, key_livemode, key_revoked
    from public.api_keys where key_hash = private.api_key_hash(p_api_key);
  if not found then
    -- A key nobody holds: the functions remember it and spend no query logging its requests.
    return jsonb_build_object('error', 'unauthorized', 'key_unknown', true);
  end if;
  if key_revoked then
    return jsonb_build_object('error', 'unauthorized');
  end if;
  -- Test calls reach only the simulated network: a new account tries them before any paperwork.
  refusal := case when key_livemode then private.account_call_refusal(owner) end;
  if refusal is not null then
    return jsonb_build_object('error', refusal);
  end if;
  return jsonb_build_object('user_id', owner, 'api_key_id', key_id, 'livemode', key_livemode);
end;
$$;
comment on function public.api_key_account(text) is
  'The account of an API key that may place calls (a live key: KYC submitted, phone verified; a test key: any account), or {error} (with key_unknown when no key has that value).';

-- The same check for a session: the auth server has already said whose it is.
create function public.session_account(p_user_id uuid, p_livemode boolean default true) returns jsonb
language plpgsql
stable
set search_path = ''
as $$
declare
  refusal text := case when p_livemode then private.account_call_refusal(p_user_id) end;
begin
  if refusal is not null then
    return jsonb_build_object('error', refusal);
  end if;
  return jsonb_build_object('user_id', p_user_id);
end;
$$;
comment on function public.session_account(uuid, boolean) is
  'The account of a signed-in user (checked by the auth server) that may place calls in the mode (live: KYC submitted and phone verified; test: any account), or {error}.';
revoke all on function public.session_account(uuid, boolean) from public, anon, authenticated;
grant execute on function public.session_account(uuid, boolean) to service_role;

-- The test key the dashboard shows a new account, so it can try a call before any paperwork:
-- the caller's oldest readable active test key, made ('Default test key') when it has none.
create function public.test_api_key() returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  caller uuid := auth.uid();
  found_key public.api_keys%rowtype;
  made_id uuid;
  new_key text;
begin
  if caller is null then
    raise exception 'Sign in to read your test key' using errcode = '42501';
  end if;
  for attempt in 1..2 loop
    select * into found_key from public.api_keys
     where user_id = caller and not livemode and not revoked and test_secret is not null
     order by created_at limit 1;
    if found then
      return jsonb_build_object('id', found_key.id, 'name', found_key.name, 'key', found_key.test_secret);
    end if;
    exit when attempt = 2;
    -- None yet: serialised per account (only then), so two tabs opening at once make one key.
    perform 1 from public.profiles where id = caller and closed_at is null for update;
    if not found then
      raise exception 'This account is closed' using errcode = '42501';
    end if;
  end loop;
  new_key := 'dw_test_' || encode(extensions.gen_random_bytes(32), 'hex');
  made_id := private.store_api_key(caller, new_key, false, 'Default test key');
  return jsonb_build_object('id', made_id, 'name', 'Default test key', 'key', new_key);
end;
$$;
comment on function public.test_api_key() is
  'The caller''s test key, whole ({id, name, key}): its oldest readable active one, or a new ''Default test key'' when it has none. Test keys reach only the simulated network.';
revoke all on function public.test_api_key() from public, anon;
grant execute on function public.test_api_key() to authenticated;

create function public.reveal_test_api_key(p_key_id uuid) returns text
language sql
stable
security definer
set search_path = ''
as $$
  select k.test_secret from public.api_keys k
   where k.id = p_key_id and k.user_id = (select auth.uid()) and not k.livemode and not k.revoked;
$$;
comment on function public.reveal_test_api_key(uuid) is
  'One of the caller''s active test keys, whole; null for a live key, a revoked one, another user''s, or a test key made before test keys were kept.';
revoke all on function public.reveal_test_api_key(uuid) from public, anon;
grant execute on function public.reveal_test_api_key(uuid) to authenticated;

revoke all on public.api_keys from public, anon, authenticated;
-- Every column but the hash.
grant select (id, user_id, name, key_prefix, key_last4, livemode, created_at, last_used_at,
              revoked, revoked_at) on public.api_keys to authenticated;
grant all on public.api_keys to service_role;
revoke all on function public.generate_api_key_for_user(uuid, boolean, text) from public, anon;
grant execute on function public.generate_api_key_for_user(uuid, boolean, text) to authenticated, service_role;
revoke all on function public.revoke_api_key(uuid) from public, anon;
grant execute on function public.revoke_api_key(uuid) to authenticated, service_role;
revoke all on function public.api_key_account(text) from public, anon, authenticated;
grant execute on function public.api_key_account(text) to service_role;

alter table public.api_keys enable row level security;

create policy "Users can read their own API keys"
  on public.api_keys for select
  to authenticated
  using (user_id = (select auth.uid()));

-- Per-minute limits ------------------------------------------------------------------------------
-- What an account asked for in the last minute, per kind, for the per-minute limits of requests
-- that write no row of their own: call checks, test events and resends by hand.

create table private.account_requests (
  id bigint generated always as identity primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  kind text not null constraint account_requests_kind
    check (kind in ('task_check', 'webhook_test_event', 'webhook_resend')),
  created_at timestamptz not null default now()
);
comment on table private.account_requests is
  'Requests per account and kind in the last minute, for their per-minute limits; older rows are pruned.';
create index account_requests_user_kind_time on private.account_requests (user_id, kind, created_at);
create index account_requests_created on private.account_requests (created_at);
revoke all on private.account_requests from public, anon, authenticated;
grant select, insert, delete on private.account_requests to service_role;
alter table private.account_requests enable row level security;

-- Counts one request of the kind for the account: null when it is within p_limit in the last
-- minute, else (not counted) the seconds until the oldest of them leaves the minute.
create function private.take_account_request(p_user_id uuid, p_kind text, p_limit integer)
returns integer
language plpgsql
set search_path = ''
as $$
declare
  recent integer;
  oldest timestamptz;
begin
  -- One account's requests of a kind are counted one at a time, so none slip under at once.
  perform pg_advisory_xact_lock(hashtextextended('account_requests:' || p_kind || ':' || p_user_id::text, 0));
  delete from private.account_requests
   where user_id = p_user_id and kind = p_kind and created_at < now() - interval '1 minute';
  select count(*), min(created_at) into recent, oldest
    from private.account_requests where user_id = p_user_id and kind = p_kind;
  if recent >= p_limit then
    return greatest(1, ceil(extract(epoch from (oldest + interval '1 minute' - now())))::integer);
  end if;
  insert into private.account_requests (user_id, kind) values (p_user_id, p_kind);
  return null;
end;
$$;
comment on function private.take_account_request(uuid, text, integer) is
  'Counts one request of p_kind for the account; null within p_limit a minute, else the seconds to wait.';
revoke all on function private.take_account_request(uuid, text, integer) from public, anon, authenticated;
grant execute on function private.take_account_request(uuid, text, integer) to service_role;

-- Request logs ------------------------------------------------------------------------------------
-- Every request made with an API key (the call API and MCP), as the account's developers look it
-- up: written by the functions after they answer, read by the owner in the dashboard, never
-- written through PostgREST. The body is stored with its secrets masked and cut at 8 KB by the
-- functions (http/request-log.ts). Kept 30 days (private.retention_erase_technical_logs).

create table public.api_request_logs (
  id bigint generated always as identity primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  api_key_id uuid references public.api_keys (id) on delete set null,
  key_mask text not null,
  livemode boolean not null,
  source text not null constraint api_request_logs_source check (source in ('api', 'mcp')),
  created_at timestamptz not null,
  method text not null constraint api_request_logs_method_length check (char_length(method) <= 16),
  path text not null constraint api_request_logs_path_length check (char_length(path) <= 2048),
  query text constraint api_request_logs_query_length check (char_length(query) <= 2048),
  status smallint not null constraint api_request_logs_status check (status between 100 and 599),
  request_id text not null constraint api_request_logs_request_id_length check (char_length(request_id) <= 64),
  latency_ms integer not null constraint api_request_logs_latency check (latency_ms >= 0),
  request_body text constraint api_request_logs_body_length check (octet_length(request_body) <= 8300),
  body_truncated boolean not null default false,
  error_code text constraint api_request_logs_error_code_length check (char_length(error_code) <= 64)
);
comment on table public.api_request_logs is 'Each API and MCP request made with an account''s key: written by the functions after answering, kept 30 days.';
comment on column public.api_request_logs.created_at is 'When the request arrived.';
comment on column public.api_request_logs.key_mask is 'The key as prefix…last4.';
comment on column public.api_request_logs.request_body is 'The request body with secrets masked (keys, secrets, tokens, card-like numbers), cut at 8 KB.';
comment on column public.api_request_logs.error_code is 'The error code the response answered with, if any.';

create index api_request_logs_user_newest on public.api_request_logs (user_id, created_at desc, id desc);
create index api_request_logs_user_request_id on public.api_request_logs (user_id, request_id);
create index api_request_logs_oldest on public.api_request_logs (created_at);
create index api_request_logs_key_newest on public.api_request_logs (api_key_id, created_at desc);

-- Records one request for the account of the key it was made with (revoked keys too: the owner
-- sees their 401s, without the body, and at most revokedKeyLogsPerMinute of them a minute), and
-- stamps the key's last use at most once a minute. A key nobody holds is not recorded.
create function public.api_request_log_record(
  p_api_key text, p_source text, p_at timestamptz, p_method text, p_path text, p_query text,
  p_status integer, p_request_id text, p_latency_ms integer, p_request_body text,
  p_body_truncated boolean, p_error_code text
) returns void
language plpgsql
set search_path = ''
as $$
declare
  key_row record;
begin
  select id, user_id, livemode, revoked, key_prefix || '…' || key_last4 as mask into key_row
    from public.api_keys where key_hash = private.api_key_hash(p_api_key);
  if not found then
    return;
  end if;
  if key_row.revoked then
    -- Counted under the key's row lock, so requests at once cannot all slip under the cap.
    perform 1 from public.api_keys where id = key_row.id for update;
    if (select count(*) from public.api_request_logs
         where api_key_id = key_row.id and created_at > p_at - interval '1 minute')
       >= private.limit_of('revokedKeyLogsPerMinute') then
      return;
    end if;
    p_request_body := null;
    p_body_truncated := false;
  end if;
  insert into public.api_request_logs (
    user_id, api_key_id, key_mask, livemode, source, created_at, method, path, query, status,
    request_id, latency_ms, request_body, body_truncated, error_code)
  values (
    key_row.user_id, key_row.id, key_row.mask, key_row.livemode, p_source, p_at, p_method, p_path,
    p_query, p_status, p_request_id, greatest(p_latency_ms, 0), p_request_body, p_body_truncated,
    p_error_code);
  if not key_row.revoked then
    update public.api_keys set last_used_at = p_at
     where id = key_row.id and (last_used_at is null or last_used_at < p_at - interval '1 minute');
  end if;
end;
$$;
comment on function public.api_request_log_record(text, text, timestamptz, text, text, text, integer, text, integer, text, boolean, text) is
  'Logs one API or MCP request for the account of the key it was made with, and stamps the key''s last use (at most once a minute).';
revoke all on function public.api_request_log_record(text, text, timestamptz, text, text, text, integer, text, integer, text, boolean, text) from public, anon, authenticated;
grant execute on function public.api_request_log_record(text, text, timestamptz, text, text, text, integer, text, integer, text, boolean, text) to service_role;

revoke all on public.api_request_logs from public, anon, authenticated;
grant select on public.api_request_logs to authenticated;
grant all on public.api_request_logs to service_role;

alter table public.api_request_logs enable row level security;

create policy "Users can read their own request logs"
  on public.api_request_logs for select
  to authenticated
  using (user_id = (select auth.uid()));
