-- Profiles: one row per user, created with the user, holding the prepaid balance.
-- Users read their own profile; the balance is written only by the service role and by
-- security-definer functions (payments, call settlement), never by the browser.

-- Schemas ----------------------------------------------------------------------------------------

-- Internal helpers live outside the API schema so PostgREST never exposes them as RPCs.
create schema if not exists private;
comment on schema private is 'Internal helpers and trigger functions; not exposed through the API.';

-- Tables -----------------------------------------------------------------------------------------

create table public.profiles (
  id uuid primary key references auth.users (id) on delete cascade,
  credits numeric(12, 2) not null default 0
    constraint profiles_credits_not_negative check (credits >= 0),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
comment on table public.profiles is 'One row per user, created by a trigger on auth.users.';
comment on column public.profiles.credits is 'Prepaid balance in US dollars (1 dollar = 1 credit).';

-- Functions --------------------------------------------------------------------------------------

create function private.set_updated_at() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.updated_at := now();
  return new;
end;
$$;
comment on function private.set_updated_at() is 'Trigger: stamps updated_at on every update.';

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

-- Triggers ---------------------------------------------------------------------------------------

create trigger on_auth_user_created
  after insert on auth.users
  for each row execute function private.create_profile_for_new_user();

create trigger profiles_set_updated_at
  before update on public.profiles
  for each row execute function private.set_updated_at();
comment on trigger profiles_set_updated_at on public.profiles is 'Keeps updated_at current.';

-- Grants -----------------------------------------------------------------------------------------

revoke all on schema private from public, anon, authenticated;
grant usage on schema private to service_role;

revoke all on public.profiles from public, anon, authenticated;
grant select on public.profiles to authenticated;
grant all on public.profiles to service_role;

-- Policies ---------------------------------------------------------------------------------------

alter table public.profiles enable row level security;

create policy "Users can read their own profile"
  on public.profiles for select
  to authenticated
  using (id = (select auth.uid()));
