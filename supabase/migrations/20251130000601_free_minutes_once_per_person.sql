-- The 100 free minutes are granted once per e-mail address and once per verified phone number,
-- ever (docs/decisions/0025-free-minutes-once-per-person.md). When an account closes (or its auth
-- user is deleted) we keep a keyed one-way hash of its e-mail and of its verified phone, and
-- nothing else; the privacy policy says so. A later account signing up with that e-mail, or
-- verifying that phone, gets no free minutes: what is left of its allowance is withheld (it can
-- still buy credits).
-- Withholding counts the withheld minutes as used (free_minutes_used), so every place that
-- reserves free minutes (100 - used - reserved) gives none without knowing about it; the
-- withheld count is kept beside it, so the usage summary shows the allowance and use as they are.

-- Tables -----------------------------------------------------------------------------------------

create table private.free_minutes_claimed (
  identity_hash bytea primary key,
  kind text not null constraint free_minutes_claimed_kind_valid check (kind in ('email', 'phone')),
  claimed_at timestamptz not null default now()
);
comment on table private.free_minutes_claimed is
  'Keyed one-way hashes of the e-mail addresses and verified phone numbers of closed accounts: who has had the free minutes. Kept for good; nothing else of the account.';

create table private.identity_hash_key (
  id boolean primary key default true constraint identity_hash_key_single check (id),
  key bytea not null default extensions.gen_random_bytes(32)
);
comment on table private.identity_hash_key is
  'The secret key of private.identity_hash: without it the hashes in free_minutes_claimed cannot be checked against guessed e-mails or numbers.';
insert into private.identity_hash_key default values;

alter table public.profiles add column free_minutes_withheld integer not null default 0
  constraint profiles_free_minutes_withheld_range check (free_minutes_withheld between 0 and 100);
comment on column public.profiles.free_minutes_withheld is
  'Free minutes not granted because the e-mail or the verified phone already had them on a closed account; counted in free_minutes_used.';
comment on column public.profiles.free_minutes_used is
  'Free minutes spent of the 100 every account gets, plus those withheld (free_minutes_withheld).';

-- Functions --------------------------------------------------------------------------------------

create function private.identity_hash(p_kind text, p_value text) returns bytea
language sql
stable
security definer
set search_path = ''
as $$
  -- E-mails compare without case or surrounding spaces; phones are E.164 already.
  select extensions.hmac(
    convert_to(p_kind || ':' || case when p_kind = 'email' then lower(btrim(p_value)) else btrim(p_value) end, 'UTF8'),
    (select key from private.identity_hash_key), 'sha256');
$$;
comment on function private.identity_hash(text, text) is
  'HMAC-SHA-256 of an e-mail or phone under the database''s own key: comparable, not reversible.';

create function private.free_minutes_claimed_by(p_kind text, p_value text) returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select p_value is not null and exists (
    select 1 from private.free_minutes_claimed
     where identity_hash = private.identity_hash(p_kind, p_value));
$$;
comment on function private.free_minutes_claimed_by(text, text) is
  'Whether a closed account already had the free minutes with this e-mail or phone.';

create function private.withhold_free_minutes(p_user_id uuid) returns void
language sql
security definer
set search_path = ''
as $$
  update public.profiles
     set free_minutes_withheld = free_minutes_withheld + (100 - free_minutes_used - free_minutes_reserved),
         free_minutes_used = 100 - free_minutes_reserved
   where id = p_user_id and free_minutes_used + free_minutes_reserved < 100;
$$;
comment on function private.withhold_free_minutes(uuid) is
  'Takes back what is left of an account''s free minutes (reserved ones stay with their calls).';

create function private.remember_free_minutes_claimed() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  insert into private.free_minutes_claimed (identity_hash, kind)
  select private.identity_hash('email', u.email), 'email'
    from auth.users u where u.id = new.user_id and u.email is not null
  on conflict (identity_hash) do nothing;
  if new.verified_phone is not null then
    insert into private.free_minutes_claimed (identity_hash, kind)
    values (private.identity_hash('phone', new.verified_phone), 'phone')
    on conflict (identity_hash) do nothing;
  end if;
  return null;
end;
$$;
comment on function private.remember_free_minutes_claimed() is
  'Trigger account_closures_remember_free_minutes: a closing keeps the hashes of the account''s e-mail and verified phone.';

create function private.withhold_free_minutes_of_known_email() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if private.free_minutes_claimed_by('email', (select email from auth.users where id = new.id)) then
    perform private.withhold_free_minutes(new.id);
  end if;
  return null;
end;
$$;
comment on function private.withhold_free_minutes_of_known_email() is
  'Trigger profiles_withhold_free_minutes: a new account whose e-mail had the free minutes on a closed account gets none.';

create function private.withhold_free_minutes_of_known_phone() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if private.free_minutes_claimed_by('phone', new.phone) then
    perform private.withhold_free_minutes(new.user_id);
  end if;
  return null;
end;
$$;
comment on function private.withhold_free_minutes_of_known_phone() is
  'Trigger user_kyc_withhold_free_minutes: verifying a phone that had the free minutes on a closed account withholds what is left of them.';

-- As 20251127004100_usage_holds.sql left it, but the allowance is what was granted: 100 less
-- what was withheld, of which the withheld minutes were not used.
create or replace function public.usage_summary() returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select jsonb_build_object(
    'free_minutes_total', 100 - coalesce((select free_minutes_withheld from public.profiles where id = auth.uid()), 0),
    'free_minutes_used', coalesce((select free_minutes_used - free_minutes_withheld from public.profiles where id = auth.uid()), 0),
    'free_minutes_held', coalesce((select free_minutes_reserved from public.profiles where id = auth.uid()), 0),
    'credits_usd', coalesce((select credits from public.profiles where id = auth.uid()), 0),
    'credits_held_usd', coalesce((select credits_held from public.profiles where id = auth.uid()), 0),
    'month_minutes', coalesce((
      select sum(a.billed_minutes) from public.task_attempts a join public.tasks t on t.id = a.task_id
       where t.user_id = auth.uid() and a.settled_at >= date_trunc('month', now())), 0),
    'month_cost_usd', coalesce((
      select sum(a.cost_cents) from public.task_attempts a join public.tasks t on t.id = a.task_id
       where t.user_id = auth.uid() and a.settled_at >= date_trunc('month', now())), 0) / 100.0,
    'daily', coalesce((
      select jsonb_agg(jsonb_build_object('day', to_char(d.day, 'YYYY-MM-DD'), 'minutes', d.minutes) order by d.day)
        from (
          select days.day, coalesce(sum(a.billed_minutes), 0)::integer as minutes
            from generate_series(current_date - 29, current_date, interval '1 day') as days(day)
            left join public.tasks t on t.user_id = auth.uid()
            left join public.task_attempts a
              on a.task_id = t.id and a.settled_at >= days.day and a.settled_at < days.day + interval '1 day'
           group by days.day
        ) d), '[]'::jsonb)
  );
$$;
comment on function public.usage_summary() is
  'The caller''s usage: free minutes granted (100, or less when withheld), used and held, credits and credits held, minutes and dollars this month, minutes per day for 30 days.';

-- Triggers ---------------------------------------------------------------------------------------

create trigger account_closures_remember_free_minutes
  after insert on private.account_closures
  for each row execute function private.remember_free_minutes_claimed();
comment on trigger account_closures_remember_free_minutes on private.account_closures is
  'Keeps the hashes of a closing account''s e-mail and verified phone (private.free_minutes_claimed).';

create trigger profiles_withhold_free_minutes
  after insert on public.profiles
  for each row execute function private.withhold_free_minutes_of_known_email();
comment on trigger profiles_withhold_free_minutes on public.profiles is
  'No free minutes for a new account with the e-mail of a closed account that had them.';

create trigger user_kyc_withhold_free_minutes
  after insert or update of phone, phone_verified on public.user_kyc
  for each row when (new.phone_verified)
  execute function private.withhold_free_minutes_of_known_phone();
comment on trigger user_kyc_withhold_free_minutes on public.user_kyc is
  'No (more) free minutes for an account that verifies the phone of a closed account that had them.';

-- Grants -----------------------------------------------------------------------------------------

revoke all on private.free_minutes_claimed, private.identity_hash_key from public, anon, authenticated;
grant select on private.free_minutes_claimed to service_role;
revoke all on function private.identity_hash(text, text),
  private.free_minutes_claimed_by(text, text),
  private.withhold_free_minutes(uuid),
  private.remember_free_minutes_claimed(),
  private.withhold_free_minutes_of_known_email(),
  private.withhold_free_minutes_of_known_phone()
  from public, anon, authenticated;

-- Policies ---------------------------------------------------------------------------------------

-- Service role only: no user policies.
alter table private.free_minutes_claimed enable row level security;
alter table private.identity_hash_key enable row level security;
