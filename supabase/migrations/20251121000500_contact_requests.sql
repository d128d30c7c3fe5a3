-- Contact requests: the 'Contact Enterprise Sales' form on /contact.
-- Anonymous and signed-in visitors may insert a request; nobody but the service role reads them.
-- A per-address rate limit (3 per hour) keeps the form from being used to flood the table.

-- Tables -------------------------------------------------------------------------------------------

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
  created_at timestamptz not null default now()
);

comment on table public.contact_requests is
  'Requests sent through the Contact Enterprise Sales form. Insert-only for visitors; read by the service role.';
comment on column public.contact_requests.full_name is 'Full name of the person asking (1..200 characters).';
comment on column public.contact_requests.email is 'Reply address; also the key of the hourly rate limit (case-insensitive).';
comment on column public.contact_requests.company_name is 'Company of the person asking (1..200 characters).';
comment on column public.contact_requests.phone_number is 'Optional phone number, free form (1..40 characters).';
comment on column public.contact_requests.role is 'Job title of the person asking (1..200 characters).';
comment on column public.contact_requests.message is 'What they want to talk about (1..5000 characters).';
comment on column public.contact_requests.created_at is 'When the request arrived; set by the database.';

create index contact_requests_email_created_at_idx
  on public.contact_requests (lower(email), created_at desc);

comment on index public.contact_requests_email_created_at_idx is
  'Serves the per-address rate limit: recent requests by lower(email).';

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

alter table public.contact_requests enable row level security;

-- Functions ----------------------------------------------------------------------------------------

create function private.contact_requests_rate_limit()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  recent integer;
begin
  -- Serialise concurrent requests for the same address, so two at once cannot both slip through.
  perform pg_catalog.pg_advisory_xact_lock(
    pg_catalog.hashtext('contact_requests:' || pg_catalog.lower(new.email))
  );

  select count(*) into recent
  from public.contact_requests
  where pg_catalog.lower(email) = pg_catalog.lower(new.email)
    and created_at > pg_catalog.now() - interval '1 hour';

  if recent >= 3 then
    raise exception using
      errcode = 'P0001',
      message = 'rate_limited: too many contact requests from this address',
      hint = 'At most 3 contact requests per address per hour.';
  end if;

  -- The database owns the timestamp the limit relies on.
  new.created_at := pg_catalog.now();
  return new;
end;
$$;

comment on function private.contact_requests_rate_limit() is
  'Before-insert trigger on contact_requests: at most 3 requests per e-mail address (case-insensitive) per hour; raises P0001 ''rate_limited: ...'' past that.';

revoke all on function private.contact_requests_rate_limit() from public, anon, authenticated;

-- Triggers -----------------------------------------------------------------------------------------

create trigger contact_requests_rate_limit
  before insert on public.contact_requests
  for each row execute function private.contact_requests_rate_limit();

comment on trigger contact_requests_rate_limit on public.contact_requests is
  'Enforces the per-address rate limit of private.contact_requests_rate_limit().';

-- Grants -------------------------------------------------------------------------------------------

revoke all on public.contact_requests from anon, authenticated;
grant insert (full_name, email, company_name, phone_number, role, message)
  on public.contact_requests to anon, authenticated;
grant all on public.contact_requests to service_role;

-- Policies -----------------------------------------------------------------------------------------

create policy "Anyone can send a contact request"
  on public.contact_requests
  for insert
  to anon, authenticated
  with check (true);

comment on policy "Anyone can send a contact request" on public.contact_requests is
  'Visitors, signed in or not, may insert. There is no select, update or delete policy: only the service role (which bypasses RLS) reads requests.';
