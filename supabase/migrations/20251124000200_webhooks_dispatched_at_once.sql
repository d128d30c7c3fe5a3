-- A queued webhook delivery asks for a dispatch run at once, so its first attempt is immediate
-- instead of waiting for the next scheduled run. Two channels, both best effort:
--   * NOTIFY dialwise_dispatch: the local stack's scheduler listens and runs dispatch;
--   * hosted, pg_net POSTs the dispatch function (URL and key from Vault, as the pg_cron job in
--     20251123001001 does). pg_net sends after the transaction commits, so the run sees the row.
-- A failure here never fails the event that queued the delivery: the scheduled run still sends it.

create function private.request_dispatch() returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  project_url text;
  service_key text;
begin
  perform pg_notify('dialwise_dispatch', tg_table_name);
  if exists (select 1 from pg_extension where extname = 'pg_net')
     and exists (select 1 from pg_namespace where nspname = 'vault') then
    execute $q$select decrypted_secret from vault.decrypted_secrets where name = 'project_url'$q$
      into project_url;
    execute $q$select decrypted_secret from vault.decrypted_secrets where name = 'service_role_key'$q$
      into service_key;
    if project_url is not null and service_key is not null then
      execute $q$select net.http_post(url := $1, headers := $2, body := '{}'::jsonb, timeout_milliseconds := 55000)$q$
        using project_url || '/functions/v1/dispatch',
              jsonb_build_object('Content-Type', 'application/json', 'Authorization', 'Bearer ' || service_key);
    end if;
  end if;
  return null;
exception when others then
  raise warning 'request_dispatch: %', sqlerrm;
  return null;
end;
$$;
comment on function private.request_dispatch() is
  'Asks for a dispatch run now (NOTIFY dialwise_dispatch, and pg_net where hosted); never fails the caller.';
revoke all on function private.request_dispatch() from public, anon, authenticated;

create trigger webhook_deliveries_dispatch_at_once
  after insert on public.webhook_deliveries
  for each statement execute function private.request_dispatch();
