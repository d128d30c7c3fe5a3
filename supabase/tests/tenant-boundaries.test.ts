import { randomBytes, randomUUID } from 'node:crypto';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { SupabaseClient } from '@supabase/supabase-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TWILIO_LOCAL, postInboundSms } from '@dialwise/local-stack';
import { createCallingAccount, type CallingAccount } from './support/call-api';
import { anonClient, deleteCreatedUsers, serviceClient } from './support/clients';
import { closeClock, sql } from './support/clock';
import { uniqueUsPhone } from './support/phone';
import { publishableKey, apiUrl } from './support/stack';
import { waitFor } from './support/wait';
import { closeServer } from './support/servers';

// Every tenant boundary, generated from the database itself: each table and view in `public`
// (and each function anon or a signed-in user may execute) is listed from the catalog, and each
// must have a case below, or this file fails. For each table, anon and another signed-in user try
// to read, add, change, upsert and delete a victim's real rows through PostgREST, and the service
// role checks afterwards that nothing was read or changed.

const admin = serviceClient();
const TERMINAL = ['success', 'no_answer', 'busy', 'voicemail', 'failed', 'canceled'];

type Victim = CallingAccount & {
  phone: string;
  apiKeyId: string;
  /** The victim's test key, which its owner may read again. */
  testKey: { id: string; key: string };
  taskId: string;
  smsTaskId: string;
  batchId: string;
  deliveryIds: string[];
  endpointId: string;
  contactEmail: string;
  /** A number the victim bought (its first month charged). */
  phoneNumberId: string;
  /** An agent of the victim's, with a document, a test suite and a run. */
  agentId: string;
  documentId: string;
  suiteId: string;
  runId: string;
};

type TableCase = {
  /** The column and values that pick the victim's rows. */
  column: string;
  values: (v: Victim) => string[];
  /** What to select (PostgREST expands `*` to every column, some of which the owner may not read). */
  columns?: string;
  /** The owner reads these rows through REST: the select check is not empty by accident. */
  ownerReads: boolean;
  /** A row claiming to be the victim's, valid in every other way. */
  forged: (v: Victim) => Record<string, unknown>;
  /** A change an attacker would like to make to the victim's rows. */
  patch: (v: Victim) => Record<string, unknown>;
};

const hex = (bytes: number) => randomBytes(bytes).toString('hex');
const forgedTaskId = () =>
  `task_${Array.from({ length: 26 }, () => '0123456789ABCDEFGHJKMNPQRSTVWXYZ'[Math.floor(Math.random() * 32)]).join('')}`;

/** One case per table or view in `public`. A table missing here fails the first test. */
const TABLES: Record<string, TableCase> = {
  profiles: {
    column: 'id',
    values: (v) => [v.user.id],
    ownerReads: true,
    forged: (v) => ({ id: v.user.id, credits: 1000 }),
    patch: () => ({ credits: 1_000_000 }),
  },
  user_kyc: {
    column: 'user_id',
    values: (v) => [v.user.id],
    ownerReads: true,
    forged: (v) => ({
      user_id: v.user.id,
      business_type: 'business',
      legal_name: 'Forged LLC',
      address: '1 Forged Street',
      use_case: 'Forgery',
      kyc_status: 'pending',
    }),
    patch: () => ({ legal_name: 'Forged LLC', kyc_status: 'incomplete' }),
  },
  api_keys: {
    column: 'user_id',
    values: (v) => [v.user.id],
    // Every column but the hash, which nobody reads through REST.
    columns:
      'id, user_id, name, key_prefix, key_last4, livemode, created_at, last_used_at, revoked',
    ownerReads: true,
    forged: (v) => ({
      user_id: v.user.id,
      key_hash: hex(32),
      key_prefix: 'dw_live_',
      key_last4: 'abcd',
    }),
    patch: () => ({ revoked: true, last_used_at: new Date().toISOString() }),
  },
  api_request_logs: {
    column: 'user_id',
    values: (v) => [v.user.id],
    ownerReads: true,
    forged: (v) => ({
      user_id: v.user.id,
      key_mask: 'dw_live_…abcd',
      livemode: true,
      source: 'api',
      created_at: new Date().toISOString(),
      method: 'POST',
      path: '/task',
      status: 201,
      request_id: 'req_forged',
      latency_ms: 1,
    }),
    patch: () => ({ status: 500, request_body: 'forged' }),
  },
  credit_purchases: {
    column: 'user_id',
    values: (v) => [v.user.id],
    ownerReads: true,
    forged: (v) => ({
      user_id: v.user.id,
      amount: 500,
      payment_reference: `cs_forged_${randomUUID()}`,
    }),
    patch: () => ({ amount: 5000 }),
  },
  agent_settings: {
    column: 'user_id',
    values: (v) => [v.user.id],
    ownerReads: true,
    forged: (v) => ({ user_id: v.user.id, voice: 'Roger' }),
    patch: () => ({ voice: 'George', language: 'de' }),
  },
  webhook_secrets: {
    column: 'user_id',
    values: (v) => [v.user.id],
    ownerReads: true,
    forged: (v) => ({ user_id: v.user.id, secret: `whsec_${randomBytes(24).toString('base64')}` }),
    patch: () => ({ secret: `whsec_${randomBytes(24).toString('base64')}` }),
  },
  tasks: {
    column: 'user_id',
    values: (v) => [v.user.id],
    columns: 'id, user_id, status, goal, summary, transcript',
    ownerReads: true,
    forged: (v) => ({
      id: forgedTaskId(),
      user_id: v.user.id,
      phone_number: '+14155550100',
      goal: 'Forged',
      voice: 'Aria',
      language: 'en',
      speaking_style: 'Professional',
      first_sentence: 'Hi.',
      provider_token_hash: 'x',
    }),
    patch: () => ({ status: 'canceled', summary: 'forged', billed_minutes: 0 }),
  },
  task_attempts: {
    column: 'task_id',
    values: (v) => [v.taskId, v.smsTaskId],
    ownerReads: true,
    forged: (v) => ({ task_id: v.taskId, number: 99 }),
    patch: () => ({ billed_minutes: 0, cost_cents: 0 }),
  },
  phone_numbers: {
    column: 'id',
    values: (v) => [v.phoneNumberId],
    // The provider's id of the number is not the owner's to read.
    columns: 'id, user_id, phone_number, source, status, is_default, monthly_price_cents',
    ownerReads: true,
    forged: (v) => ({
      id: `num_${'F'.repeat(26)}`,
      user_id: v.user.id,
      phone_number: '+13055550177',
      source: 'purchased',
      status: 'active',
      provider_phone_number_id: 'forged',
    }),
    patch: () => ({ status: 'released', is_default: false, monthly_price_cents: 0 }),
  },
  agents: {
    column: 'id',
    values: (v) => [v.agentId],
    ownerReads: true,
    forged: (v) => ({ id: `agt_${'F'.repeat(26)}`, user_id: v.user.id, name: 'Forged agent' }),
    patch: () => ({ name: 'Hijacked', archived_at: new Date().toISOString(), latest_version: 9 }),
  },
  agent_versions: {
    column: 'agent_id',
    values: (v) => [v.agentId],
    ownerReads: true,
    forged: (v) => ({ agent_id: v.agentId, version: 99, config: { goal: 'Forged goal' } }),
    patch: () => ({ config: { goal: 'Say you are a human.' } }),
  },
  agent_documents: {
    column: 'id',
    values: (v) => [v.documentId],
    ownerReads: true,
    forged: (v) => ({
      id: `doc_${'F'.repeat(26)}`,
      agent_id: v.agentId,
      user_id: v.user.id,
      name: 'forged.md',
      format: 'text',
      bytes: 6,
      passages: 1,
    }),
    patch: () => ({ name: 'forged.md' }),
  },
  agent_document_passages: {
    column: 'document_id',
    values: (v) => [v.documentId],
    ownerReads: true,
    forged: (v) => ({
      document_id: v.documentId,
      position: 99,
      agent_id: v.agentId,
      place: 'line 1',
      content: 'Forged answer.',
      search_config: 'english',
    }),
    patch: () => ({ content: 'Forged answer.' }),
  },
  agent_test_suites: {
    column: 'id',
    values: (v) => [v.suiteId],
    ownerReads: true,
    forged: (v) => ({
      id: `suite_${'F'.repeat(26)}`,
      agent_id: v.agentId,
      user_id: v.user.id,
      name: 'Forged suite',
      scenarios: [],
    }),
    patch: () => ({ scenarios: [] }),
  },
  agent_test_runs: {
    column: 'id',
    values: (v) => [v.runId],
    ownerReads: true,
    forged: (v) => ({
      id: `run_${'F'.repeat(26)}`,
      agent_id: v.agentId,
      agent_version: 1,
      suite_id: v.suiteId,
      user_id: v.user.id,
      status: 'passed',
    }),
    // A passed run clears a version for live calls: nobody but the platform writes one.
    patch: () => ({ status: 'passed', results: [] }),
  },
  phone_number_charges: {
    column: 'phone_number_id',
    values: (v) => [v.phoneNumberId],
    ownerReads: true,
    forged: (v) => ({
      user_id: v.user.id,
      phone_number_id: v.phoneNumberId,
      amount_cents: 1,
      period_start: '2026-01-01T00:00:00Z',
      period_end: '2026-02-01T00:00:00Z',
    }),
    patch: () => ({ amount_cents: 1 }),
  },
  legal_basis_attestations: {
    column: 'user_id',
    values: (v) => [v.user.id],
    ownerReads: true,
    forged: (v) => ({
      user_id: v.user.id,
      basis: 'exemption',
      exemption: 'emergency',
      statement: 'forged',
      attested_via: 'dashboard',
    }),
    patch: () => ({ basis: 'withdrawn', statement: 'forged' }),
  },
  task_consents: {
    column: 'task_id',
    values: (v) => [v.taskId],
    ownerReads: true,
    forged: (v) => ({
      task_id: v.smsTaskId,
      user_id: v.user.id,
      purpose: 'marketing',
      type: 'written',
      obtained_at: '2026-01-01T00:00:00Z',
      source: 'forged',
      reference: 'forged',
    }),
    patch: () => ({ reference: 'forged', obtained_at: '2000-01-01T00:00:00Z' }),
  },
  task_events: {
    column: 'task_id',
    values: (v) => [v.taskId, v.smsTaskId],
    ownerReads: true,
    forged: (v) => ({ task_id: v.taskId, seq: 9999, type: 'task.completed', data: {} }),
    patch: () => ({ data: { forged: true } }),
  },
  task_idempotency_keys: {
    column: 'user_id',
    values: (v) => [v.user.id],
    ownerReads: false,
    forged: (v) => ({
      user_id: v.user.id,
      key: `forged-${randomUUID()}`,
      request_hash: 'x',
      task_id: v.taskId,
    }),
    patch: () => ({ request_hash: 'forged' }),
  },
  task_create_requests: {
    column: 'user_id',
    values: (v) => [v.user.id],
    ownerReads: false,
    forged: (v) => ({ user_id: v.user.id, api_key_id: v.apiKeyId }),
    // Moving the victim's requests back would lift (or forging them would spend) their limit.
    patch: () => ({ created_at: '2000-01-01T00:00:00Z' }),
  },
  webhook_endpoints: {
    column: 'user_id',
    values: (v) => [v.user.id],
    ownerReads: true,
    forged: (v) => ({
      user_id: v.user.id,
      url: 'https://attacker.example/hook',
      livemode: true,
      secret_hint: 'whsec_forg',
    }),
    // Pointing the victim's events at the attacker, or switching them off.
    patch: () => ({ url: 'https://attacker.example/hook', enabled: false, event_types: null }),
  },
  webhook_endpoint_secrets: {
    column: 'endpoint_id',
    values: (v) => [v.endpointId],
    ownerReads: false,
    forged: (v) => ({
      endpoint_id: v.endpointId,
      secret: `whsec_${randomBytes(24).toString('base64')}`,
    }),
    patch: () => ({ secret: `whsec_${randomBytes(24).toString('base64')}` }),
  },
  webhook_deliveries: {
    column: 'user_id',
    values: (v) => [v.user.id],
    ownerReads: true,
    forged: (v) => ({
      user_id: v.user.id,
      task_id: v.taskId,
      event_seq: 9999,
      event_type: 'task.completed',
      url: 'https://attacker.example/hook',
    }),
    patch: () => ({ url: 'https://attacker.example/hook', status: 'pending' }),
  },
  webhook_delivery_attempts: {
    column: 'delivery_id',
    values: (v) => v.deliveryIds,
    ownerReads: true,
    forged: (v) => ({ delivery_id: v.deliveryIds[0], number: 99, latency_ms: 1 }),
    patch: () => ({ status_code: 500, error: 'forged' }),
  },
  contact_requests: {
    column: 'email',
    values: (v) => [v.contactEmail],
    ownerReads: false,
    forged: (v) => ({
      full_name: 'Forged',
      email: v.contactEmail,
      company_name: 'Forged',
      role: 'Forged',
      message: 'Forged',
    }),
    patch: () => ({ message: 'forged' }),
  },
  sms_inbound_messages: {
    column: 'user_id',
    values: (v) => [v.user.id],
    ownerReads: false,
    forged: (v) => ({
      message_sid: `SM${hex(16)}`,
      from_phone: v.phone,
      user_id: v.user.id,
      task_id: v.smsTaskId,
    }),
    patch: () => ({ reply: 'forged' }),
  },
  sms_opt_outs: {
    column: 'phone',
    values: (v) => [v.phone],
    ownerReads: false,
    forged: (v) => ({ phone: v.phone }),
    patch: () => ({ created_at: '2000-01-01T00:00:00Z' }),
  },
  do_not_call: {
    column: 'user_id',
    values: (v) => [v.user.id],
    ownerReads: true,
    forged: (v) => ({ user_id: v.user.id, phone_number: '+14155550166', source: 'account' }),
    // Lifting the victim's do-not-call entry would let the victim's account call that number.
    patch: () => ({ phone_number: '+14155550155' }),
  },
  task_event_streams: {
    column: 'user_id',
    values: (v) => [v.user.id],
    ownerReads: false,
    forged: (v) => ({
      id: randomUUID(),
      api_key_id: v.apiKeyId,
      user_id: v.user.id,
      task_id: v.taskId,
      ends_by: new Date(Date.now() + 3_600_000).toISOString(),
      expires_at: new Date(Date.now() + 3_600_000).toISOString(),
    }),
    // Lengthening (or taking) the victim's stream slots would lock the victim's key out.
    patch: () => ({ expires_at: '2999-01-01T00:00:00Z' }),
  },
  batches: {
    column: 'user_id',
    values: (v) => [v.user.id],
    columns: 'id, user_id, status, total, webhook_url',
    ownerReads: true,
    forged: (v) => ({
      id: forgedTaskId().replace('task_', 'batch_'),
      user_id: v.user.id,
      total: 1,
    }),
    // Pointing the victim's batch webhook elsewhere, or marking it done.
    patch: () => ({ webhook_url: 'https://attacker.example/hook', status: 'completed' }),
  },
  batch_events: {
    column: 'batch_id',
    values: (v) => [v.batchId],
    ownerReads: true,
    forged: (v) => ({ batch_id: v.batchId, seq: 9999, type: 'batch.completed', data: {} }),
    patch: () => ({ data: { forged: true } }),
  },
  sms_task_notifications: {
    column: 'task_id',
    values: (v) => [v.smsTaskId],
    ownerReads: false,
    forged: (v) => ({ task_id: v.taskId, to_phone: '+14155550199' }),
    // Redirecting the result text of the victim's task to another phone.
    patch: () => ({ to_phone: '+14155550199', sent_at: null }),
  },
};

type Actor = { name: string; client: () => SupabaseClient };

type RpcCase = {
  /** What `actor` tries against the victim; it asserts that nothing was read or changed. */
  attempt: (actor: SupabaseClient, v: Victim, kind: 'anon' | 'user') => Promise<void>;
};

const INSUFFICIENT_PRIVILEGE = '42501';

/** One case per function in `public` that anon or authenticated may execute. */
const RPCS: Record<string, RpcCase> = {
  'generate_api_key_for_user(uuid,boolean,text)': {
    async attempt(client, v) {
      const before = await snapshot('api_keys', v);
      const { data, error } = await client.rpc('generate_api_key_for_user', {
        user_uuid: v.user.id,
      });
      expect(data).toBeNull();
      expect(error?.code).toBe(INSUFFICIENT_PRIVILEGE);
      expect(await snapshot('api_keys', v)).toEqual(before);
    },
  },
  'attest_legal_basis(text,text)': {
    async attempt(client, v, kind) {
      const before = await snapshot('legal_basis_attestations', v);
      const { data, error } = await client.rpc('attest_legal_basis', {
        p_basis: 'exemption',
        p_exemption: 'emergency',
      });
      // Anon may not; a user attests for their own account only, never the victim's.
      if (kind === 'anon') expect(error?.code).toBe(INSUFFICIENT_PRIVILEGE);
      else expect(JSON.stringify(data)).not.toContain(v.user.id);
      expect(await snapshot('legal_basis_attestations', v)).toEqual(before);
    },
  },
  'test_api_key()': {
    async attempt(client, v, kind) {
      const before = await snapshot('api_keys', v);
      const { data, error } = await client.rpc('test_api_key');
      // Anon may not; a user gets (or makes) their own test key, never the victim's.
      if (kind === 'anon') expect(error?.code).toBe(INSUFFICIENT_PRIVILEGE);
      else expect((data as { key: string }).key).not.toBe(v.testKey.key);
      expect(await snapshot('api_keys', v)).toEqual(before);
    },
  },
  'reveal_test_api_key(uuid)': {
    async attempt(client, v, kind) {
      const { data, error } = await client.rpc('reveal_test_api_key', { p_key_id: v.testKey.id });
      if (kind === 'anon') expect(error?.code).toBe(INSUFFICIENT_PRIVILEGE);
      else expect(data).toBeNull();
      // The owner does read it: the check above is not empty by accident.
      expect((await v.client.rpc('reveal_test_api_key', { p_key_id: v.testKey.id })).data).toBe(
        v.testKey.key,
      );
    },
  },
  'revoke_api_key(uuid)': {
    async attempt(client, v) {
      const before = await snapshot('api_keys', v);
      const { error } = await client.rpc('revoke_api_key', { p_key_id: v.apiKeyId });
      expect(error?.code).toMatch(/^(42501|P0002)$/);
      expect(await snapshot('api_keys', v)).toEqual(before);
    },
  },
  'rotate_webhook_secret()': {
    async attempt(client, v, kind) {
      const before = await snapshot('webhook_secrets', v);
      const { data, error } = await client.rpc('rotate_webhook_secret');
      if (kind === 'anon') expect(error?.code).toBe(INSUFFICIENT_PRIVILEGE);
      // A user rotates their own secret, never the victim's.
      else expect((data as { user_id: string }).user_id).not.toBe(v.user.id);
      expect(await snapshot('webhook_secrets', v)).toEqual(before);
    },
  },
  'resend_webhook_delivery(uuid)': {
    async attempt(client, v, kind) {
      const before = await snapshot('webhook_deliveries', v);
      const { error } = await client.rpc('resend_webhook_delivery', {
        p_delivery_id: v.deliveryIds[0],
      });
      // Another user's delivery is answered like a missing one.
      expect(error?.code).toBe(kind === 'anon' ? INSUFFICIENT_PRIVILEGE : 'P0002');
      expect(await snapshot('webhook_deliveries', v)).toEqual(before);
    },
  },
  'scheduler_health(timestamp with time zone)': {
    async attempt(client, v) {
      // Public by design: the status page's summary, with nothing of any account in it.
      const { data, error } = await client.rpc('scheduler_health');
      expect(error).toBeNull();
      expect(Object.keys(data as object).sort()).toEqual([
        'failed_runs_last_hour',
        'heartbeat_seconds',
        'last_run_at',
        'last_run_ok',
        'last_tick_at',
        'runs_last_hour',
        'status',
      ]);
      expect(JSON.stringify(data)).not.toContain(v.user.id);
    },
  },
  'update_webhook_endpoint(uuid,text,text[],boolean)': {
    async attempt(client, v, kind) {
      const before = await snapshot('webhook_endpoints', v);
      const { error } = await client.rpc('update_webhook_endpoint', {
        p_endpoint_id: v.endpointId,
        p_description: 'forged',
        p_event_types: ['task.completed'],
        p_enabled: false,
      });
      // Another user's endpoint is answered like a missing one.
      expect(error?.code).toBe(kind === 'anon' ? INSUFFICIENT_PRIVILEGE : 'P0002');
      expect(await snapshot('webhook_endpoints', v)).toEqual(before);
    },
  },
  'delete_webhook_endpoint(uuid)': {
    async attempt(client, v, kind) {
      const before = await snapshot('webhook_endpoints', v);
      const { error } = await client.rpc('delete_webhook_endpoint', {
        p_endpoint_id: v.endpointId,
      });
      expect(error?.code).toBe(kind === 'anon' ? INSUFFICIENT_PRIVILEGE : 'P0002');
      expect(await snapshot('webhook_endpoints', v)).toEqual(before);
    },
  },
  'roll_webhook_endpoint_secret(uuid)': {
    async attempt(client, v, kind) {
      const before = await snapshot('webhook_endpoint_secrets', v);
      const { data, error } = await client.rpc('roll_webhook_endpoint_secret', {
        p_endpoint_id: v.endpointId,
      });
      expect(data).toBeNull();
      expect(error?.code).toBe(kind === 'anon' ? INSUFFICIENT_PRIVILEGE : 'P0002');
      expect(await snapshot('webhook_endpoint_secrets', v)).toEqual(before);
    },
  },
  'send_webhook_endpoint_test(uuid)': {
    async attempt(client, v, kind) {
      const before = await snapshot('webhook_deliveries', v);
      const { data, error } = await client.rpc('send_webhook_endpoint_test', {
        p_endpoint_id: v.endpointId,
      });
      expect(data).toBeNull();
      expect(error?.code).toBe(kind === 'anon' ? INSUFFICIENT_PRIVILEGE : 'P0002');
      expect(await snapshot('webhook_deliveries', v)).toEqual(before);
    },
  },
  'usage_daily(integer,text)': {
    async attempt(client, v, kind) {
      const { data, error } = await client.rpc('usage_daily', { p_days: 7 });
      if (kind === 'anon') {
        expect(error?.code).toBe(INSUFFICIENT_PRIVILEGE);
        return;
      }
      type Day = { calls: number; minutes: number };
      // The victim's days hold its calls; the attacker's hold none of them.
      const mine = (await v.client.rpc('usage_daily', { p_days: 7 })).data as Day[];
      expect(mine.reduce((sum, day) => sum + day.calls, 0)).toBeGreaterThan(0);
      expect(error).toBeNull();
      expect((data as Day[]).reduce((sum, day) => sum + day.calls + day.minutes, 0)).toBe(0);
    },
  },
  'usage_summary()': {
    async attempt(client, v, kind) {
      const { data, error } = await client.rpc('usage_summary');
      if (kind === 'anon') {
        expect(error?.code).toBe(INSUFFICIENT_PRIVILEGE);
        return;
      }
      // The victim has billed minutes this month; the attacker placed no call.
      const mine = (await v.client.rpc('usage_summary')).data as { month_minutes: number };
      expect(mine.month_minutes).toBeGreaterThan(0);
      expect(error).toBeNull();
      expect((data as { month_minutes: number }).month_minutes).toBe(0);
    },
  },
};

/** The victim's rows of `table` as the service role sees them, in a stable order. */
async function snapshot(table: string, v: Victim) {
  const c = TABLES[table]!;
  const { data, error } = await admin.from(table).select('*').in(c.column, c.values(v));
  if (error) throw new Error(`${table}: ${error.message}`);
  return (data as Record<string, unknown>[])
    .map((row) => JSON.stringify(row, Object.keys(row).sort()))
    .sort();
}

let victim: Victim;
let attacker: CallingAccount;
let receiver: Server;
const received: string[] = [];

/** Answers every webhook POST with 200, like an integrator's endpoint. */
async function startReceiver() {
  receiver = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      received.push(String(req.headers['webhook-id']));
      res.writeHead(200).end('ok');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  return `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hooks`;
}

async function taskRow(id: string) {
  const { data, error } = await admin.from('tasks').select('status').eq('id', id).single();
  if (error) throw error;
  return data as { status: string };
}

/** A victim with a row in every table, made the way the product makes them. */
async function createVictim(): Promise<Victim> {
  const phone = uniqueUsPhone();
  const account = await createCallingAccount({ label: 'victim', credits: 5, phone });
  const hookUrl = await startReceiver();

  // Agent settings from the dashboard.
  const settings = await account.client
    .from('agent_settings')
    .insert({ user_id: account.user.id, voice: 'Sarah' });
  if (settings.error) throw settings.error;

  // A call with a webhook and an Idempotency-Key: tasks, attempts, events (transcript and
  // summary), idempotency keys, create requests, webhook deliveries and their attempts.
  const placed = await account.api('', {
    method: 'POST',
    json: {
      phone_number: '+14155550100',
      goal: "Confirm the victim's private appointment",
      webhook_url: hookUrl,
      // Its consent record (task_consents) is the victim's too.
      consent: {
        type: 'express',
        obtained_at: '2026-01-01T00:00:00Z',
        source: 'signed intake form',
        reference: 'victim-intake-1',
      },
    },
    headers: { 'Idempotency-Key': `victim-${randomUUID()}` },
  });
  if (placed.status !== 201) throw new Error(`POST /task: ${placed.status} ${await placed.text()}`);
  const taskId = ((await placed.json()) as { id: string }).id;
  await waitFor(
    () => taskRow(taskId),
    (t) => TERMINAL.includes(t.status),
    {
      what: "the victim's call ending",
    },
  );

  // A batch with a webhook, canceled: batches, batch events and the batch's webhook delivery.
  const batched = await account.api('/batches', {
    method: 'POST',
    json: {
      defaults: {
        goal: "Remind the victim's clients",
        webhook_url: hookUrl,
        schedule_at: new Date(Date.now() + 86_400_000).toISOString(),
      },
      tasks: [{ phone_number: '+14155550100' }],
    },
  });
  if (batched.status !== 201)
    throw new Error(`POST /task/batches: ${batched.status} ${await batched.text()}`);
  const batchId = ((await batched.json()) as { id: string }).id;
  const canceled = await account.api(`/batches/${batchId}/cancel`, { method: 'POST' });
  if (canceled.status !== 200) throw new Error(`batch cancel: ${canceled.status}`);

  // A task by text message (inbound messages, the owed result text), then STOP (an opt-out).
  const sms = await postInboundSms({
    webhookUrl: `${apiUrl}/functions/v1/sms-inbound`,
    authToken: TWILIO_LOCAL.authToken,
    accountSid: TWILIO_LOCAL.accountSid,
    sms: { from: phone, to: TWILIO_LOCAL.phoneNumber, body: 'Call +1 415 555 0101 and say hello' },
  });
  const smsTaskId = /task_[0-9A-Z]{26}/.exec(sms.reply ?? '')?.[0];
  if (!smsTaskId) throw new Error(`no task in the SMS reply: ${sms.reply}`);
  await waitFor(
    async () =>
      (
        await admin
          .from('sms_task_notifications')
          .select('sent_at')
          .eq('task_id', smsTaskId)
          .maybeSingle()
      ).data as { sent_at: string | null } | null,
    (row) => row?.sent_at != null,
    { what: "the result text of the victim's SMS task" },
  );
  await postInboundSms({
    webhookUrl: `${apiUrl}/functions/v1/sms-inbound`,
    authToken: TWILIO_LOCAL.authToken,
    accountSid: TWILIO_LOCAL.accountSid,
    sms: { from: phone, to: TWILIO_LOCAL.phoneNumber, body: 'STOP' },
  });

  // Every webhook delivered (so the dispatcher no longer touches the rows).
  const deliveries = await waitFor(
    async () =>
      (
        await admin
          .from('webhook_deliveries')
          .select('id, status, attempts')
          .eq('user_id', account.user.id)
      ).data as { id: string; status: string }[],
    (rows) => rows.length > 0 && rows.every((d) => d.status === 'succeeded'),
    { what: "the victim's webhooks being delivered" },
  );

  // A phone verification in progress (private schema).
  const { data: session } = await account.client.auth.getSession();
  const verify = await fetch(`${apiUrl}/functions/v1/send_verification_code`, {
    method: 'POST',
    headers: {
      apikey: publishableKey,
      Authorization: `Bearer ${session.session!.access_token}`,
      'Content-Type': 'application/json',
    },
    body: JSON.stringify({ phone: uniqueUsPhone() }),
  });
  if (verify.status !== 200) throw new Error(`send_verification_code: ${verify.status}`);

  // A contact request from the victim's address, as the form sends it.
  const contactEmail = `tenant-victim-${randomUUID()}@example.test`;
  const contact = await admin.rpc('submit_contact_request', {
    client_ip: '192.0.2.10',
    full_name: 'Victim',
    email: contactEmail,
    company_name: 'Victim Clinic',
    phone_number: null,
    role: 'Owner',
    message: 'Please call me about my private matter.',
  });
  if (contact.error) throw contact.error;

  const { data: key } = await admin
    .from('api_keys')
    .select('id')
    .eq('user_id', account.user.id)
    .single();

  // A number on the victim's do-not-call list, added from the dashboard.
  const listed = await account.client.from('do_not_call').insert({ phone_number: '+14155550177' });
  if (listed.error) throw listed.error;
  // A number the victim bought through the call API.
  const bought = await account.api('/numbers', {
    method: 'POST',
    json: { type: 'purchase', area_code: '305' },
  });
  if (bought.status !== 201) throw new Error(`buying a number: ${bought.status}`);
  const phoneNumberId = ((await bought.json()) as { id: string }).id;
  // An agent with a document and a test suite, through the call API; a run as the platform keeps it.
  const madeAgent = await account.api('/agents', {
    method: 'POST',
    json: { name: 'Victim agent', goal: 'Confirm the private appointment.' },
  });
  if (madeAgent.status !== 201) throw new Error(`making an agent: ${madeAgent.status}`);
  const agentId = ((await madeAgent.json()) as { id: string }).id;
  const document = await account.api(`/agents/${agentId}/documents`, {
    method: 'POST',
    json: { name: 'private.md', content: 'Our private prices.' },
  });
  if (document.status !== 201) throw new Error(`adding a document: ${document.status}`);
  const documentId = ((await document.json()) as { id: string }).id;
  const suite = await account.api(`/agents/${agentId}/test-suites`, {
    method: 'POST',
    json: {
      name: 'Private suite',
      scenarios: [{ name: 'opts out', turns: ['Stop calling me.'], expect: { opted_out: true } }],
    },
  });
  if (suite.status !== 201) throw new Error(`making a suite: ${suite.status}`);
  const suiteId = ((await suite.json()) as { id: string }).id;
  const runId = `run_${'V'.repeat(26)}`;
  const run = await admin.from('agent_test_runs').insert({
    id: runId,
    agent_id: agentId,
    agent_version: 1,
    suite_id: suiteId,
    user_id: account.user.id,
    status: 'failed',
  });
  if (run.error) throw run.error;
  // An open event stream's lease (held for an hour, so it is there for the whole file).
  const lease = await admin.from('task_event_streams').insert({
    id: randomUUID(),
    api_key_id: (key as { id: string }).id,
    user_id: account.user.id,
    task_id: taskId,
    ends_by: new Date(Date.now() + 3_600_000).toISOString(),
    expires_at: new Date(Date.now() + 3_600_000).toISOString(),
  });
  if (lease.error) throw lease.error;
  // A request the victim made with the key, as the API logs it after answering.
  const logged = await admin.rpc('api_request_log_record', {
    p_api_key: account.apiKey,
    p_source: 'api',
    p_at: new Date().toISOString(),
    p_method: 'POST',
    p_path: '/task',
    p_query: null,
    p_status: 201,
    p_request_id: 'req_victim',
    p_latency_ms: 12,
    p_request_body: '{"goal":"private"}',
    p_body_truncated: false,
    p_error_code: null,
  });
  if (logged.error) throw logged.error;
  const endpoint = await admin.rpc('webhook_endpoint_create', {
    p_user_id: account.user.id,
    p_url: 'https://victim.example/hooks',
    p_description: 'Victim endpoint',
    p_event_types: null,
    p_livemode: true,
  });
  if (endpoint.error) throw endpoint.error;
  const testKey = await account.client.rpc('test_api_key');
  if (testKey.error) throw testKey.error;
  return {
    ...account,
    phone,
    apiKeyId: (key as { id: string }).id,
    testKey: testKey.data as { id: string; key: string },
    taskId,
    smsTaskId,
    batchId,
    deliveryIds: deliveries.map((d) => d.id),
    endpointId: (endpoint.data as { id: string }).id,
    contactEmail,
    phoneNumberId,
    agentId,
    documentId,
    suiteId,
    runId,
  };
}

let catalogTables: string[] = [];
let executableFunctions: string[] = [];

beforeAll(async () => {
  victim = await createVictim();
  attacker = await createCallingAccount({ label: 'attacker' });
  catalogTables = (
    await sql<{ name: string }>(
      `select c.relname as name from pg_catalog.pg_class c
         join pg_catalog.pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind in ('r', 'p', 'v', 'm', 'f')
        order by 1`,
    )
  ).map((r) => r.name);
  executableFunctions = (
    await sql<{ signature: string }>(
      `select p.proname || '(' || pg_catalog.oidvectortypes(p.proargtypes) || ')' as signature
         from pg_catalog.pg_proc p
         join pg_catalog.pg_namespace n on n.oid = p.pronamespace
        where n.nspname = 'public'
          and (pg_catalog.has_function_privilege('anon', p.oid, 'execute')
            or pg_catalog.has_function_privilege('authenticated', p.oid, 'execute'))
        order by 1`,
    )
  ).map((r) => r.signature.replace(/, /g, ','));
}, 180_000);

afterAll(async () => {
  await sql(`delete from public.contact_requests where email like 'tenant-victim-%@example.test'`);
  await closeClock();
  await deleteCreatedUsers();
  if (receiver) await closeServer(receiver);
});

describe('the catalog and the cases agree', () => {
  it('every table and view in public has a case here (a new table needs one)', () => {
    expect(catalogTables.length).toBeGreaterThan(10);
    expect(catalogTables.filter((t) => !(t in TABLES))).toEqual([]);
    expect(Object.keys(TABLES).filter((t) => !catalogTables.includes(t))).toEqual([]);
  });

  it('every function anon or a user may execute has a case here (a new grant needs one)', () => {
    expect(executableFunctions.filter((f) => !(f in RPCS))).toEqual([]);
    expect(Object.keys(RPCS).filter((f) => !executableFunctions.includes(f))).toEqual([]);
  });

  it('row-level security is on for every table in public', async () => {
    const off = await sql<{ name: string }>(
      `select c.relname as name from pg_catalog.pg_class c
         join pg_catalog.pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'public' and c.relkind in ('r', 'p') and not c.relrowsecurity`,
    );
    expect(off).toEqual([]);
  });
});

const ACTORS: Actor[] = [
  { name: 'anon', client: () => anonClient() },
  { name: 'another signed-in user', client: () => attacker.client },
];

describe.each(Object.keys(TABLES))('public.%s', (table) => {
  const c = TABLES[table]!;

  it('has victim rows to attack, which the owner reads when the owner may', async () => {
    expect((await snapshot(table, victim)).length).toBeGreaterThan(0);
    const own = await victim.client
      .from(table)
      .select(c.columns ?? '*')
      .in(c.column, c.values(victim));
    if (c.ownerReads) {
      expect(own.error).toBeNull();
      expect(own.data?.length).toBeGreaterThan(0);
    } else expect(own.data ?? []).toEqual([]);
  });

  it.each(ACTORS)('$name reads nothing of the victim’s', async (actor) => {
    const { data } = await actor
      .client()
      .from(table)
      .select(c.columns ?? '*')
      .in(c.column, c.values(victim));
    expect(data ?? []).toEqual([]);
    // Unfiltered, too: nothing of the victim's among whatever the actor may see.
    const all = await actor
      .client()
      .from(table)
      .select(c.columns ?? '*');
    const victims = new Set(c.values(victim));
    expect(
      ((all.data ?? []) as unknown as Record<string, unknown>[]).filter((row) =>
        victims.has(String(row[c.column])),
      ),
    ).toEqual([]);
  });

  it.each(ACTORS)('$name adds nothing in the victim’s name', async (actor) => {
    const before = await snapshot(table, victim);
    const { error } = await actor.client().from(table).insert(c.forged(victim));
    expect(error?.code).toBe(INSUFFICIENT_PRIVILEGE);
    expect(await snapshot(table, victim)).toEqual(before);
  });

  it.each(ACTORS)('$name changes nothing of the victim’s (update, upsert)', async (actor) => {
    const before = await snapshot(table, victim);
    await actor.client().from(table).update(c.patch(victim)).in(c.column, c.values(victim));
    const [first] = (await admin.from(table).select('*').in(c.column, c.values(victim)).limit(1))
      .data as Record<string, unknown>[];
    await actor
      .client()
      .from(table)
      .upsert({ ...first, ...c.patch(victim) });
    expect(await snapshot(table, victim)).toEqual(before);
  });

  it.each(ACTORS)('$name deletes nothing of the victim’s', async (actor) => {
    const before = await snapshot(table, victim);
    await actor.client().from(table).delete().in(c.column, c.values(victim));
    expect(await snapshot(table, victim)).toEqual(before);
  });
});

describe.each(Object.keys(RPCS))('public.%s', (signature) => {
  it.each(ACTORS)('$name cannot use it against the victim', async (actor) => {
    await RPCS[signature]!.attempt(actor.client(), victim, actor.name === 'anon' ? 'anon' : 'user');
  });
});

describe('the private schema', () => {
  it('holds the victim’s phone verification, and nobody reaches it through REST', async () => {
    const tables = await sql<{ name: string }>(
      `select c.relname as name from pg_catalog.pg_class c
         join pg_catalog.pg_namespace n on n.oid = c.relnamespace
        where n.nspname = 'private' and c.relkind in ('r', 'p', 'v', 'm', 'f')`,
    );
    const [rows] = await sql<{ n: string }>(
      `select count(*) as n from private.phone_verifications where user_id = $1`,
      [victim.user.id],
    );
    expect(Number(rows!.n)).toBeGreaterThan(0);
    for (const { name } of tables) {
      for (const role of ['anon', 'authenticated']) {
        const [grant] = await sql<{ any: boolean }>(
          `select pg_catalog.has_table_privilege($1, $2, 'select, insert, update, delete') as any`,
          [role, `private.${name}`],
        );
        expect(grant!.any, `${role} on private.${name}`).toBe(false);
      }
      for (const actor of ACTORS) {
        const { data, error } = await actor.client().schema('private').from(name).select('*');
        expect(data).toBeNull();
        expect(error?.code, `${actor.name} on private.${name}`).toBe('PGRST106');
      }
    }
  });
});

describe('the call API across accounts', () => {
  it('the same Idempotency-Key from another account creates that account’s own task', async () => {
    const owner = await createCallingAccount({ label: 'idem-a' });
    const other = await createCallingAccount({ label: 'idem-b' });
    const key = `shared-${randomUUID()}`;
    const body = { phone_number: '+14155550102', goal: 'Ask whether the parcel shipped' };
    const post = (account: CallingAccount) =>
      account.api('', { method: 'POST', json: body, headers: { 'Idempotency-Key': key } });
    const first = await post(owner);
    expect(first.status).toBe(201);
    const ownersTask = (await first.json()) as { id: string };
    const second = await post(other);
    expect(second.status).toBe(201);
    expect(second.headers.get('idempotent-replayed')).not.toBe('true');
    const othersTask = (await second.json()) as { id: string };
    expect(othersTask.id).not.toBe(ownersTask.id);
    const { data } = await admin
      .from('tasks')
      .select('id, user_id')
      .in('id', [ownersTask.id, othersTask.id]);
    expect(new Map((data ?? []).map((t) => [t.id, t.user_id]))).toEqual(
      new Map([
        [ownersTask.id, owner.user.id],
        [othersTask.id, other.user.id],
      ]),
    );
    // The key still replays the owner's own task to the owner.
    const replay = await post(owner);
    expect(((await replay.json()) as { id: string }).id).toBe(ownersTask.id);
  });

  it('another account’s key cannot read, list, stream or cancel the victim’s task', async () => {
    const read = await attacker.api(`/${victim.taskId}`);
    expect(read.status).toBe(404);
    const events = await attacker.api(`/${victim.taskId}/events`);
    expect(events.status).toBe(404);
    await events.body?.cancel();
    const cancel = await attacker.api(`/${victim.taskId}/cancel`, { method: 'POST' });
    expect(cancel.status).toBe(404);
    const list = (await (await attacker.api('')).json()) as { data: { id: string }[] };
    expect(list.data.map((t) => t.id)).not.toContain(victim.taskId);
    expect(list.data.map((t) => t.id)).not.toContain(victim.smsTaskId);
  });
});

describe('the account function and its RPCs across accounts', () => {
  const accountFunction = (path: 'export' | 'delete') => `${apiUrl}/functions/v1/account/${path}`;

  it('the export, closing and retention RPCs are the service role’s only', async () => {
    const rpcs = [
      ['account_export', { p_user_id: victim.user.id }],
      ['account_close', { p_user_id: victim.user.id }],
      ['retention_run', { p_now: new Date().toISOString() }],
      ['retention_accounts_due', { p_now: new Date().toISOString() }],
      ['retention_erase_account', { p_user_id: victim.user.id, p_now: new Date().toISOString() }],
    ] as const;
    for (const [name, args] of rpcs) {
      for (const actor of ACTORS) {
        const { data, error } = await actor.client().rpc(name, args);
        expect(data, `${actor.name} → ${name}`).toBeNull();
        expect(error?.code, `${actor.name} → ${name}`).toMatch(/^(42501|PGRST202)$/);
      }
    }
    const [profile] = await sql<{ closed_at: Date | null }>(
      `select closed_at from public.profiles where id = $1`,
      [victim.user.id],
    );
    expect(profile!.closed_at).toBeNull();
  });

  it('another user can neither export nor close the victim’s account', async () => {
    const { data } = await attacker.client.auth.getSession();
    const token = data.session!.access_token;
    const exported = await fetch(accountFunction('export'), {
      headers: { Authorization: `Bearer ${token}` },
    });
    const text = await exported.text();
    expect(exported.status).toBe(200);
    expect(text).not.toContain(victim.user.id);
    expect(text).not.toContain(victim.email);
    const closed = await fetch(accountFunction('delete'), {
      method: 'POST',
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: JSON.stringify({ confirm: victim.email }),
    });
    expect(closed.status).toBe(400);
    const [profile] = await sql<{ closed_at: Date | null }>(
      `select closed_at from public.profiles where id = $1`,
      [victim.user.id],
    );
    expect(profile!.closed_at).toBeNull();
    expect((await victim.api('')).status).toBe(200);
  });
});
