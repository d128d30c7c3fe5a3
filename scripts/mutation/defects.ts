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
const GUARD = ['supabase/functions/_shared/tasks/webhook-url.test.ts'];
const GUARD_FILE = 'supabase/functions/_shared/tasks/webhook-url.ts';
const PRIVACY_MIGRATION = 'supabase/migrations/20251127003000_retention_and_account_closing.sql';
const PRIVACY_RETENTION = 'supabase/tests/privacy-retention.test.ts';
const ACCOUNT_DELETION = 'supabase/tests/account-deletion.test.ts';

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
    migration: 'supabase/migrations/20251125000100_task_call_path.sql',
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
  // Money
  {
    id: 'bill-ring-time',
    what: 'an unanswered call that reports a duration is billed for its ring time',
    project: 'integration',
    tests: ['supabase/tests/task-calls.test.ts'],
    grep: 'ends (busy|no_answer|failed)',
    kind: 'ts',
    file: 'supabase/functions/_shared/voice/status-machine.ts',
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
    file: 'supabase/local/auth/service.ts',
    find: "        if (isBanned(user)) throw errors.userBanned(400, 'Invalid Refresh Token: User Banned');\n",
    replace: '',
  },
];
