-- Foundation: the private schema and the helpers every domain uses.
-- Applies first; every later schema file may rely on what it declares.

-- Internal helpers live outside the API schema so PostgREST never exposes them as RPCs.
create schema if not exists private;
comment on schema private is 'Internal helpers and trigger functions; not exposed through the API.';

-- Only the service role (and security-definer functions) reach into private.
revoke all on schema private from public, anon, authenticated;
grant usage on schema private to service_role;

-- Stamps updated_at on the tables that have one (their triggers sit beside each table).
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
