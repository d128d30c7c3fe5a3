-- What the Supabase platform provides before any project migration runs, with the roles,
-- ownership and privileges of Supabase's own image (supabase/postgres: the init scripts, then
-- the later migrations that demote `postgres`, hand auth to `supabase_auth_admin` and take it
-- back from `postgres`). Run by the cluster's superuser, `supabase_admin`, in the database being
-- prepared, on every start; idempotent. The project's migrations then run as `postgres`, which
-- is not a superuser: anything they may not do on a hosted project fails here too.

-- Roles (cluster-wide) -----------------------------------------------------------------------
do $$
begin
  if not exists (select from pg_roles where rolname = 'postgres') then
    create role postgres login password 'postgres';
  end if;
  if not exists (select from pg_roles where rolname = 'anon') then
    create role anon;
  end if;
  if not exists (select from pg_roles where rolname = 'authenticated') then
    create role authenticated;
  end if;
  if not exists (select from pg_roles where rolname = 'service_role') then
    create role service_role;
  end if;
  if not exists (select from pg_roles where rolname = 'authenticator') then
    create role authenticator login password 'postgres';
  end if;
  if not exists (select from pg_roles where rolname = 'supabase_auth_admin') then
    create role supabase_auth_admin login password 'postgres';
  end if;
end
$$;

-- The project's owner: everything but superuser (Supabase's "demote postgres").
alter role postgres nosuperuser createdb createrole login replication bypassrls;
-- The API roles inherit (Supabase made them INHERIT in 2023); authenticator switches into them.
alter role anon nologin inherit nobypassrls;
alter role authenticated nologin inherit nobypassrls;
alter role service_role nologin inherit bypassrls;
alter role authenticator login noinherit;
-- GoTrue's role: no CREATEROLE since Supabase took it away.
alter role supabase_auth_admin login noinherit nocreaterole noreplication;

grant anon, authenticated, service_role to authenticator;
grant anon, authenticated, service_role to postgres with admin option;
grant pg_read_all_data, pg_signal_backend, pg_monitor to postgres;
-- `postgres` is not a member of supabase_auth_admin (revoked on Supabase): it may use the auth
-- tables but never alter, comment on or drop them.
do $$
begin
  if exists (
    select from pg_auth_members
    where roleid = 'supabase_auth_admin'::regrole and member = 'postgres'::regrole
  ) then
    revoke supabase_auth_admin from postgres;
  end if;
end
$$;

alter role authenticator set statement_timeout = '8s';
alter role authenticator set lock_timeout = '8s';
alter role anon set statement_timeout = '3s';
alter role authenticated set statement_timeout = '8s';
alter role supabase_auth_admin set search_path = auth;
alter role postgres set search_path = "$user", public, extensions;

-- This database: owned by postgres (so is its public schema, through pg_database_owner) -------
do $$
begin
  execute format('alter database %I owner to postgres', current_database());
  execute format('grant create on database %I to supabase_auth_admin', current_database());
end
$$;

-- Extensions ----------------------------------------------------------------------------------
create schema if not exists extensions authorization postgres;
create extension if not exists pgcrypto with schema extensions;
create extension if not exists "uuid-ossp" with schema extensions;
grant usage on schema extensions to anon, authenticated, service_role;
grant all on all tables in schema extensions to postgres with grant option;
grant all on all routines in schema extensions to postgres with grant option;
grant all on all sequences in schema extensions to postgres with grant option;

-- Public schema: Supabase's default privileges (migrations narrow them explicitly) ------------
grant usage on schema public to anon, authenticated, service_role;
alter default privileges for role postgres in schema public
  grant all on tables to anon, authenticated, service_role;
alter default privileges for role postgres in schema public
  grant all on functions to anon, authenticated, service_role;
alter default privileges for role postgres in schema public
  grant all on sequences to anon, authenticated, service_role;

-- Auth schema: supabase_admin's, GoTrue's tables owned by supabase_auth_admin ------------------
create schema if not exists auth authorization supabase_admin;
grant all on schema auth to supabase_auth_admin;
grant usage on schema auth to postgres, anon, authenticated, service_role;
revoke create on schema auth from postgres;
-- What GoTrue creates, postgres may read and write (not alter): Supabase's default privileges.
alter default privileges for role supabase_auth_admin in schema auth
  grant all on tables to postgres;
alter default privileges for role supabase_auth_admin in schema auth
  grant all on sequences to postgres;
alter default privileges for role supabase_auth_admin in schema auth
  grant all on routines to postgres;

-- Created as supabase_auth_admin, as GoTrue's own migrations do (the columns it uses; string
-- columns that GoTrue's schema leaves without a default have none here either).
set role supabase_auth_admin;

create table if not exists auth.users (
  instance_id uuid,
  id uuid primary key,
  aud varchar(255),
  role varchar(255),
  email varchar(255),
  encrypted_password varchar(255),
  email_confirmed_at timestamptz,
  invited_at timestamptz,
  confirmation_token varchar(255),
  confirmation_sent_at timestamptz,
  recovery_token varchar(255),
  recovery_sent_at timestamptz,
  email_change_token_new varchar(255),
  email_change varchar(255),
  email_change_sent_at timestamptz,
  last_sign_in_at timestamptz,
  raw_app_meta_data jsonb,
  raw_user_meta_data jsonb,
  is_super_admin boolean,
  created_at timestamptz,
  updated_at timestamptz,
  phone text unique default null,
  phone_confirmed_at timestamptz,
  phone_change text default '',
  phone_change_token varchar(255) default '',
  phone_change_sent_at timestamptz,
  confirmed_at timestamptz generated always as (least(email_confirmed_at, phone_confirmed_at)) stored,
  email_change_token_current varchar(255) default '',
  email_change_confirm_status smallint default 0,
  banned_until timestamptz,
  reauthentication_token varchar(255) default '',
  reauthentication_sent_at timestamptz,
  is_sso_user boolean not null default false,
  deleted_at timestamptz,
  is_anonymous boolean not null default false
);
create unique index if not exists users_email_partial_key on auth.users (email) where is_sso_user = false;

create table if not exists auth.identities (
  provider_id text not null,
  user_id uuid not null references auth.users (id) on delete cascade,
  identity_data jsonb not null,
  provider text not null,
  last_sign_in_at timestamptz,
  created_at timestamptz,
  updated_at timestamptz,
  email text generated always as (lower(identity_data ->> 'email')) stored,
  id uuid primary key default gen_random_uuid(),
  constraint identities_provider_id_provider_unique unique (provider_id, provider)
);

create table if not exists auth.sessions (
  id uuid primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  created_at timestamptz,
  updated_at timestamptz,
  aal text default 'aal1',
  not_after timestamptz,
  refreshed_at timestamp,
  user_agent text,
  ip inet
);

create table if not exists auth.refresh_tokens (
  instance_id uuid,
  id bigserial primary key,
  token varchar(255) unique,
  user_id varchar(255),
  revoked boolean,
  created_at timestamptz,
  updated_at timestamptz,
  parent varchar(255),
  session_id uuid references auth.sessions (id) on delete cascade
);

-- GoTrue enables row-level security on its tables (no policies: only their owner and roles that
-- bypass RLS, like postgres, see rows).
alter table auth.users enable row level security;
alter table auth.identities enable row level security;
alter table auth.sessions enable row level security;
alter table auth.refresh_tokens enable row level security;

-- Helpers exactly as Supabase defines them: they read the JWT claims PostgREST sets.
create or replace function auth.uid() returns uuid
language sql stable
as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim.sub', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'sub')
  )::uuid
$$;

create or replace function auth.role() returns text
language sql stable
as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim.role', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'role')
  )::text
$$;

create or replace function auth.email() returns text
language sql stable
as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim.email', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'email')
  )::text
$$;

create or replace function auth.jwt() returns jsonb
language sql stable
as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim', true), ''),
    nullif(current_setting('request.jwt.claims', true), '')
  )::jsonb
$$;

grant execute on function auth.uid(), auth.role(), auth.email(), auth.jwt()
  to postgres, anon, authenticated, service_role;
-- GoTrue lets postgres read its tables and pass that on (enable_rls_update_grants).
grant select on auth.users, auth.identities, auth.sessions, auth.refresh_tokens
  to postgres with grant option;

reset role;

-- Also granted directly, for tables that existed before the default privileges did.
grant all on all tables in schema auth to postgres;
grant all on all sequences in schema auth to postgres;

-- Marks this database as the local stack's, so seed.sql (a demo account with a published password
-- and key) refuses to run anywhere else, such as a hosted project's `db push --include-seed`.
do $$
begin
  execute format('alter database %I set dialwise.local_stack = %L', current_database(), 'on');
end
$$;
