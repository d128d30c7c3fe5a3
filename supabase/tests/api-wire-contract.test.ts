// Every operation of the call API, asked well and badly on the running stack: each answer's
// status, headers and body must be what openapi.yaml documents for that operation. The exchanges
// are also kept in fixtures/api-exchanges.json (RECORD_API_EXCHANGES=1 rewrites it), which a unit
// test replays against the description without a stack.
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { format } from 'prettier';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  departures,
  type Exchange,
  openApiAjv,
  readOpenApi,
} from '../../scripts/contract/openapi-spec';
import { deleteCreatedUsers } from './support/clients';
import {
  callApiWith,
  createCallingAccount,
  testKeyOf,
  type CallingAccount,
} from './support/call-api';
import { apiUrl } from './support/stack';
import { latestMessageTo } from './support/mailbox';
import { waitFor } from './support/wait';

const projectRoot = path.resolve(import.meta.dirname, '../..');
const { document } = readOpenApi(projectRoot);
const ajv = openApiAjv(document);
const exchanges: Exchange[] = [];

let account: CallingAccount;
let noKyc: CallingAccount;
let broke: CallingAccount;

beforeAll(async () => {
  [account, noKyc, broke] = await Promise.all([
    createCallingAccount({ label: 'wire', credits: 5 }),
    createCallingAccount({ label: 'wire-no-kyc', kyc: null }),
    createCallingAccount({ label: 'wire-broke', freeMinutesUsed: 100 }),
  ]);
});
afterAll(async () => {
  if (process.env.RECORD_API_EXCHANGES)
    writeFileSync(
      path.join(import.meta.dirname, 'fixtures/api-exchanges.json'),
      await format(JSON.stringify(exchanges), { parser: 'json' }),
    );
  await deleteCreatedUsers();
});

/** Parses the data of each event of a stream. */
function eventsOf(text: string): unknown[] {
  return text
    .split('\n\n')
    .map((block) => block.split('\n').filter((line) => line.startsWith('data:')))
    .filter((lines) => lines.length > 0)
    .map((lines) => JSON.parse(lines.map((line) => line.slice(5).trimStart()).join('\n')));
}

/** Sends one request, records the exchange, and returns it with the parsed body. */
async function ask(
  what: string,
  route: string,
  response: Response | Promise<Response>,
  method: string,
): Promise<Exchange> {
  const answer = await response;
  const headers = Object.fromEntries(
    [...answer.headers].filter(([name]) =>
      [
        'content-type',
        'retry-after',
        'content-range',
        'idempotent-replayed',
        'request-id',
      ].includes(name),
    ),
  );
  const type = headers['content-type'] ?? '';
  const text = type.startsWith('audio/') ? null : await answer.text();
  if (text === null) await answer.body?.cancel();
  const body =
    text === null ? null : type.startsWith('text/event-stream') ? eventsOf(text) : JSON.parse(text);
  // A request id changes every run: kept as its shape.
  if (headers['request-id']) headers['request-id'] = 'req_…';
  const exchange = { case: what, method, route, status: answer.status, headers, body };
  exchanges.push(exchange);
  expect(departures(document, ajv, exchange)).toEqual([]);
  return exchange;
}

const smallest = { phone_number: '+14155550100', goal: 'Confirm the appointment.' };
const post = (body: unknown, headers: Record<string, string> = {}) => ({
  method: 'POST',
  json: body,
  headers,
});
const missingTask = `task_${'0'.repeat(26)}`;
const missingBatch = `batch_${'0'.repeat(26)}`;
const errorOf = (exchange: Exchange) => (exchange.body as { error: Record<string, string> }).error;

// In order: later cases use the tasks earlier ones made, and the last checks every operation was asked.
describe('the call API on the wire matches openapi.yaml', { shuffle: false }, () => {
  let ended: { id: string };
  let batchId: string;

  it('createTask: good, replayed, waited for, and every refusal', async () => {
    const key = `wire-${Date.now()}`;
    const created = await ask(
      'the smallest body',
      '/task',
      account.api('', post(smallest, { 'Idempotency-Key': key })),
      'POST',
    );
    expect(created.status).toBe(201);
    const replay = await ask(
      'the same Idempotency-Key',
      '/task',
      account.api('', post(smallest, { 'Idempotency-Key': key })),
      'POST',
    );
    expect(replay.status).toBe(200);
    const conflict = await ask(
      'the key with another body',
      '/task',
      account.api('', post({ ...smallest, goal: 'Other.' }, { 'Idempotency-Key': key })),
      'POST',
    );
    expect(errorOf(conflict).code).toBe('idempotency_conflict');
    const waited = await ask(
      'wait=true',
      '/task',
      account.api('?wait=true', post({ ...smallest, phone_number: '+14155550101', record: true })),
      'POST',
    );
    expect(waited.status).toBe(201);
    ended = waited.body as { id: string };

    const unknown = await ask(
      'an unknown field',
      '/task',
      account.api('', post({ phone: '+14155550100', goal: 'x' })),
      'POST',
    );
    expect(errorOf(unknown).message).toBe('unknown field `phone`; did you mean `phone_number`?');
    expect(errorOf(unknown).request_id).toMatch(/^req_/);
    await ask(
      'a number abroad',
      '/task',
      account.api('', post({ ...smallest, phone_number: '+442071838750' })),
      'POST',
    );
    await ask('no body', '/task', account.api('', { method: 'POST' }), 'POST');
    await ask(
      'a made-up key',
      '/task',
      fetch(`${apiUrl}/functions/v1/task`, {
        method: 'POST',
        headers: { Authorization: `Bearer dw_${'0'.repeat(64)}` },
        body: '{}',
      }),
      'POST',
    );
    const kyc = await ask('an account without KYC', '/task', noKyc.api('', post(smallest)), 'POST');
    expect(errorOf(kyc).code).toBe('kyc_required');
    const credits = await ask('no credits left', '/task', broke.api('', post(smallest)), 'POST');
    expect(errorOf(credits).code).toBe('insufficient_credits');
    const method = await ask(
      'a method the path lacks',
      '/task',
      account.api('', { method: 'DELETE' }),
      'POST',
    );
    expect(method.status).toBe(405);
  });

  it('listTasks, getTask and cancelTask, good and bad', async () => {
    await ask('a page', '/task', account.api('?limit=2'), 'GET');
    await ask('limit 0', '/task', account.api('?limit=0'), 'GET');
    const unknown = await ask('an unknown parameter', '/task', account.api('?page=2'), 'GET');
    expect(errorOf(unknown).field).toBe('page');
    await ask('no key', '/task', fetch(`${apiUrl}/functions/v1/task`), 'GET');
    await ask('an account without KYC', '/task', noKyc.api(''), 'GET');

    await ask('an ended task', '/task/{id}', account.api(`/${ended.id}`), 'GET');
    await ask('no such task', '/task/{id}', account.api(`/${missingTask}`), 'GET');
    await ask(
      'a method the path lacks',
      '/task/{id}',
      account.api(`/${ended.id}`, { method: 'POST' }),
      'GET',
    );

    const later = await account.api(
      '',
      post({
        ...smallest,
        phone_number: '+14155550102',
        schedule_at: new Date(Date.now() + 86_400_000).toISOString(),
      }),
    );
    const scheduled = (await later.json()) as { id: string };
    await ask(
      'a task not ended',
      '/task/{id}/cancel',
      account.api(`/${scheduled.id}/cancel`, { method: 'POST' }),
      'POST',
    );
    const twice = await ask(
      'a task ended',
      '/task/{id}/cancel',
      account.api(`/${scheduled.id}/cancel`, { method: 'POST' }),
      'POST',
    );
    expect(errorOf(twice).code).toBe('task_not_cancelable');
    await ask(
      'no such task',
      '/task/{id}/cancel',
      account.api(`/${missingTask}/cancel`, { method: 'POST' }),
      'POST',
    );
  });

  it('checkTask, getCallRules, the do-not-call upload and the legal basis, good and bad', async () => {
    await ask('the smallest body', '/task/check', account.api('/check', post(smallest)), 'POST');
    const unknown = await ask(
      'an unknown field',
      '/task/check',
      account.api('/check', post({ phone: '+14155550100', goal: 'x' })),
      'POST',
    );
    expect(errorOf(unknown).field).toBe('phone');
    await ask('an account without KYC', '/task/check', noKyc.api('/check', post(smallest)), 'POST');
    await ask('a number', '/task/rules', account.api('/rules?phone_number=%2B14155550100'), 'GET');
    await ask('no number', '/task/rules', account.api('/rules'), 'GET');
    await ask(
      'a number',
      '/task/do-not-call',
      account.api('/do-not-call', post({ phone_numbers: ['+14155550177'] })),
      'POST',
    );
    await ask(
      'no numbers',
      '/task/do-not-call',
      account.api('/do-not-call', post({ phone_numbers: [] })),
      'POST',
    );
    await ask('the account’s basis', '/task/legal-basis', account.api('/legal-basis'), 'GET');
    await ask(
      'an attestation',
      '/task/legal-basis',
      account.api('/legal-basis', post({ basis: 'prior_express_consent' })),
      'POST',
    );
    const refused = await ask(
      'a basis the law does not name',
      '/task/legal-basis',
      account.api('/legal-basis', post({ basis: 'legitimate_interest' })),
      'POST',
    );
    expect(errorOf(refused).field).toBe('basis');
  });

  it('getTaskRecording and streamTaskEvents', async () => {
    await waitFor(
      async () =>
        (await (await account.api(`/${ended.id}`)).json()) as { recording_status: string },
      (task) => task.recording_status !== 'pending',
      { what: 'the recording to be copied' },
    );
    await ask(
      'the whole recording',
      '/task/{id}/recording',
      account.api(`/${ended.id}/recording`),
      'GET',
    );
    await ask(
      'a byte range',
      '/task/{id}/recording',
      account.api(`/${ended.id}/recording`, { headers: { Range: 'bytes=0-99' } }),
      'GET',
    );
    await ask(
      'a range past the end',
      '/task/{id}/recording',
      account.api(`/${ended.id}/recording`, { headers: { Range: 'bytes=999999999-' } }),
      'GET',
    );
    await ask(
      'no such task',
      '/task/{id}/recording',
      account.api(`/${missingTask}/recording`),
      'GET',
    );

    const events = await ask(
      'an ended task replayed',
      '/task/{id}/events',
      account.api(`/${ended.id}/events`),
      'GET',
    );
    // The recorded call's log ends with its recording's event, after task.completed.
    expect((events.body as { type: string }[]).slice(-2).map((e) => e.type)).toEqual([
      'task.completed',
      'recording.available',
    ]);
    await ask('no such task', '/task/{id}/events', account.api(`/${missingTask}/events`), 'GET');
  });

  it('the number operations, good and bad', async () => {
    // An account of its own: a bought number takes its first month from the credits.
    const owner = await createCallingAccount({ label: 'wire-numbers', credits: 5 });
    const bought = await ask(
      'buy a number',
      '/task/numbers',
      owner.api('/numbers', post({ type: 'purchase', area_code: '415', label: 'Main line' })),
      'POST',
    );
    expect(bought.status).toBe(201);
    const number = bought.body as { id: string };
    await ask(
      'without the month’s credits',
      '/task/numbers',
      broke.api('/numbers', post({ type: 'purchase' })),
      'POST',
    );
    const pending = await ask(
      'a caller ID to verify',
      '/task/numbers',
      owner.api('/numbers', post({ type: 'caller_id', phone_number: '+14155550166' })),
      'POST',
    );
    expect(pending.status).toBe(202);
    await ask(
      'a wrong code',
      '/task/numbers/{number_id}/verify',
      owner.api(`/numbers/${(pending.body as { id: string }).id}/verify`, post({ code: '12345' })),
      'POST',
    );
    const code = /code is (\d{6})/.exec((await latestMessageTo('+14155550166')).Text)![1]!;
    const verified = await ask(
      'the code texted to it',
      '/task/numbers/{number_id}/verify',
      owner.api(`/numbers/${(pending.body as { id: string }).id}/verify`, post({ code })),
      'POST',
    );
    expect(verified.status).toBe(200);
    await ask(
      'its own inbound agent',
      '/task/numbers/{number_id}/inbound',
      owner.api(
        `/numbers/${number.id}/inbound`,
        post({
          goal: 'Give the opening hours.',
          transfer: { to: '+14155550123' },
          business_hours: {
            start: '09:00',
            end: '17:00',
            days: [1, 2, 3, 4, 5],
            time_zone: 'America/Chicago',
          },
        }),
      ),
      'POST',
    );
    await ask(
      'a transfer without business hours',
      '/task/numbers/{number_id}/inbound',
      owner.api(`/numbers/${number.id}/inbound`, post({ transfer: { to: '+14155550123' } })),
      'POST',
    );
    await ask(
      'local presence on',
      '/task/numbers/local-presence',
      owner.api('/numbers/local-presence', post({ enabled: true })),
      'POST',
    );
    await ask(
      'local presence, not a boolean',
      '/task/numbers/local-presence',
      owner.api('/numbers/local-presence', post({ enabled: 'on' })),
      'POST',
    );
    await ask('the numbers', '/task/numbers', owner.api('/numbers'), 'GET');
    await ask(
      'the default',
      '/task/numbers/{number_id}/default',
      owner.api(`/numbers/${number.id}/default`, { method: 'POST' }),
      'POST',
    );
    const released = await ask(
      'release it',
      '/task/numbers/{number_id}/release',
      owner.api(`/numbers/${number.id}/release`, { method: 'POST' }),
      'POST',
    );
    expect(released.status).toBe(200);
    await ask(
      'release it again',
      '/task/numbers/{number_id}/release',
      owner.api(`/numbers/${number.id}/release`, { method: 'POST' }),
      'POST',
    );
  });

  it('the batch operations, good and bad', async () => {
    const created = await ask(
      'two rows',
      '/task/batches',
      account.api(
        '/batches',
        post({
          defaults: { goal: 'Confirm.', metadata: { list: 'wire' } },
          tasks: [
            { phone_number: '+14155550103' },
            { phone_number: '+14155550104', metadata: { row: 2 } },
          ],
        }),
      ),
      'POST',
    );
    expect(created.status).toBe(201);
    const batch = created.body as { id: string };
    batchId = batch.id;
    const bad = await ask(
      'a bad row',
      '/task/batches',
      account.api('/batches', post({ tasks: [{ phone_number: '+1415' }] })),
      'POST',
    );
    expect(errorOf(bad)).toHaveProperty('rows');
    await ask(
      'an account without KYC',
      '/task/batches',
      noKyc.api('/batches', post({ tasks: [smallest] })),
      'POST',
    );

    await ask('a page', '/task/batches', account.api('/batches?limit=1'), 'GET');
    await ask(
      'an unknown parameter',
      '/task/batches',
      account.api('/batches?status=running'),
      'GET',
    );
    await ask('the batch', '/task/batches/{batch_id}', account.api(`/batches/${batch.id}`), 'GET');
    await ask(
      'no such batch',
      '/task/batches/{batch_id}',
      account.api(`/batches/${missingBatch}`),
      'GET',
    );
    await ask(
      'cancel it',
      '/task/batches/{batch_id}/cancel',
      account.api(`/batches/${batch.id}/cancel`, { method: 'POST' }),
      'POST',
    );
    await ask(
      'no such batch',
      '/task/batches/{batch_id}/cancel',
      account.api(`/batches/${missingBatch}/cancel`, { method: 'POST' }),
      'POST',
    );
    await waitFor(
      async () => (await (await account.api(`/batches/${batch.id}`)).json()) as { status: string },
      (found) => found.status !== 'running',
      { what: 'the batch to complete' },
    );
    const events = await ask(
      'a completed batch replayed',
      '/task/batches/{batch_id}/events',
      account.api(`/batches/${batch.id}/events`),
      'GET',
    );
    expect((events.body as { type: string }[]).map((event) => event.type)).toEqual([
      'batch.completed',
    ]);
    await ask(
      'no such batch',
      '/task/batches/{batch_id}/events',
      account.api(`/batches/${missingBatch}/events`),
      'GET',
    );
  });

  it('the test clock operations, good and bad', async () => {
    const withTestKey = callApiWith(await testKeyOf(account));
    const later = new Date(Date.now() + 3_600_000).toISOString();
    const task = (await (
      await withTestKey('', post({ ...smallest, schedule_at: later }))
    ).json()) as { id: string };
    await ask(
      'an hour ahead',
      '/task/{id}/test-clock/advance',
      withTestKey(`/${task.id}/test-clock/advance`, post({ minutes: 60 })),
      'POST',
    );
    await ask(
      'not a whole number of minutes',
      '/task/{id}/test-clock/advance',
      withTestKey(`/${task.id}/test-clock/advance`, post({ minutes: 1.5 })),
      'POST',
    );
    await ask(
      'a live task',
      '/task/{id}/test-clock/advance',
      account.api(`/${ended.id}/test-clock/advance`, post({ minutes: 60 })),
      'POST',
    );
    const batch = (await (
      await withTestKey(
        '/batches',
        post({ defaults: { goal: 'Confirm.', schedule_at: later }, tasks: [smallest] }),
      )
    ).json()) as { id: string };
    await ask(
      'an hour ahead',
      '/task/batches/{batch_id}/test-clock/advance',
      withTestKey(`/batches/${batch.id}/test-clock/advance`, post({ minutes: 60 })),
      'POST',
    );
    await ask(
      'no such batch',
      '/task/batches/{batch_id}/test-clock/advance',
      withTestKey(`/batches/${missingBatch}/test-clock/advance`, post({ minutes: 60 })),
      'POST',
    );
  });

  it('the agent operations, good and bad', async () => {
    const created = await ask(
      'an agent',
      '/task/agents',
      account.api(
        '/agents',
        post({ name: 'Refill reminders', voice: 'Sarah', goal: 'Say the refill is ready.' }),
      ),
      'POST',
    );
    const agent = created.body as { id: string };
    await ask(
      'a nameless agent',
      '/task/agents',
      account.api('/agents', post({ voice: 'Sarah' })),
      'POST',
    );
    await ask('a page of agents', '/task/agents', account.api('/agents?limit=5'), 'GET');
    await ask('an agent', '/task/agents/{id}', account.api(`/agents/${agent.id}`), 'GET');
    await ask(
      'a change',
      '/task/agents/{id}',
      account.api(`/agents/${agent.id}`, {
        method: 'PATCH',
        json: { first_sentence: 'Hi, this is Sarah.' },
      }),
      'PATCH',
    );
    await ask(
      'a bad change',
      '/task/agents/{id}',
      account.api(`/agents/${agent.id}`, { method: 'PATCH', json: { voice: 'Bob' } }),
      'PATCH',
    );
    await ask(
      'its versions',
      '/task/agents/{id}/versions',
      account.api(`/agents/${agent.id}/versions`),
      'GET',
    );
    await ask(
      'a call with the agent',
      '/task',
      account.api('', post({ phone_number: '+14155550100', agent_id: agent.id })),
      'POST',
    );
    const document = await ask(
      'a document',
      '/task/agents/{id}/documents',
      account.api(
        `/agents/${agent.id}/documents`,
        post({ name: 'faq.md', content: '# Hours\n\nOpen 8 to 6.' }),
      ),
      'POST',
    );
    await ask(
      'a document without text',
      '/task/agents/{id}/documents',
      account.api(`/agents/${agent.id}/documents`, post({ name: 'faq.md' })),
      'POST',
    );
    await ask(
      'its documents',
      '/task/agents/{id}/documents',
      account.api(`/agents/${agent.id}/documents`),
      'GET',
    );
    await ask(
      'what a call would find',
      '/task/agents/{id}/knowledge',
      account.api(`/agents/${agent.id}/knowledge?q=when%20are%20you%20open`),
      'GET',
    );
    await ask(
      'removed',
      '/task/agents/{id}/documents/{document_id}',
      account.api(`/agents/${agent.id}/documents/${(document.body as { id: string }).id}`, {
        method: 'DELETE',
      }),
      'DELETE',
    );
    const suite = await ask(
      'a suite',
      '/task/agents/{id}/test-suites',
      account.api(
        `/agents/${agent.id}/test-suites`,
        post({
          name: 'Before going live',
          scenarios: [
            { name: 'opts out', turns: ['Stop calling me.'], expect: { opted_out: true } },
          ],
        }),
      ),
      'POST',
    );
    await ask(
      'a suite without scenarios',
      '/task/agents/{id}/test-suites',
      account.api(`/agents/${agent.id}/test-suites`, post({ name: 'x', scenarios: [] })),
      'POST',
    );
    await ask(
      'its suites',
      '/task/agents/{id}/test-suites',
      account.api(`/agents/${agent.id}/test-suites`),
      'GET',
    );
    const testRun = await ask(
      'a run',
      '/task/agents/{id}/test-runs',
      account.api(
        `/agents/${agent.id}/test-runs`,
        post({ suite_id: (suite.body as { id: string }).id }),
      ),
      'POST',
    );
    await ask(
      'a run of no suite',
      '/task/agents/{id}/test-runs',
      account.api(`/agents/${agent.id}/test-runs`, post({ suite_id: `suite_${'0'.repeat(26)}` })),
      'POST',
    );
    await ask(
      'the run',
      '/task/agents/{id}/test-runs/{run_id}',
      account.api(`/agents/${agent.id}/test-runs/${(testRun.body as { id: string }).id}`),
      'GET',
    );
    await ask(
      'archived',
      '/task/agents/{id}/archive',
      account.api(`/agents/${agent.id}/archive`, { method: 'POST' }),
      'POST',
    );
    await ask(
      'no such agent',
      '/task/agents/{id}',
      account.api(`/agents/agt_${'0'.repeat(26)}`),
      'GET',
    );
  });

  it('the browser call operations, good and bad', async () => {
    const withTestKey = callApiWith(await testKeyOf(account));
    const started = await ask(
      'a browser call',
      '/task/web-calls',
      withTestKey('/web-calls', post({ goal: 'Confirm the appointment.' })),
      'POST',
    );
    const call = started.body as { id: string };
    const live = await ask(
      'a live browser call',
      '/task/web-calls',
      account.api('/web-calls', post({ goal: 'Confirm the appointment.' })),
      'POST',
    );
    const liveCall = live.body as { id: string };
    await ask(
      'what the user says, live',
      '/task/{id}/web-call/say',
      account.api(`/${liveCall.id}/web-call/say`, post({ text: 'Who is this?' })),
      'POST',
    );
    await ask(
      'hang up, live',
      '/task/{id}/web-call/end',
      account.api(`/${liveCall.id}/web-call/end`, { method: 'POST' }),
      'POST',
    );
    await ask(
      'what the user says',
      '/task/{id}/web-call/say',
      withTestKey(`/${call.id}/web-call/say`, post({ text: 'Who is this?' })),
      'POST',
    );
    await ask(
      'empty words',
      '/task/{id}/web-call/say',
      withTestKey(`/${call.id}/web-call/say`, post({ text: '' })),
      'POST',
    );
    await ask(
      'hang up',
      '/task/{id}/web-call/end',
      withTestKey(`/${call.id}/web-call/end`, { method: 'POST' }),
      'POST',
    );
    await ask(
      'a voice sample',
      '/task/voices/{voice}/sample',
      withTestKey('/voices/Sarah/sample?language=fr'),
      'GET',
    );
    await ask(
      'no such voice',
      '/task/voices/{voice}/sample',
      withTestKey('/voices/Bob/sample'),
      'GET',
    );
    await ask(
      'no such call',
      '/task/{id}/web-call/end',
      withTestKey(`/${missingTask}/web-call/end`, { method: 'POST' }),
      'POST',
    );
  });

  it('a path the API does not have answers a JSON 404', async () => {
    const response = await account.api('/nope');
    expect(response.status).toBe(404);
    const { error } = (await response.json()) as { error: Record<string, string> };
    expect(error.code).toBe('not_found');
    expect(error.message).toContain('GET /task/{id}');
    expect(error.request_id).toMatch(/^req_/);
    // A function name we do not have is the platform's to answer (hosted: the same 404).
    const elsewhere = await fetch(`${apiUrl}/functions/v1/tasks`, {
      headers: { Authorization: `Bearer ${account.apiKey}` },
    });
    expect(elsewhere.status).toBe(404);
    expect(await elsewhere.json()).toEqual({
      code: 'NOT_FOUND',
      message: 'Requested function was not found',
    });
  });

  it('every operation asked without a key, with a bad key, without KYC, with a wrong method, a stranger member and a missing id', async () => {
    // A number id of the right shape that is nobody's: its operations answer 404.
    const concrete = (
      route: string,
      id = ended.id,
      batch = batchId,
      number = `num_${'0'.repeat(26)}`,
    ) =>
      route
        // An agent's id of the right shape that is nobody's: its operations answer 404.
        .replace(/\/agents\/\{id\}/, `/agents/agt_${'0'.repeat(26)}`)
        .replace('{id}', id)
        .replace('{batch_id}', batch)
        .replace('{number_id}', number)
        .replace('{voice}', 'Aria')
        .replace('{document_id}', `doc_${'0'.repeat(26)}`)
        .replace('{run_id}', `run_${'0'.repeat(26)}`)
        .replace(/^\/task/, '');
    for (const [route, methods] of Object.entries(document.paths))
      for (const method of Object.keys(methods).map((one) => one.toUpperCase())) {
        const path = concrete(route);
        const body = method === 'POST' ? { body: '{}' } : {};
        await ask(
          'no key',
          route,
          fetch(`${apiUrl}/functions/v1/task${path}`, { method, ...body }),
          method,
        );
        await ask(
          'a made-up key',
          route,
          fetch(`${apiUrl}/functions/v1/task${path}`, {
            method,
            headers: { Authorization: `Bearer dw_${'1'.repeat(64)}` },
            ...body,
          }),
          method,
        );
        await ask('an account without KYC', route, noKyc.api(path, { method, ...body }), method);
        const wrong = method === 'GET' ? 'DELETE' : 'PUT';
        const refused = await ask(
          'a method the path lacks',
          route,
          account.api(path, { method: wrong }),
          method,
        );
        expect(refused.status).toBe(405);
        if (method === 'GET') {
          const stranger = await ask(
            'an unknown parameter',
            route,
            account.api(`${path}?foo=1`),
            method,
          );
          // Whatever it answers must be documented (ask checks it); /task and /task/batches refuse it,
          // tested above.
          void stranger;
          await ask(
            'the key as x-api-key',
            route,
            fetch(`${apiUrl}/functions/v1/task${path}`, {
              headers: { 'x-api-key': account.apiKey },
            }),
            method,
          );
        } else await ask('a stranger member', route, account.api(path, post({ foo: 1 })), method);
        if (route.includes('{'))
          await ask(
            'an id that is not one',
            route,
            account.api(concrete(route, 'task_nope', 'batch_nope', 'num_nope'), {
              method,
              ...(method === 'POST' ? { json: {} } : {}),
            }),
            method,
          );
      }
  });

  it('createTask and the lists refuse each bad value, naming it', async () => {
    const bad: [string, Record<string, unknown>, string][] = [
      ['an empty goal', { ...smallest, goal: '' }, 'goal'],
      ['a goal too long', { ...smallest, goal: 'x'.repeat(4001) }, 'goal'],
      ['an N11 number', { ...smallest, phone_number: '+1911' }, 'phone_number'],
      [
        'a plain-http webhook',
        { ...smallest, webhook_url: 'http://example.com/hook' },
        'webhook_url',
      ],
      [
        'schedule_at 40 days ahead',
        { ...smallest, schedule_at: new Date(Date.now() + 40 * 86_400_000).toISOString() },
        'schedule_at',
      ],
      ['max_duration_minutes 0', { ...smallest, max_duration_minutes: 0 }, 'max_duration_minutes'],
      ['an unknown voice', { ...smallest, voice: 'Nobody' }, 'voice'],
      ['metadata as a list', { ...smallest, metadata: [1] }, 'metadata'],
      ['record as a word', { ...smallest, record: 'yes' }, 'record'],
      [
        'an output_schema of a kind not taken',
        { ...smallest, output_schema: { type: 'object', properties: { x: { type: 'date' } } } },
        'output_schema',
      ],
      [
        'a retention of 91 days',
        { ...smallest, record: true, recording_retention_days: 91 },
        'recording_retention_days',
      ],
      [
        'a call window backwards',
        { ...smallest, call_window: { start: '17:00', end: '09:00' } },
        'call_window',
      ],
    ];
    for (const [what, body, field] of bad) {
      const refused = await ask(what, '/task', account.api('', post(body)), 'POST');
      expect(refused.status, what).toBe(400);
      expect(errorOf(refused).field, what).toBe(field);
      expect(errorOf(refused).request_id, what).toMatch(/^req_/);
    }
    for (const route of ['/task', '/task/batches'])
      for (const query of ['limit=101', 'limit=abc', 'limit=1', 'starting_after=nope']) {
        const path = `${route.replace(/^\/task/, '')}?${query}`;
        await ask(query, route, account.api(path), 'GET');
      }
  });

  it('recorded every operation of the description', () => {
    // The probe asked 150 requests across every operation, good and bad.
    expect(exchanges.length).toBeGreaterThanOrEqual(150);
    for (const one of exchanges.filter((exchange) => exchange.status >= 400))
      expect((one.body as { error: { request_id?: string } }).error.request_id, one.case).toMatch(
        /^req_/,
      );
    const asked = new Set(exchanges.map((one) => `${one.method} ${one.route}`));
    for (const [route, methods] of Object.entries(document.paths))
      for (const method of Object.keys(methods))
        expect(asked, `${method} ${route}`).toContain(`${method.toUpperCase()} ${route}`);
  });
});
