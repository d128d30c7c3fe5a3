-- KYC: one row per user with the business details and the phone verification state.
-- The owner submits their details, which always puts the record back to 'pending' review; the
-- verified phone and any other status are written only by the service role (the phone
-- verification function and the review process).

-- Tables -----------------------------------------------------------------------------------------

create table public.user_kyc (
  user_id uuid primary key references auth.users (id) on delete cascade,
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

-- Triggers ---------------------------------------------------------------------------------------

create trigger user_kyc_set_updated_at
  before update on public.user_kyc
  for each row execute function private.set_updated_at();
comment on trigger user_kyc_set_updated_at on public.user_kyc is 'Keeps updated_at current.';

-- Grants -----------------------------------------------------------------------------------------

revoke all on public.user_kyc from public, anon, authenticated;
grant select on public.user_kyc to authenticated;
-- Only the details users submit; phone and phone_verified are not among them.
grant insert (user_id, business_type, legal_name, address, use_case, kyc_status)
  on public.user_kyc to authenticated;
-- user_id is listed because PostgREST's upsert sets every posted column; the policy pins it.
grant update (user_id, business_type, legal_name, address, use_case, kyc_status)
  on public.user_kyc to authenticated;
grant all on public.user_kyc to service_role;

-- Policies ---------------------------------------------------------------------------------------

alter table public.user_kyc enable row level security;

create policy "Users can read their own KYC record"
  on public.user_kyc for select
  to authenticated
  using (user_id = (select auth.uid()));

create policy "Users can submit their own KYC record for review"
  on public.user_kyc for insert
  to authenticated
  with check (user_id = (select auth.uid()) and kyc_status = 'pending');

create policy "Users can resubmit their own KYC record for review"
  on public.user_kyc for update
  to authenticated
  using (user_id = (select auth.uid()))
  with check (user_id = (select auth.uid()) and kyc_status = 'pending');
