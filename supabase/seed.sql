-- Local development only: a ready demo account so a newcomer sees a working dashboard at once.
-- Login: demo@dialwise.dev / dialwise-demo. Never run against a hosted project.

-- The local stack's bootstrap marks its databases; anywhere else (a hosted project's
-- `supabase db push --include-seed`, a staging server) this stops before anything is written.
do $guard$
begin
  if not exists (
    select 1
      from pg_catalog.pg_db_role_setting s
      join pg_catalog.pg_database d on d.oid = s.setdatabase
     where d.datname = current_database()
       and s.setrole = 0
       and 'local_stack.database=on' = any (s.setconfig)
  ) then
    raise exception 'seed.sql creates a demo account with a published password and API key: it runs only on the local stack''s database, not on %', current_database()
      using errcode = 'insufficient_privilege';
  end if;
end
$guard$;

-- GoTrue reads the token and e-mail-change columns into plain Go strings, and its schema gives
-- four of them no default: a NULL there fails every sign-in of the user ("Database error querying
-- schema"). Every such column is set here.
insert into auth.users (
  instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
  confirmation_token, recovery_token, email_change_token_new, email_change,
  email_change_token_current, email_change_confirm_status, phone_change, phone_change_token,
  reauthentication_token,
  raw_app_meta_data, raw_user_meta_data, created_at, updated_at, is_super_admin, is_anonymous
) values (
  '00000000-0000-0000-0000-000000000000',
  'd1a15e00-0000-4000-8000-000000000001',
  'authenticated', 'authenticated', 'demo@dialwise.dev',
  extensions.crypt('dialwise-demo', extensions.gen_salt('bf', 10)),
  now(),
  '', '', '', '',
  '', 0, '', '',
  '',
  '{"provider": "email", "providers": ["email"]}',
  '{"signup_source": "seed"}',
  now(), now(), false, false
) on conflict (id) do nothing;

insert into auth.identities (provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at)
values (
  'd1a15e00-0000-4000-8000-000000000001',
  'd1a15e00-0000-4000-8000-000000000001',
  '{"sub": "d1a15e00-0000-4000-8000-000000000001", "email": "demo@dialwise.dev", "email_verified": true, "phone_verified": false}',
  'email', now(), now(), now()
) on conflict (provider_id, provider) do nothing;

insert into public.user_kyc (user_id, business_type, legal_name, address, use_case, kyc_status, phone, phone_verified)
values (
  'd1a15e00-0000-4000-8000-000000000001', 'business', 'Bright Smiles Dental LLC',
  '500 Market Street, San Francisco, CA 94105',
  'Appointment confirmations and post-visit follow-up calls.',
  'complete', '+14155550123', true
) on conflict (user_id) do nothing;

-- A test key: its calls go to the simulated network on the open test clock, so the README's first
-- call rings at any hour (docs/product-rules.md#test-mode).
-- Stored as its hash like every key; the README prints the whole key.
select private.store_api_key(
  'd1a15e00-0000-4000-8000-000000000001',
  'dw_test_' || encode(extensions.digest('dialwise-local-demo-key', 'sha256'), 'hex'),
  false,
  'Demo test key'
)
where not exists (
  select 1 from public.api_keys where user_id = 'd1a15e00-0000-4000-8000-000000000001'
);

select public.record_credit_purchase(
  'd1a15e00-0000-4000-8000-000000000001', 25, 'seed_demo_purchase', 'Welcome credits'
);
