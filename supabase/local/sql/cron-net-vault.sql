-- The local stand-ins for three things a hosted project has and the embedded PostgreSQL cannot
-- load: pg_cron (`cron.job`, `cron.schedule`, …), pg_net (`net.http_post` and its queue) and
-- Vault (`vault.decrypted_secrets`). Only what the project's migrations use, with the same names,
-- signatures and privileges, so those migrations run here unchanged. The jobs and the queued
-- requests are carried out by supabase/local/scheduler.ts, as pg_cron's and pg_net's background
-- workers do hosted. Secrets are kept in plain text: this database never holds a real one.
-- Run by the superuser on every start, after bootstrap.sql; idempotent. Skipped schema by
-- schema where the real extension is installed (an external SUPABASE_DB_URL).

do $platform$
begin
  -- pg_cron ------------------------------------------------------------------------------------
  if not exists (select from pg_extension where extname = 'pg_cron') then
    create schema if not exists cron;
    create table if not exists cron.job (
      jobid bigserial primary key,
      schedule text not null,
      command text not null,
      nodename text not null default 'localhost',
      nodeport integer not null default 5432,
      database text not null default current_database(),
      username text not null default current_user,
      active boolean not null default true,
      jobname text
    );
    create unique index if not exists jobname_username_uniq on cron.job (jobname, username);
    create table if not exists cron.job_run_details (
      jobid bigint,
      runid bigserial primary key,
      job_pid integer,
      database text,
      username text,
      command text,
      status text,
      return_message text,
      start_time timestamptz,
      end_time timestamptz
    );

    -- As pg_cron: a job of the same name (and user) is replaced, not added.
    create or replace function cron.schedule(job_name text, schedule text, command text)
    returns bigint language plpgsql security definer set search_path = '' as $fn$
    declare
      id bigint;
    begin
      if schedule !~ '^\s*([1-9]|[1-5][0-9]) seconds?\s*$'
         and array_length(regexp_split_to_array(trim(schedule), '\s+'), 1) <> 5 then
        raise exception 'invalid schedule: %', schedule;
      end if;
      insert into cron.job (schedule, command, jobname, username)
      values (schedule, command, job_name, session_user)
      on conflict (jobname, username) do update
        set schedule = excluded.schedule, command = excluded.command, active = true
      returning jobid into id;
      return id;
    end;
    $fn$;

    create or replace function cron.unschedule(job_name text) returns boolean
    language plpgsql security definer set search_path = '' as $fn$
    begin
      delete from cron.job where jobname = job_name and username = session_user;
      if not found then
        raise exception 'could not find valid entry for job ''%''', job_name;
      end if;
      return true;
    end;
    $fn$;

    create or replace function cron.alter_job(
      job_id bigint, schedule text default null, command text default null,
      database text default null, username text default null, active boolean default null
    ) returns void language plpgsql security definer set search_path = '' as $fn$
    begin
      update cron.job j
         set schedule = coalesce(alter_job.schedule, j.schedule),
             command = coalesce(alter_job.command, j.command),
             active = coalesce(alter_job.active, j.active)
       where j.jobid = job_id and j.username = session_user;
      if not found then
        raise exception 'Job % does not exist or you don''t own it', job_id;
      end if;
    end;
    $fn$;

    grant usage on schema cron to postgres;
    grant select on cron.job to postgres;
    grant select, delete on cron.job_run_details to postgres;
    grant execute on all functions in schema cron to postgres;
  end if;

  -- pg_net -------------------------------------------------------------------------------------
  if not exists (select from pg_extension where extname = 'pg_net') then
    create schema if not exists net;
    create table if not exists net.http_request_queue (
      id bigserial primary key,
      method text not null,
      url text not null,
      headers jsonb,
      body bytea,
      timeout_milliseconds integer not null
    );
    create unlogged table if not exists net._http_response (
      id bigint,
      status_code integer,
      content_type text,
      headers jsonb,
      content text,
      timed_out boolean,
      error_msg text,
      created timestamptz not null default now()
    );

    -- As pg_net: queued now, sent by the worker after the transaction commits (a rolled-back
    -- transaction sends nothing). The NOTIFY wakes the local worker, as pg_net's latch does.
    create or replace function net.http_post(
      url text, body jsonb default '{}'::jsonb, params jsonb default '{}'::jsonb,
      headers jsonb default '{"Content-Type": "application/json"}'::jsonb,
      timeout_milliseconds integer default 5000
    ) returns bigint language plpgsql security definer set search_path = '' as $fn$
    declare
      id bigint;
      query text;
    begin
      select string_agg(format('%s=%s', key, value), '&') into query
        from jsonb_each_text(coalesce(params, '{}'::jsonb));
      insert into net.http_request_queue (method, url, headers, body, timeout_milliseconds)
      values ('POST', url || coalesce('?' || query, ''), headers,
              convert_to(coalesce(body, '{}'::jsonb)::text, 'UTF8'), timeout_milliseconds)
      returning net.http_request_queue.id into id;
      perform pg_notify('local_pg_net', '');
      return id;
    end;
    $fn$;

    grant usage on schema net to postgres;
    grant select on net.http_request_queue, net._http_response to postgres;
    grant execute on function net.http_post(text, jsonb, jsonb, jsonb, integer) to postgres;
  end if;

  -- Vault --------------------------------------------------------------------------------------
  if not exists (select from pg_extension where extname = 'supabase_vault') then
    create schema if not exists vault;
    create table if not exists vault.secrets (
      id uuid primary key default gen_random_uuid(),
      name text unique,
      description text not null default '',
      secret text not null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now()
    );
    create or replace view vault.decrypted_secrets as
      select id, name, description, secret, secret as decrypted_secret, created_at, updated_at
        from vault.secrets;
    create or replace function vault.create_secret(
      new_secret text, new_name text default null, new_description text default ''
    ) returns uuid language sql security definer set search_path = '' as $fn$
      insert into vault.secrets (secret, name, description)
      values (new_secret, new_name, new_description)
      returning id;
    $fn$;
    create or replace function vault.update_secret(
      secret_id uuid, new_secret text default null, new_name text default null,
      new_description text default null
    ) returns void language sql security definer set search_path = '' as $fn$
      update vault.secrets
         set secret = coalesce(new_secret, secret), name = coalesce(new_name, name),
             description = coalesce(new_description, description), updated_at = now()
       where id = secret_id;
    $fn$;
    grant usage on schema vault to postgres;
    grant select on vault.decrypted_secrets, vault.secrets to postgres;
    grant execute on function vault.create_secret(text, text, text),
      vault.update_secret(uuid, text, text, text) to postgres;
  end if;
end
$platform$;
