-- API keys: integrators authenticate the call API with them. Users read their
-- own keys; keys are created and revoked only through generate_api_key_for_user, which checks
-- the caller. Only the newest non-revoked key is live, and the index guarantees there is one.

-- Tables -----------------------------------------------------------------------------------------

create table public.api_keys (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  api_key text not null unique
    constraint api_keys_format check (api_key ~ '^dw_[0-9a-f]{64}$'),
  revoked boolean not null default false,
  created_at timestamptz not null default now(),
  revoked_at timestamptz
);
comment on table public.api_keys is 'API keys for the call API; at most one live (non-revoked) key per user.';
comment on column public.api_keys.api_key is 'dw_ followed by 32 random bytes in hex. Shown to its owner in the dashboard.';

create unique index api_keys_one_live_key_per_user on public.api_keys (user_id) where not revoked;
create index api_keys_user_newest on public.api_keys (user_id, created_at desc);

-- Functions --------------------------------------------------------------------------------------

create function public.generate_api_key_for_user(user_uuid uuid) returns text
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

  -- Serialise concurrent requests of the same user, so exactly one key stays live.
  perform 1 from public.profiles where id = caller for update;

  update public.api_keys
     set revoked = true, revoked_at = now()
   where user_id = caller and not revoked;

  new_key := 'dw_' || encode(extensions.gen_random_bytes(32), 'hex');
  insert into public.api_keys (user_id, api_key) values (caller, new_key);
  return new_key;
end;
$$;
comment on function public.generate_api_key_for_user(uuid) is
  'Revokes the caller''s keys and returns a new one; refuses any user_uuid but the caller''s.';

-- Grants -----------------------------------------------------------------------------------------

revoke all on public.api_keys from public, anon, authenticated;
grant select on public.api_keys to authenticated;
grant all on public.api_keys to service_role;

revoke all on function public.generate_api_key_for_user(uuid) from public, anon;
grant execute on function public.generate_api_key_for_user(uuid) to authenticated, service_role;

-- Policies ---------------------------------------------------------------------------------------

alter table public.api_keys enable row level security;

create policy "Users can read their own API keys"
  on public.api_keys for select
  to authenticated
  using (user_id = (select auth.uid()));
