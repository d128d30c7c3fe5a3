-- The account's data export is paced and streamed: one export per account a minute
-- (account_export_begin), and its tasks, the bulk of it, read page by page
-- (account_export_tasks) while the function streams them, instead of one document built whole
-- in memory. account_export keeps everything else, as before, without `tasks`.

-- Tables -----------------------------------------------------------------------------------------

create table private.account_export_requests (
  user_id uuid primary key references auth.users (id) on delete cascade,
  requested_at timestamptz not null
);
comment on table private.account_export_requests is
  'When each account last began a data export (one a minute).';

-- Functions --------------------------------------------------------------------------------------

create function public.account_export_begin(p_user_id uuid) returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  last timestamptz;
begin
  select requested_at into last from private.account_export_requests
   where user_id = p_user_id for update;
  if last > now() - interval '1 minute' then
    return jsonb_build_object('error', 'rate_limited', 'retry_after',
      greatest(1, ceil(extract(epoch from (last + interval '1 minute' - now())))::integer));
  end if;
  insert into private.account_export_requests (user_id, requested_at) values (p_user_id, now())
  on conflict (user_id) do update set requested_at = excluded.requested_at;
  return '{}'::jsonb;
end;
$$;
comment on function public.account_export_begin(uuid) is
  'Starts a data export of the account if its last one began more than a minute ago; {} or {error: rate_limited, retry_after}.';

create function public.account_export_tasks(p_user_id uuid, p_after text, p_limit integer)
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  -- A page of the export's tasks, oldest first (ids sort by creation), after the task p_after.
  select coalesce(jsonb_agg(
           (to_jsonb(t) - 'user_id' - 'provider_token_hash' - 'watchdog_checked_at')
           || jsonb_build_object(
                'attempts', coalesce((
                  select jsonb_agg(to_jsonb(a) - 'task_id' - 'provider_control_url' order by a.number)
                    from public.task_attempts a where a.task_id = t.id), '[]'::jsonb),
                'events', coalesce((
                  select jsonb_agg(to_jsonb(e) - 'task_id' - 'dedupe_key' order by e.seq)
                    from public.task_events e where e.task_id = t.id), '[]'::jsonb))
           order by t.id), '[]'::jsonb)
    from (select * from public.tasks
           where user_id = p_user_id and (p_after is null or id > p_after)
           order by id limit least(greatest(p_limit, 1), 500)) t;
$$;
comment on function public.account_export_tasks(uuid, text, integer) is
  'One page (at most 500) of the data export''s tasks with their attempts and events, after the task p_after.';

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
      select jsonb_agg(to_jsonb(r) order by r.created_at)
        from public.contact_requests r, auth.users u
       where u.id = p_user_id and lower(r.email) = lower(u.email)), '[]'::jsonb)
  );
$$;
comment on function public.account_export(uuid) is
  'The account''s data export (GET /functions/v1/account/export) without its tasks (account_export_tasks pages them): keys masked, no secrets.';

-- Privileges -------------------------------------------------------------------------------------

revoke all on private.account_export_requests from public, anon, authenticated;
revoke all on function public.account_export_begin(uuid) from public, anon, authenticated;
revoke all on function public.account_export_tasks(uuid, text, integer) from public, anon, authenticated;
grant execute on function public.account_export_begin(uuid) to service_role;
grant execute on function public.account_export_tasks(uuid, text, integer) to service_role;
