-- The gate an account passes before it places calls (KYC submitted, pending or complete, and the
-- phone verified), once, for an API key's account (api_key_account, task_create) and a signed-in
-- user's session (session_account) alike.

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

create or replace function public.api_key_account(p_api_key text) returns jsonb
language plpgsql
stable
set search_path = ''
as $$
declare
  key_id uuid;
  owner uuid;
  refusal text;
begin
  select id, user_id into key_id, owner from public.api_keys where api_key = p_api_key and not revoked;
  if not found then
    return jsonb_build_object('error', 'unauthorized');
  end if;
  refusal := private.account_call_refusal(owner);
  if refusal is not null then
    return jsonb_build_object('error', refusal);
  end if;
  return jsonb_build_object('user_id', owner, 'api_key_id', key_id);
end;
$$;

create function public.session_account(p_user_id uuid) returns jsonb
language plpgsql
stable
set search_path = ''
as $$
declare
  refusal text := private.account_call_refusal(p_user_id);
begin
  if refusal is not null then
    return jsonb_build_object('error', refusal);
  end if;
  return jsonb_build_object('user_id', p_user_id);
end;
$$;
comment on function public.session_account(uuid) is
  'The account of a signed-in user (checked by the auth server) that may place calls, or {error}.';

revoke all on function private.account_call_refusal(uuid) from public, anon, authenticated;
revoke all on function public.session_account(uuid) from public, anon, authenticated;
grant execute on function private.account_call_refusal(uuid) to service_role;
grant execute on function public.session_account(uuid) to service_role;
