-- A contact request belongs to an account only when that account sent it, signed in: the
-- contact-request function passes the user of a valid session, and the export lists the
-- account's own requests by that link. Before, the export matched requests by e-mail, so anyone
-- could plant a request in another account's export by typing its address into the public form;
-- an anonymous request is now in nobody's export.

-- Tables -----------------------------------------------------------------------------------------

alter table public.contact_requests
  add column user_id uuid references auth.users (id) on delete set null;
comment on column public.contact_requests.user_id is
  'The account that sent the request while signed in (its session checked by the contact-request function); null for an anonymous request.';
create index contact_requests_user on public.contact_requests (user_id) where user_id is not null;
comment on index public.contact_requests_user is 'An account''s own contact requests, for its export.';

-- Functions --------------------------------------------------------------------------------------

-- As 20251123001500_contact_requests_hardening.sql left it, plus the signed-in sender.
drop function public.submit_contact_request(inet, text, text, text, text, text, text);
create function public.submit_contact_request(
  client_ip inet,
  full_name text,
  email text,
  company_name text,
  phone_number text,
  role text,
  message text,
  sender_user_id uuid default null
)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  from_everyone integer;
  from_ip integer;
  from_ip_for_address integer;
begin
  if (select auth.role()) is distinct from 'service_role' then
    raise exception using
      errcode = '42501',
      message = 'permission denied for function submit_contact_request';
  end if;
  if client_ip is null then
    raise exception using errcode = '22023', message = 'client_ip is required';
  end if;

  -- One submission at a time, so concurrent requests (from any number of function instances)
  -- cannot all read the same counts and slip past a limit together.
  perform pg_catalog.pg_advisory_xact_lock(pg_catalog.hashtext('contact_requests:submit'));

  select
    count(*),
    count(*) filter (where r.client_ip = submit_contact_request.client_ip),
    count(*) filter (
      where r.client_ip = submit_contact_request.client_ip
        and pg_catalog.lower(r.email) = pg_catalog.lower(pg_catalog.btrim(submit_contact_request.email))
    )
  into from_everyone, from_ip, from_ip_for_address
  from public.contact_requests as r
  where r.created_at > pg_catalog.now() - interval '1 hour';

  if from_everyone >= 100 then
    raise exception using
      errcode = 'P0001',
      message = 'contact_requests_busy: too many contact requests right now',
      hint = 'At most 100 contact requests per hour in total.';
  end if;
  if from_ip >= 10 then
    raise exception using
      errcode = 'P0001',
      message = 'rate_limited: too many contact requests from this client',
      hint = 'At most 10 contact requests per client IP per hour.';
  end if;
  if from_ip_for_address >= 3 then
    raise exception using
      errcode = 'P0001',
      message = 'rate_limited: too many contact requests from this address',
      hint = 'At most 3 contact requests per e-mail address from one client IP per hour.';
  end if;

  insert into public.contact_requests
    (full_name, email, company_name, phone_number, role, message, client_ip, user_id, created_at)
  values (
    pg_catalog.btrim(full_name),
    pg_catalog.btrim(email),
    pg_catalog.btrim(company_name),
    nullif(pg_catalog.btrim(phone_number), ''),
    pg_catalog.btrim(role),
    pg_catalog.btrim(message),
    client_ip,
    sender_user_id,
    pg_catalog.now()
  );
end;
$$;

comment on function public.submit_contact_request(inet, text, text, text, text, text, text, uuid) is
  'Stores one contact request for the contact-request edge function (service role only), tied to sender_user_id when a signed-in account sent it. Refuses with P0001 ''contact_requests_busy: ...'' past 100 an hour in total, ''rate_limited: ...'' past 10 an hour from one client IP or 3 an hour for one address from one client IP; bad fields fail the table''s check constraints (23514).';

-- As 20251127003000_retention_and_account_closing.sql left it, but a contact request is the
-- account's when the account sent it, not when it names the account's e-mail.
create or replace function public.account_export(p_user_id uuid) returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  -- Callable by the service role only. Everything held about the account, as the owner may see
  -- it: API keys masked as the dashboard shows them, the webhook secret never. Its tasks, the
  -- bulk of it, are read page by page (account_export_tasks) and streamed after the rest.
  select jsonb_build_object(
    'account', (
      select jsonb_build_object(
        'id', u.id, 'email', u.email, 'created_at', u.created_at,
        'email_confirmed_at', u.email_confirmed_at, 'last_sign_in_at', u.last_sign_in_at)
        from auth.users u where u.id = p_user_id),
    'profile', (
      select to_jsonb(p) - 'id' from public.profiles p where p.id = p_user_id),
    'kyc', (
      select to_jsonb(k) - 'user_id' from public.user_kyc k where k.user_id = p_user_id),
    'agent_settings', (
      select to_jsonb(s) - 'user_id' from public.agent_settings s where s.user_id = p_user_id),
    'api_keys', coalesce((
      select jsonb_agg(jsonb_build_object(
               'id', k.id,
               'key', left(k.api_key, 10) || '…' || right(k.api_key, 10),
               'revoked', k.revoked, 'created_at', k.created_at, 'revoked_at', k.revoked_at)
             order by k.created_at)
        from public.api_keys k where k.user_id = p_user_id), '[]'::jsonb),
    'webhook_secret', (
      select jsonb_build_object('created_at', w.created_at)
        from public.webhook_secrets w where w.user_id = p_user_id),
    'webhook_deliveries', coalesce((
      select jsonb_agg(
               (to_jsonb(d) - 'user_id' - 'locked_until')
               || jsonb_build_object('attempts_made', coalesce((
                    select jsonb_agg(to_jsonb(a) - 'delivery_id' order by a.number)
                      from public.webhook_delivery_attempts a where a.delivery_id = d.id), '[]'::jsonb))
             order by d.created_at)
        from public.webhook_deliveries d where d.user_id = p_user_id), '[]'::jsonb),
    'credit_purchases', coalesce((
      select jsonb_agg(to_jsonb(c) - 'user_id' order by c.purchased_at)
        from public.credit_purchases c where c.user_id = p_user_id), '[]'::jsonb),
    'do_not_call', coalesce((
      select jsonb_agg(to_jsonb(n) - 'user_id' order by n.created_at)
        from public.do_not_call n where n.user_id = p_user_id), '[]'::jsonb),
    'sms_messages', coalesce((
      select jsonb_agg(to_jsonb(m) - 'user_id' order by m.created_at)
        from public.sms_inbound_messages m where m.user_id = p_user_id), '[]'::jsonb),
    'contact_requests', coalesce((
      select jsonb_agg(to_jsonb(r) - 'user_id' order by r.created_at)
        from public.contact_requests r where r.user_id = p_user_id), '[]'::jsonb)
  );
$$;
comment on function public.account_export(uuid) is
  'The account''s data export (GET /functions/v1/account/export): one JSON document, keys masked, no secrets, its own contact requests only.';

-- Grants -----------------------------------------------------------------------------------------

revoke all on function public.submit_contact_request(inet, text, text, text, text, text, text, uuid)
  from public, anon, authenticated;
grant execute on function public.submit_contact_request(inet, text, text, text, text, text, text, uuid)
  to service_role;
