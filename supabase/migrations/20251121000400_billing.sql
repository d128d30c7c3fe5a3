-- Billing: prepaid credit purchases. Users read their own purchases; purchases and
-- balance changes are recorded only by the service role through record_credit_purchase, which
-- is idempotent per payment reference so a retried payment event can never credit twice.

-- Tables -----------------------------------------------------------------------------------------

create table public.credit_purchases (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  amount numeric(12, 2) not null
    constraint credit_purchases_amount_positive check (amount > 0),
  description text
    constraint credit_purchases_description_length check (description is null or length(description) <= 200),
  payment_reference text not null unique,
  purchased_at timestamptz not null default now()
);
comment on table public.credit_purchases is 'Credits bought by card (1 dollar = 1 credit), newest first in the dashboard.';
comment on column public.credit_purchases.payment_reference is 'The payment provider''s id (e.g. checkout session); unique, so each payment credits once.';

create index credit_purchases_user_newest on public.credit_purchases (user_id, purchased_at desc);

-- Functions --------------------------------------------------------------------------------------

create function public.record_credit_purchase(
  p_user_id uuid,
  p_amount numeric,
  p_payment_reference text,
  p_description text default null
) returns boolean
language plpgsql
security definer
set search_path = ''
as $$
declare
  inserted_id uuid;
begin
  if p_amount is null or p_amount <= 0 then
    raise exception 'amount must be positive' using errcode = '22023';
  end if;

  insert into public.credit_purchases (user_id, amount, payment_reference, description)
  values (p_user_id, p_amount, p_payment_reference, p_description)
  on conflict (payment_reference) do nothing
  returning id into inserted_id;

  if inserted_id is null then
    return false; -- Already recorded: a retried event.
  end if;

  update public.profiles set credits = credits + p_amount where id = p_user_id;
  if not found then
    raise exception 'no profile for user %', p_user_id using errcode = '23503';
  end if;
  return true;
end;
$$;
comment on function public.record_credit_purchase(uuid, numeric, text, text) is
  'Service role only: records a paid purchase and adds its credits, once per payment reference. Returns false for a repeat.';

-- Grants -----------------------------------------------------------------------------------------

revoke all on public.credit_purchases from public, anon, authenticated;
grant select on public.credit_purchases to authenticated;
grant all on public.credit_purchases to service_role;

revoke all on function public.record_credit_purchase(uuid, numeric, text, text) from public, anon, authenticated;
grant execute on function public.record_credit_purchase(uuid, numeric, text, text) to service_role;

-- Policies ---------------------------------------------------------------------------------------

alter table public.credit_purchases enable row level security;

create policy "Users can read their own credit purchases"
  on public.credit_purchases for select
  to authenticated
  using (user_id = (select auth.uid()));
