-- Foundation: the private schema and the helpers every domain uses.
-- Applies first; every later schema file may rely on what it declares.

-- Internal helpers live outside the API schema so PostgREST never exposes them as RPCs.
create schema if not exists private;
comment on schema private is 'Internal helpers and trigger functions; not exposed through the API.';

-- Only the service role (and security-definer functions) reach into private.
revoke all on schema private from public, anon, authenticated;
grant usage on schema private to service_role;

-- Stamps updated_at on the tables that have one (their triggers sit beside each table).
create function private.set_updated_at() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.updated_at := now();
  return new;
end;
$$;
comment on function private.set_updated_at() is 'Trigger: stamps updated_at on every update.';

-- Row triggers never see a TRUNCATE: the tables of records nobody may erase (consents,
-- attestations) refuse it with this one, whoever asks (the table's owner too). Its argument names
-- the records.
create function private.refuse_truncate() returns trigger
language plpgsql
set search_path = ''
as $$
begin
  raise exception '% are immutable: they cannot be truncated', tg_argv[0] using errcode = '42501';
end;
$$;
comment on function private.refuse_truncate() is
  'Trigger (before truncate, for each statement): refuses TRUNCATE of records nobody may erase; tg_argv[0] names them.';
revoke all on function private.refuse_truncate() from public, anon, authenticated;

-- The call API's limits, as supabase/functions/_shared/contract/limits.ts declares them (the
-- functions, their messages and the dashboard import that file; supabase/tests/contract-checks
-- keeps the two equal). SQL reads every one of these numbers from here, never as a literal, so a
-- limit changes in two places side by side. Immutable, so check constraints and column defaults
-- may use it; executable by every role, because a constraint runs with the inserting role's rights.
create function private.limits() returns jsonb
language sql
immutable
parallel safe
set search_path = ''
as $$
  select '{
    "goalMaxLength": 4000,
    "firstSentenceMaxLength": 500,
    "voicemailMessageMaxLength": 500,
    "maxDurationMinutes": { "min": 1, "max": 30, "default": 10 },
    "retryMaxAttempts": { "min": 0, "max": 5 },
    "retryIntervalMinutes": { "min": 1, "max": 1440 },
    "contextMaxBytes": 8192,
    "metadataMaxBytes": 4096,
    "bodyMaxBytes": 65536,
    "batchBodyMaxBytes": 2097152,
    "batchMaxRows": 1000,
    "batchMaxWebhookHosts": 10,
    "batchMaxOutputSchemas": 10,
    "jsonMaxDepth": 64,
    "activeCallsPerAccount": 10,
    "openTasksPerAccount": 2000,
    "testCallsPerDay": 1000,
    "createsPerMinutePerAccount": 60,
    "checksPerMinutePerAccount": 120,
    "openStreamsPerKey": 20,
    "openStreamsPerAccount": 30,
    "webhookUrlMaxLength": 2048,
    "webhookEndpointsPerAccount": 16,
    "scheduleMaxDays": 30,
    "doNotCallUploadMaxRows": 100000,
    "revokedKeyLogsPerMinute": 30,
    "webhookInFlightPerAccount": 16,
    "webhookInFlightPerDestination": 4,
    "webhookTestEventsPerMinute": 10,
    "webhookResendsPerMinute": 30,
    "phoneNumbersPerAccount": 20,
    "phoneNumberMonthlyCents": 200,
    "phoneNumberGraceDays": 7,
    "callerIdCodeSendsPerHour": 3,
    "callerIdCodeChecks": 5,
    "callerIdCodeMinutes": 10,
    "webCallTurnsMax": 200,
    "agentsPerAccount": 100,
    "documentsPerAgent": 50,
    "documentBytesMax": 1048576,
    "knowledgeBytesPerAccount": 5242880
  }'::jsonb
$$;
comment on function private.limits() is
  'The call API''s limits (contract/limits.ts), for SQL: read one with private.limit_of(name[, part]).';

create function private.limit_of(variadic p_path text[]) returns integer
language sql
immutable
parallel safe
set search_path = ''
as $$
  select (private.limits() #>> p_path)::integer
$$;
comment on function private.limit_of(text[]) is
  'One limit of private.limits(), e.g. limit_of(''activeCallsPerAccount'') or limit_of(''maxDurationMinutes'', ''max'').';
