/**
 * Known defects in the money and security code, each planted alone by `npm run test:mutation`
 * (scripts/mutation/run.ts): the suite must turn red for every one.
 *
 * - `sql`: SQL run as the last migration of a fresh integration stack. `fromFunction` copies a
 *   function's newest definition out of a migration (as `create or replace`) and edits it.
 * - `ts`: an edit of a source file (the text must occur exactly once), undone afterwards.
 *
 * `tests` are the test files that should catch it; `grep` narrows them to matching test names.
 */
export type Defect = {
  id: string;
  what: string;
  project: 'unit' | 'integration';
  tests: string[];
  grep?: string;
} & (
  | { kind: 'sql'; sql: string }
  | {
      kind: 'sql-function';
      migration: string;
      /** The `create … function <name>(` line that starts the definition. */
      start: string;
      find: string;
      replace: string;
    }
  | { kind: 'ts'; file: string; find: string; replace: string }
);

const TENANTS = ['supabase/tests/tenant-boundaries.test.ts'];
const GUARD = ['supabase/functions/_shared/webhooks/webhook-url.test.ts'];
const GUARD_FILE = 'supabase/functions/_shared/webhooks/webhook-url.ts';
const PRIVACY_MIGRATION = 'supabase/migrations/20251127003000_retention_and_account_closing.sql';
const PRIVACY_RETENTION = 'supabase/tests/privacy-retention.test.ts';
const ACCOUNT_DELETION = 'supabase/tests/account-deletion.test.ts';
const BATCHES_MIGRATION = 'supabase/migrations/20251127002000_batches.sql';
const CALL_SLOTS_MIGRATION = 'supabase/migrations/20251127002001_task_accept_call_slots.sql';
const TASK_ACCEPT_MIGRATION = 'supabase/migrations/20251128000100_task_accept_one_write.sql';
const BATCHES = ['supabase/tests/task-batches.test.ts'];
const RESULTS = ['supabase/tests/task-results.test.ts'];
const RECORDINGS = ['supabase/tests/recordings.test.ts'];
const RECORDINGS_MIGRATION = 'supabase/migrations/20251130000700_recordings_in_storage.sql';
const BATCH_LIMITS = 'supabase/tests/batch-slots-and-limits.test.ts';

const readableBy = (table: string) =>
  `create policy "planted: anyone reads" on public.${table} for select to authenticated using (true);`;

export const DEFECTS: Defect[] = [
  // Tenant boundaries
  ...['task_events', 'task_attempts', 'webhook_deliveries', 'webhook_delivery_attempts'].map(
    (table): Defect => ({
      id: `rls-${table}`,
      what: `any signed-in user reads every row of ${table}`,
      project: 'integration',
      tests: TENANTS,
      grep: `public.${table} `,
      kind: 'sql',
      sql: readableBy(table),
    }),
  ),
  {
    id: 'rls-credit-purchases',
    what: "any signed-in user reads every account's purchases",
    project: 'integration',
    tests: TENANTS,
    grep: 'public.credit_purchases ',
    kind: 'sql',
    sql: readableBy('credit_purchases'),
  },
  {
    id: 'rls-kyc-write',
    what: "a signed-in user may change anyone's KYC record",
    project: 'integration',
    tests: TENANTS,
    grep: 'public.user_kyc ',
    kind: 'sql',
    sql: `create policy "planted: anyone reads" on public.user_kyc for select to authenticated using (true);
create policy "planted: anyone changes" on public.user_kyc for update to authenticated using (true) with check (true);`,
  },
  {
    id: 'grant-record-credit-purchase',
    what: 'users may call record_credit_purchase (credit themselves)',
    project: 'integration',
    tests: TENANTS,
    grep: 'catalog',
    kind: 'sql',
    sql: 'grant execute on function public.record_credit_purchase(uuid, numeric, text, text) to authenticated;',
  },
  {
    id: 'table-without-case',
    what: 'a new public table nobody wrote a boundary case for',
    project: 'integration',
    tests: TENANTS,
    grep: 'catalog',
    kind: 'sql',
    sql: 'create table public.do_not_call_numbers (phone text primary key);',
  },
  {
    id: 'idempotency-unscoped',
    what: "an Idempotency-Key is looked up across accounts (one account replays another's task)",
    project: 'integration',
    tests: TENANTS,
    grep: 'Idempotency-Key',
    kind: 'sql-function',
    migration: TASK_ACCEPT_MIGRATION,
    start: 'create or replace function public.task_accept(',
    find: '    select * into existing from public.task_idempotency_keys\n     where user_id = p_user_id and key = p_idempotency_key;',
    replace:
      '    select * into existing from public.task_idempotency_keys\n     where key = p_idempotency_key;',
  },
  // Our own limits
  {
    id: 'phone-check-counter',
    what: 'the 5-checks-per-code counter is gone (only Twilio would count)',
    project: 'integration',
    tests: ['supabase/tests/phone-verification.test.ts'],
    grep: '5-check|5 checks',
    kind: 'sql',
    sql: `create or replace function public.begin_phone_verification_check(p_user_id uuid, p_phone text)
returns text language plpgsql security definer set search_path = '' as $$
begin
  if not exists (select 1 from private.phone_verifications
                  where user_id = p_user_id and phone = p_phone and status = 'pending') then
    return 'no_code';
  end if;
  return 'ok';
end;
$$;`,
  },
  {
    id: 'sms-result-twice',
    what: 'the result text of an SMS task is claimed again by every later provider message',
    project: 'integration',
    tests: ['supabase/tests/sms-inbound.test.ts'],
    grep: 'turns a text',
    kind: 'sql-function',
    migration: 'supabase/migrations/20251123001100_sms_tasks.sql',
    start: 'create function public.sms_claim_task_notification(',
    find: '       and n.sent_at is null\n',
    replace: '',
  },
  {
    id: 'key-refusal-after-body',
    what: 'a create with an unknown key and a bad body is told about the body, not the key',
    project: 'integration',
    tests: ['supabase/tests/task-api.test.ts'],
    grep: 'without a valid key so first',
    kind: 'ts',
    file: 'supabase/functions/_shared/http/routes.ts',
    find: '        if (who.credential !== null && error instanceof ServiceError)\n          await auth.authenticate(context.request);\n',
    replace: '',
  },
  // Money
  {
    id: 'bill-ring-time',
    what: 'an unanswered call that reports a duration is billed for its ring time',
    project: 'integration',
    tests: ['supabase/tests/task-calls.test.ts'],
    grep: 'ends (busy|no_answer|failed)',
    kind: 'ts',
    file: 'supabase/functions/_shared/tasks/status-machine.ts',
    find: "const answered = status === 'success' || status === 'voicemail' || attempt.answeredAt !== null;",
    replace: 'const answered = event.durationSeconds > 0 || attempt.answeredAt !== null;',
  },
  {
    id: 'watchdog-no-hang-up',
    what: 'the watchdog never hangs up a call talking past its cap',
    project: 'integration',
    tests: ['supabase/tests/dispatch.test.ts'],
    grep: 'hangs up',
    kind: 'ts',
    file: 'supabase/functions/_shared/dispatch/dispatcher.ts',
    find: "} else if (ended || (task.past_cap && task.status === 'in_progress')) {",
    replace: '} else if (ended) {',
  },
  // The webhook-target guard
  {
    id: 'guard-this-network',
    what: '0.0.0.0/8 counts as public',
    project: 'unit',
    tests: GUARD,
    kind: 'ts',
    file: GUARD_FILE,
    find: "  { cidr: '0.0.0.0/8', kind: 'reserved' },",
    replace: '',
  },
  {
    id: 'guard-shared-space',
    what: '100.64.0.0/10 counts as public',
    project: 'unit',
    tests: GUARD,
    kind: 'ts',
    file: GUARD_FILE,
    find: "  { cidr: '100.64.0.0/10', kind: 'private' },",
    replace: '',
  },
  // (Dropping a row outside 2000::/3, such as NAT64's 64:ff9b::/96, changes nothing: the guard
  // refuses all IPv6 space outside 2000::/3 anyway, so that defect is not listed.)
  {
    id: 'guard-6to4',
    what: '2002::/16 (6to4, which carries an IPv4 address) counts as public',
    project: 'unit',
    tests: GUARD,
    kind: 'ts',
    file: GUARD_FILE,
    find: "  { cidr: '2002::/16', kind: 'reserved' }, // 6to4",
    replace: '',
  },
  {
    id: 'guard-mapped-v4',
    what: 'IPv4-mapped IPv6 addresses are not unwrapped',
    project: 'unit',
    tests: GUARD,
    kind: 'ts',
    file: GUARD_FILE,
    find: 'if (ip.bits === 128 && ip.value >> 32n === 0xffffn)',
    replace: 'if (ip.bits === 128 && ip.value >> 32n === 0xfffen)',
  },
  {
    id: 'guard-metadata-local',
    what: 'the metadata address is allowed where private targets are (the local stack)',
    project: 'unit',
    tests: GUARD,
    kind: 'ts',
    file: GUARD_FILE,
    find: "  { cidr: '169.254.169.254/32', kind: 'metadata' }, // AWS, GCP, Azure, OpenStack",
    replace: "  { cidr: '169.254.169.254/32', kind: 'private' },",
  },
  {
    id: 'guard-no-dns',
    what: 'a host name is never resolved and checked at creation',
    project: 'unit',
    tests: GUARD,
    kind: 'ts',
    file: GUARD_FILE,
    find: "  return literal || host === 'localhost' || host.endsWith('.localhost') ? null : host;",
    replace: '  return literal || true ? null : host;',
  },
  // Privacy: retention, the export, closing an account (docs/decisions/0013)
  {
    id: 'retention-keeps-turn-text',
    what: "erasing a call's content leaves the transcript's words in its event log",
    project: 'integration',
    tests: [PRIVACY_RETENTION],
    grep: 'erased for good',
    kind: 'sql-function',
    migration: PRIVACY_MIGRATION,
    start: 'create function private.retention_erase_call_content(',
    find: "set data = jsonb_set(e.data, '{text}', 'null'::jsonb), dedupe_key = null",
    replace: 'set data = e.data',
  },
  {
    id: 'close-keeps-api-key',
    what: 'closing an account leaves its API key live',
    project: 'integration',
    tests: [ACCOUNT_DELETION],
    grep: 'stops everything at once',
    kind: 'sql-function',
    migration: PRIVACY_MIGRATION,
    start: 'create function public.account_close(',
    find: '  update public.api_keys set revoked = true, revoked_at = p_now where user_id = p_user_id and not revoked;\n',
    replace: '',
  },
  {
    id: 'export-full-api-key',
    what: 'the data export shows the full API key',
    project: 'integration',
    tests: ['supabase/tests/account-export.test.ts'],
    grep: 'masked',
    kind: 'sql-function',
    migration: PRIVACY_MIGRATION,
    start: 'create function public.account_export(',
    find: "'key', left(k.api_key, 10) || '…' || right(k.api_key, 10),",
    replace: "'key', k.api_key,",
  },
  {
    id: 'local-auth-refresh-ignores-ban',
    what: 'the local auth server refreshes the session of a banned user',
    project: 'integration',
    tests: [ACCOUNT_DELETION],
    grep: 'refuse sign-in and refresh',
    kind: 'ts',
    file: 'supabase/local/auth/sessions.ts',
    find: "        if (isBanned(user)) throw errors.userBanned(400, 'Invalid Refresh Token: User Banned');\n",
    replace: '',
  },
  // This wave: batches, results and recordings, retention, holds and timestamps
  ...['batches', 'batch_events', 'do_not_call'].map((table): Defect => ({
    id: `rls-${table.replaceAll('_', '-')}`,
    what: `any signed-in user reads every row of ${table}`,
    project: 'integration',
    tests: TENANTS,
    grep: `public.${table} `,
    kind: 'sql',
    sql: readableBy(table),
  })),
  {
    id: 'grant-task-recording',
    what: "users may call task_recording (read any account's audio by passing its id)",
    project: 'integration',
    tests: TENANTS,
    grep: 'catalog',
    kind: 'sql',
    sql: 'grant execute on function public.task_recording(uuid, text, timestamptz) to authenticated;',
  },
  {
    id: 'grant-batch-cancel',
    what: "users may call batch_cancel (cancel any account's batch by passing its id)",
    project: 'integration',
    tests: TENANTS,
    grep: 'catalog',
    kind: 'sql',
    sql: 'grant execute on function public.batch_cancel(uuid, text) to authenticated;',
  },
  {
    id: 'private-recordings-readable',
    what: 'signed-in users hold select on private.task_recordings (the audio of every call)',
    project: 'integration',
    tests: TENANTS,
    grep: 'private schema',
    kind: 'sql',
    sql: 'grant usage on schema private to authenticated;\ngrant select on private.task_recordings to authenticated;',
  },
  {
    id: 'batch-cancel-any-account',
    what: "another account's key cancels the victim's batch",
    project: 'integration',
    tests: BATCHES,
    grep: 'not found for another account',
    kind: 'sql-function',
    migration: BATCHES_MIGRATION,
    start: 'create function public.batch_cancel(',
    find: 'select 1 from public.batches where id = p_batch_id and user_id = p_user_id',
    replace: 'select 1 from public.batches where id = p_batch_id',
  },
  {
    id: 'batch-admits-eleventh',
    what: 'a batch admits an 11th live call of the account',
    project: 'integration',
    tests: [...BATCHES, BATCH_LIMITS],
    grep: 'at most 10 calls live|free slots',
    kind: 'sql-function',
    migration: BATCHES_MIGRATION,
    start: 'create function private.admit_waiting_tasks(',
    find: '    exit when active >= 10;',
    replace: '    exit when active >= 11;',
  },
  {
    id: 'batch-ignores-live-singles',
    what: "a batch's slots ignore the account's calls created alone (11+ live)",
    project: 'integration',
    tests: [BATCH_LIMITS],
    grep: 'free slots',
    kind: 'sql-function',
    migration: BATCHES_MIGRATION,
    start: 'create function private.admit_waiting_tasks(',
    find: "   where user_id = p_user_id and status in ('queued', 'ringing', 'in_progress') and not awaiting_slot;",
    replace:
      "   where user_id = p_user_id and status in ('queued', 'ringing', 'in_progress') and not awaiting_slot and batch_id is not null;",
  },
  {
    id: 'batch-task-no-hold',
    what: 'a batch task is placed without holding its cost',
    project: 'integration',
    tests: [BATCH_LIMITS],
    grep: 'free slots',
    kind: 'sql-function',
    migration: BATCHES_MIGRATION,
    start: 'create function private.admit_waiting_tasks(',
    find: '       set credits_held = credits_held + hold / 100.0,\n',
    replace: '       set credits_held = credits_held,\n',
  },
  {
    id: 'batch-task-held-twice',
    what: "a batch task's cost is held twice when it is admitted",
    project: 'integration',
    tests: [BATCH_LIMITS],
    grep: 'free slots',
    kind: 'sql-function',
    migration: BATCHES_MIGRATION,
    start: 'create function private.admit_waiting_tasks(',
    find: '       set credits_held = credits_held + hold / 100.0,\n',
    replace: '       set credits_held = credits_held + 2 * hold / 100.0,\n',
  },
  {
    id: 'batch-stops-on-credits',
    what: 'one task it cannot fund fails the rest of its batch too',
    project: 'integration',
    tests: [...BATCHES, BATCH_LIMITS],
    grep: 'cannot fund',
    kind: 'sql-function',
    migration: BATCHES_MIGRATION,
    start: 'create function private.admit_waiting_tasks(',
    find: "       where id = waiting.id;\n      perform private.append_task_event(waiting.id, 'task.completed', '{}'::jsonb);\n      continue;",
    replace:
      "       where status = 'queued' and awaiting_slot\n         and batch_id = (select t.batch_id from public.tasks t where t.id = waiting.id);\n      perform private.append_task_event(waiting.id, 'task.completed', '{}'::jsonb);\n      exit;",
  },
  {
    id: 'batch-idempotency-unscoped',
    what: "a batch Idempotency-Key is looked up across accounts (one account replays another's batch)",
    project: 'integration',
    tests: [...TENANTS, ...BATCHES, BATCH_LIMITS],
    grep: 'Idempotency-Key',
    kind: 'sql-function',
    migration: BATCHES_MIGRATION,
    start: 'create function public.batch_accept(',
    find: '    select * into existing from public.batches\n     where user_id = p_user_id and idempotency_key = p_idempotency_key;',
    replace:
      '    select * into existing from public.batches\n     where idempotency_key = p_idempotency_key;',
  },
  {
    id: 'batch-skips-create-limit',
    what: "a batch request is not counted against the account's 60 creates a minute",
    project: 'integration',
    tests: [BATCH_LIMITS],
    grep: '60 a minute',
    kind: 'sql-function',
    migration: BATCHES_MIGRATION,
    start: 'create function public.batch_accept(',
    find: '  if recent >= 60 then',
    replace: '  if recent >= 6000 then',
  },
  {
    id: 'batch-1001-rows',
    what: 'a batch of 1,001 rows passes the request check',
    project: 'unit',
    tests: ['supabase/functions/_shared/tasks/batch-rows.test.ts'],
    kind: 'ts',
    file: 'supabase/functions/_shared/tasks/schema.ts',
    find: '.max(MAX_BATCH_ROWS, {',
    replace: '.max(MAX_BATCH_ROWS + 1, {',
  },
  {
    id: 'single-create-eleventh',
    what: 'a task created alone becomes the 11th live call',
    project: 'integration',
    tests: ['supabase/tests/task-calls.test.ts'],
    grep: 'at most 10 active calls',
    kind: 'sql-function',
    migration: TASK_ACCEPT_MIGRATION,
    start: 'create or replace function public.task_accept(',
    find: '  if active >= 10 then',
    replace: '  if active > 10 then',
  },
  {
    id: 'retry-ignores-call-slots',
    what: 'a due retry opens an attempt while ten calls hold the slots',
    project: 'integration',
    tests: BATCHES,
    grep: 'due retry',
    kind: 'sql-function',
    migration: CALL_SLOTS_MIGRATION,
    start: 'create or replace function public.task_begin_attempt(',
    find: '          and not awaiting_slot) >= 10 then',
    replace: '          and not awaiting_slot) >= 11 then',
  },
  {
    id: 'create-limit-per-key',
    what: 'the 60 creates a minute are counted per API key again (a second key resets them)',
    project: 'integration',
    tests: ['supabase/tests/task-calls.test.ts'],
    grep: '60 creates',
    kind: 'sql-function',
    migration: TASK_ACCEPT_MIGRATION,
    start: 'create or replace function public.task_accept(',
    find: '    from public.task_create_requests where user_id = p_user_id;',
    replace: '    from public.task_create_requests where api_key_id = p_api_key_id;',
  },
  {
    id: 'stream-limit-21',
    what: 'an API key may hold 21 open event streams',
    project: 'integration',
    tests: ['supabase/tests/task-events-live.test.ts'],
    grep: 'allows 20 per key',
    kind: 'sql-function',
    migration: 'supabase/migrations/20251127005000_session_event_streams.sql',
    start: 'create or replace function public.task_event_stream_open(',
    find: '  if live >= max_streams then',
    replace: '  if live > max_streams then',
  },
  {
    id: 'recording-any-account',
    what: "a recording is served to another account's key",
    project: 'integration',
    tests: RECORDINGS,
    grep: 'another account',
    kind: 'sql-function',
    migration: RECORDINGS_MIGRATION,
    start: 'create or replace function public.task_recording(',
    find: ' and t.user_id = p_user_id',
    replace: '',
  },
  {
    id: 'recording-after-retention',
    what: 'a recording is served after its retention ran out (before the erasure pass)',
    project: 'integration',
    tests: RECORDINGS,
    grep: 'retention ran out',
    kind: 'sql-function',
    migration: RECORDINGS_MIGRATION,
    start: 'create or replace function public.task_recording(',
    find: '\n     and r.expires_at > p_now',
    replace: '',
  },
  {
    id: 'recording-without-record',
    what: 'the audio of a call is kept although record was not asked for',
    project: 'integration',
    tests: RECORDINGS,
    grep: 'without record',
    kind: 'sql-function',
    migration: RECORDINGS_MIGRATION,
    start: 'create function public.task_recording_begin(',
    find: 'if not found or not task.record or task.current_attempt <> p_attempt then',
    replace: 'if not found or task.current_attempt <> p_attempt then',
  },
  {
    id: 'result-unvalidated',
    what: "the provider's structured answer is stored without checking it against output_schema",
    project: 'integration',
    tests: RESULTS,
    grep: 'output_schema',
    kind: 'ts',
    file: 'supabase/functions/_shared/tasks/service.ts',
    find: '        settleResult(row.output_schema, event.structuredResult),\n',
    replace:
      '        { ...settleResult(row.output_schema, event.structuredResult), result: (event.structuredResult as Record<string, unknown> | null) ?? settleResult(row.output_schema, null).result },\n',
  },
  {
    id: 'output-schema-deeper',
    what: 'output_schema may nest one level deeper than allowed',
    project: 'unit',
    tests: ['supabase/functions/_shared/json-schema/output-schema.test.ts'],
    kind: 'ts',
    file: 'supabase/functions/_shared/json-schema/output-schema.ts',
    find: '    if (depth > OUTPUT_SCHEMA_MAX_DEPTH)',
    replace: '    if (depth > OUTPUT_SCHEMA_MAX_DEPTH + 1)',
  },
  {
    id: 'retention-days-91',
    what: 'recording_retention_days of 91 passes the request check',
    project: 'integration',
    tests: RESULTS,
    grep: 'retention outside',
    kind: 'ts',
    file: 'supabase/functions/_shared/tasks/schema.ts',
    find: "integer('recording_retention_days', 1, 90)",
    replace: "integer('recording_retention_days', 1, 91)",
  },
  {
    id: 'retention-erases-cost',
    what: "erasing a call's content also erases its cost and duration",
    project: 'integration',
    tests: [PRIVACY_RETENTION],
    grep: 'erased for good',
    kind: 'sql-function',
    migration: PRIVACY_MIGRATION,
    start: 'create function private.retention_erase_call_content(',
    find: 'result_note = null, content_erased_at = p_now',
    replace: 'result_note = null, cost_cents = 0, duration_seconds = 0, content_erased_at = p_now',
  },
  {
    id: 'retention-keeps-webhook-logs',
    what: 'webhook deliveries and their attempt logs outlive the 30 days',
    project: 'integration',
    tests: [PRIVACY_RETENTION],
    grep: 'webhook delivery logs',
    kind: 'sql-function',
    migration: PRIVACY_MIGRATION,
    start: 'create function private.retention_erase_technical_logs(',
    find: 'select id from public.webhook_deliveries where created_at < cutoff limit p_limit',
    replace: 'select id from public.webhook_deliveries where false',
  },
  {
    id: 'closed-account-places-calls',
    what: 'a closed account can still place calls (the last guard, past the key check, is gone)',
    project: 'integration',
    tests: [ACCOUNT_DELETION],
    grep: 'stops everything at once',
    kind: 'sql',
    sql: "create or replace function private.refuse_tasks_of_closed_accounts() returns trigger language plpgsql set search_path = '' as $$ begin return new; end; $$;",
  },
  {
    id: 'usage-summary-holds-credits',
    what: 'the usage summary reports the balance as held',
    project: 'integration',
    tests: ['supabase/tests/call-times-and-holds.test.ts'],
    kind: 'sql-function',
    migration: 'supabase/migrations/20251127004100_usage_holds.sql',
    start: 'create or replace function public.usage_summary(',
    find: "'credits_held_usd', coalesce((select credits_held from",
    replace: "'credits_held_usd', coalesce((select credits from",
  },
  {
    id: 'started-after-ended',
    what: 'a task may store a start after its end',
    project: 'integration',
    tests: ['supabase/tests/call-times-and-holds.test.ts'],
    kind: 'sql',
    sql: 'drop trigger tasks_call_times_in_order on public.tasks;',
  },
  {
    id: 'watchdog-places-waiting-batch',
    what: 'the watchdog takes a batch task still waiting for a slot for a lost placement and dials it (no hold, past the 10)',
    project: 'integration',
    tests: [BATCH_LIMITS],
    grep: 'free slots',
    kind: 'sql-function',
    migration: BATCHES_MIGRATION,
    start: 'create or replace function public.dispatch_claim_stuck(',
    find: "    select id from public.tasks where status in ('queued', 'ringing', 'in_progress') and not awaiting_slot\n    union\n    select a.task_id from public.task_attempts a where a.settled_at is null\n  ), stuck as (\n    select t.id from candidates c\n      join public.tasks t on t.id = c.id\n      left join public.task_attempts a on a.task_id = t.id and a.number = t.current_attempt\n     where (t.watchdog_checked_at is null or t.watchdog_checked_at < p_now - interval '30 seconds')\n       and (\n         (t.status in ('queued', 'ringing', 'in_progress') and not (t.status = 'queued' and t.awaiting_slot) and (",
    replace:
      "    select id from public.tasks where status in ('queued', 'ringing', 'in_progress')\n    union\n    select a.task_id from public.task_attempts a where a.settled_at is null\n  ), stuck as (\n    select t.id from candidates c\n      join public.tasks t on t.id = c.id\n      left join public.task_attempts a on a.task_id = t.id and a.number = t.current_attempt\n     where (t.watchdog_checked_at is null or t.watchdog_checked_at < p_now - interval '30 seconds')\n       and (\n         (t.status in ('queued', 'ringing', 'in_progress') and (",
  },
];
