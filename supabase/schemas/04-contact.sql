-- Contact requests: the 'Contact Enterprise Sales' form on /contact. Visitors do not insert into
-- contact_requests directly: the contact-request edge function calls
-- public.submit_contact_request() with the service role, one row per request, passing the client
-- IP the gateway saw. The limits live here, in SQL, so they hold however many function instances
-- run:
--   * per client IP:                    10 requests per hour
--   * per client IP and e-mail address:  3 requests per hour
--   * for everybody together:           100 requests per hour
-- An address is only limited for the IP that used it: a limit keyed on the e-mail string alone
-- would let anyone lock a chosen address out with three spoofed requests.

create table public.contact_requests (
  id uuid primary key default gen_random_uuid(),
  full_name text not null
    constraint contact_requests_full_name_length
    check (length(btrim(full_name)) between 1 and 200),
  email text not null
    constraint contact_requests_email_format
    check (length(email) <= 320 and email ~ '^[^@[:space:]]+@[^@[:space:]]+$'),
  company_name text not null
    constraint contact_requests_company_name_length
    check (length(btrim(company_name)) between 1 and 200),
  phone_number text
    constraint contact_requests_phone_number_length
    check (phone_number is null or length(btrim(phone_number)) between 1 and 40),
  role text not null
    constraint contact_requests_role_length
    check (length(btrim(role)) between 1 and 200),
  message text not null
    constraint contact_requests_message_length
    check (length(btrim(message)) between 1 and 5000),
  created_at timestamptz not null default now(),
  client_ip inet,
  -- A request belongs to an account only when that account sent it, signed in (the function
  -- checked the session): matching by e-mail would let anyone plant a request in another
  -- account's export by typing its address into the public form.
  user_id uuid references auth.users (id) on delete set null
);
comment on table public.contact_requests is
  'Requests sent through the Contact Enterprise Sales form, stored by the contact-request edge function. No policy: only the service role (which bypasses RLS) reads or writes.';
comment on column public.contact_requests.full_name is 'Full name of the person asking (1..200 characters).';
comment on column public.contact_requests.company_name is 'Company of the person asking (1..200 characters).';
comment on column public.contact_requests.phone_number is 'Optional phone number, free form (1..40 characters).';
comment on column public.contact_requests.role is 'Job title of the person asking (1..200 characters).';
comment on column public.contact_requests.message is 'What they want to talk about (1..5000 characters).';
comment on column public.contact_requests.created_at is 'When the request arrived; set by the database.';

comment on column public.contact_requests.email is 'Reply address; with client_ip, the key of the per-address hourly limit (case-insensitive).';
comment on column public.contact_requests.client_ip is
  'Client IP the gateway saw (X-Forwarded-For), set by submit_contact_request(); null for rows from before the edge function.';
comment on column public.contact_requests.user_id is
  'The account that sent the request while signed in (its session checked by the contact-request function); null for an anonymous request.';

comment on constraint contact_requests_full_name_length on public.contact_requests is
  'Full name is not blank and at most 200 characters (the form''s limit too).';

comment on constraint contact_requests_email_format on public.contact_requests is
  'A basic name@domain shape, at most 320 characters; the form checks the address more strictly.';

comment on constraint contact_requests_company_name_length on public.contact_requests is
  'Company is not blank and at most 200 characters.';

comment on constraint contact_requests_phone_number_length on public.contact_requests is
  'Phone number is absent, or not blank and at most 40 characters.';

comment on constraint contact_requests_role_length on public.contact_requests is
  'Job title is not blank and at most 200 characters.';

comment on constraint contact_requests_message_length on public.contact_requests is
  'Message is not blank and at most 5000 characters.';

create index contact_requests_email_created_at_idx
  on public.contact_requests (lower(email), created_at desc);

comment on index public.contact_requests_email_created_at_idx is
  'Serves the per-address rate limit: recent requests by lower(email).';

create index contact_requests_client_ip_created_at_idx
  on public.contact_requests (client_ip, created_at desc);

comment on index public.contact_requests_client_ip_created_at_idx is
  'Serves the per-IP limits of submit_contact_request().';

create index contact_requests_created_at_idx
  on public.contact_requests (created_at desc);

comment on index public.contact_requests_created_at_idx is
  'Serves the global hourly limit of submit_contact_request().';

-- The retention pass clears client IPs by age.
create index contact_requests_client_ip_held on public.contact_requests (created_at) where client_ip is not null;

create index contact_requests_user on public.contact_requests (user_id) where user_id is not null;
comment on index public.contact_requests_user is 'An account''s own contact requests, for its export.';

-- RLS on, no policy: only the service role (which bypasses RLS) reads or writes.
alter table public.contact_requests enable row level security;

revoke all on public.contact_requests from anon, authenticated;
grant all on public.contact_requests to service_role;

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

revoke all on function public.submit_contact_request(inet, text, text, text, text, text, text, uuid)
  from public, anon, authenticated;

grant execute on function public.submit_contact_request(inet, text, text, text, text, text, text, uuid)
  to service_role;
