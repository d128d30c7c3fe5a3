-- Hosted scheduling of the `dispatch` function (Supabase's documented pg_cron + pg_net pattern:
-- the project URL and the service role key are read from Vault at each run). Every 5 seconds it
-- places due retries, runs the watchdog and sends due webhooks. Where pg_cron, pg_net or Vault
-- are missing (the local stack, whose scheduler calls dispatch itself) this is a no-op.
-- Hosted set-up, once per project:
--   select vault.create_secret('https://<ref>.supabase.co', 'project_url');
--   select vault.create_secret('<service role key>', 'service_role_key');
do $migration$
begin
  if not exists (select 1 from pg_available_extensions where name = 'pg_cron')
     or not exists (select 1 from pg_available_extensions where name = 'pg_net')
     or not exists (select 1 from pg_namespace where nspname = 'vault') then
    raise notice 'pg_cron, pg_net or Vault missing: dispatch is not scheduled in the database';
    return;
  end if;
  create extension if not exists pg_cron;
  create extension if not exists pg_net;
  perform cron.schedule(
    'dialwise-dispatch',
    '5 seconds',
    $job$
      select net.http_post(
        url := (select decrypted_secret from vault.decrypted_secrets where name = 'project_url') || '/functions/v1/dispatch',
        headers := jsonb_build_object(
          'Content-Type', 'application/json',
          'Authorization', 'Bearer ' || (select decrypted_secret from vault.decrypted_secrets where name = 'service_role_key')
        ),
        body := '{}'::jsonb,
        timeout_milliseconds := 55000
      );
    $job$
  );
end;
$migration$;
