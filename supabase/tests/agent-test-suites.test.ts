import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiUrl } from './support/stack';
import { deleteCreatedUsers } from './support/clients';
import {
  callApiWith,
  createCallingAccount,
  testKeyOf,
  type CallingAccount,
} from './support/call-api';

// Test suites: scripted callees and what must hold when their calls end, run against a version of
// an agent as test calls on the simulated network: free, and the same verdicts every time. A
// version whose opt-out is broken fails; a gate suite keeps an untested version from live calls.
type Verdict = {
  name: string;
  passed: boolean;
  failures: string[];
  task_id: string;
  transcript: { speaker: string; text: string }[];
};
type Run = { id: string; status: string; agent_version: number; results: Verdict[] };

let owner: CallingAccount;
let api: ReturnType<typeof callApiWith>;
let agentId: string;
let suiteId: string;
let testKey: string;

const SUITE = {
  name: 'Before going live',
  scenarios: [
    {
      name: 'opens as the law asks and confirms',
      turns: ['Who is calling?', 'Yes, that works.'],
      expect: {
        status: 'success',
        outcome: 'achieved',
        opening: true,
        transcript_includes: ['AI assistant'],
      },
    },
    {
      name: 'honours an opt-out',
      turns: ['Please stop calling me.'],
      expect: { status: 'success', opted_out: true, events: ['callee.opted_out'] },
    },
    {
      name: 'answers insurance from the FAQ',
      turns: ['Do you take Delta Dental?'],
      expect: { knowledge_used: true, transcript_includes: ['Delta Dental'] },
    },
  ],
};

beforeAll(async () => {
  owner = await createCallingAccount({ label: 'suites' });
  testKey = await testKeyOf(owner);
  api = callApiWith(testKey);
  agentId = (
    (await (
      await api('/agents', {
        method: 'POST',
        json: { name: 'Front desk', goal: "Confirm Kim's cleaning tomorrow at 3 pm." },
      })
    ).json()) as { id: string }
  ).id;
  await api(`/agents/${agentId}/documents`, {
    method: 'POST',
    json: {
      name: 'faq.md',
      content: '# Insurance\n\nWe take Delta Dental, Aetna and Cigna PPO plans.',
    },
  });
  const suite = await api(`/agents/${agentId}/test-suites`, { method: 'POST', json: SUITE });
  expect(suite.status).toBe(201);
  suiteId = ((await suite.json()) as { id: string }).id;
});
afterAll(deleteCreatedUsers);

const run = async (json: unknown) => {
  const response = await api(`/agents/${agentId}/test-runs`, { method: 'POST', json });
  expect(response.status).toBe(201);
  return (await response.json()) as Run;
};

describe('an agent’s test suite', () => {
  it('passes every scenario of a sound agent, each verdict with its transcript, the same twice', async () => {
    const first = await run({ suite_id: suiteId });
    expect(first.results.map((one) => [one.name, one.passed, one.failures])).toEqual(
      SUITE.scenarios.map((one) => [one.name, true, []]),
    );
    expect(first).toMatchObject({ status: 'passed', agent_version: 1 });
    expect(first.results[2]!.transcript.map((turn) => turn.text).join(' ')).toContain('[faq.md,');
    const again = await run({ suite_id: suiteId });
    expect(again.results.map((one) => [one.name, one.passed, one.transcript])).toEqual(
      first.results.map((one) => [one.name, one.passed, one.transcript]),
    );
    expect(await (await api(`/agents/${agentId}/test-runs/${first.id}`)).json()).toMatchObject({
      id: first.id,
      status: 'passed',
    });
  });

  it('fails a scenario whose expectation does not hold, saying what did not', async () => {
    // A scenario that wrongly expects the call to go on after an opt-out: what a broken opt-out
    // looks like from the suite's side.
    const suite = (await (
      await api(`/agents/${agentId}/test-suites`, {
        method: 'POST',
        json: {
          name: 'Broken expectations',
          scenarios: [
            {
              name: 'keeps talking after stop',
              turns: ['Stop calling me.', 'Yes, that works.'],
              expect: { opted_out: false, outcome: 'achieved', transcript_includes: ['Thank you'] },
            },
          ],
        },
      })
    ).json()) as { id: string };
    const failed = await run({ suite_id: suite.id });
    expect(failed.status).toBe('failed');
    expect(failed.results[0]!.failures).toEqual(
      expect.arrayContaining([
        'the call recorded an opt-out',
        'outcome was not_achieved, expected achieved',
      ]),
    );
  });

  it('keeps a version that has not passed its gate suite from live calls', async () => {
    const gated = await api(`/agents/${agentId}`, {
      method: 'PATCH',
      json: {
        live_requires_suite_id: suiteId,
        first_sentence: 'Hi, this is Aria from the clinic.',
      },
    });
    expect(await gated.json()).toMatchObject({ version: 2, live_requires_suite_id: suiteId });
    const untested = await owner.api('', {
      method: 'POST',
      json: { phone_number: '+14155550100', agent_id: agentId },
    });
    expect(untested.status).toBe(400);
    expect(await untested.json()).toMatchObject({
      error: { field: 'agent_id', message: expect.stringContaining('has not passed') },
    });
    const batch = await owner.api('/batches', {
      method: 'POST',
      json: { defaults: { agent_id: agentId }, tasks: [{ phone_number: '+14155550100' }] },
    });
    expect(batch.status).toBe(400);
    expect(await batch.json()).toMatchObject({ error: { field: 'agent_id' } });
    expect((await run({ suite_id: suiteId })).status).toBe('passed');
    const cleared = await owner.api('', {
      method: 'POST',
      json: { phone_number: '+14155550100', agent_id: agentId },
    });
    expect(cleared.status).toBe(201);
    expect(await cleared.json()).toMatchObject({ agent_version: 2, livemode: true });
  });

  it('refuses bad suites and another account’s agent', async () => {
    for (const body of [
      { name: 'x', scenarios: [] },
      { name: 'x', scenarios: [{ name: 'a', turns: [{ press: 'x' }], expect: {} }] },
      { name: 'x', scenarios: [{ name: 'a', turns: [], expect: { status: 'done' } }] },
    ]) {
      const bad = await api(`/agents/${agentId}/test-suites`, { method: 'POST', json: body });
      expect(bad.status, JSON.stringify(body)).toBe(400);
    }
    const stranger = callApiWith(
      await testKeyOf(await createCallingAccount({ label: 'suites-stranger' })),
    );
    expect((await stranger(`/agents/${agentId}/test-suites`)).status).toBe(404);
    expect(
      (
        await stranger(`/agents/${agentId}/test-runs`, {
          method: 'POST',
          json: { suite_id: suiteId },
        })
      ).status,
    ).toBe(404);
  });

  it('runs from a CI step: the documented command exits 0 when every scenario passes, 1 when one fails', async () => {
    const cli = (args: string[]) =>
      promisify(execFile)(
        process.execPath,
        ['--import', 'tsx', 'packages/sdk/src/cli.ts', 'test-run', ...args],
        {
          env: {
            ...process.env,
            DIALWISE_API_KEY: testKey,
            DIALWISE_BASE_URL: `${apiUrl}/functions/v1`,
          },
        },
      ).then(
        ({ stdout }) => ({ code: 0, stdout }),
        (error: { code: number; stdout: string; stderr: string }) => ({
          code: error.code,
          stdout: error.stdout + error.stderr,
        }),
      );
    const passed = await cli(['--agent', agentId, '--suite', suiteId]);
    expect(passed.code).toBe(0);
    expect(passed.stdout).toContain('PASS  honours an opt-out');
    expect(passed.stdout).toMatch(/passed: 3 of 3 scenarios/);

    const failing = (await (
      await api(`/agents/${agentId}/test-suites`, {
        method: 'POST',
        json: {
          name: 'Expects the impossible',
          scenarios: [
            { name: 'never opts out', turns: ['Stop calling me.'], expect: { opted_out: false } },
          ],
        },
      })
    ).json()) as { id: string };
    const failed = await cli(['--agent', agentId, '--suite', failing.id]);
    expect(failed.code).toBe(1);
    expect(failed.stdout).toContain('FAIL  never opts out');
    expect(failed.stdout).toContain('the call recorded an opt-out');

    expect((await cli(['--agent', `agt_${'0'.repeat(26)}`, '--suite', suiteId])).code).toBe(2);
    expect((await cli([])).code).toBe(2);
  });
});
