/**
 * The CPU the call API's own code spends on one 1,000-row POST /task/batches: parsing the body,
 * checking every row (prepare) and writing the body of its one SQL call, in a Deno process of its
 * own running the functions' code, so nothing else the stack does is counted (hosted counts a
 * request's CPU, not its time waiting on the database, against its 2 s). Prints JSON: the first
 * round (a cold isolate) and the median and best of the warm rounds, in ms.
 * Run by scripts/bench/batch-create.ts with the project's Deno binary.
 */
import process from 'node:process';
import { createBatchService } from '../../supabase/functions/_shared/tasks/batches.ts';
import { createTaskService } from '../../supabase/functions/_shared/tasks/service.ts';
import { absenceBatch } from './batch-body.ts';

const ROUNDS = Number(process.env.BENCH_PREPARE_ROUNDS ?? 15);

// Nothing here reaches a database or a provider: any use of one is a bug of the benchmark.
const unreachable = new Proxy(
  {},
  {
    get: () => () => {
      throw new Error('the benchmark reached a dependency it must not use');
    },
  },
);
type ServiceDeps = Parameters<typeof createTaskService>[0];
const service = createTaskService({
  db: unreachable,
  provider: unreachable,
  events: unreachable,
  recordings: unreachable,
  sql: null,
  now: () => new Date(),
  taskBaseUrl: 'http://127.0.0.1/functions/v1/task',
  voiceEventsUrl: 'http://127.0.0.1/functions/v1/voice-events',
  allowPrivateWebhooks: false,
  resolveHost: () => Promise.resolve(['93.184.216.34']),
} as unknown as ServiceDeps);
const batches = createBatchService({
  db: unreachable as ServiceDeps['db'],
  tasks: service,
  now: () => new Date(),
  taskBaseUrl: 'http://127.0.0.1/functions/v1/task',
});

const text = JSON.stringify(
  absenceBatch(1000, new Date(Date.now() + 4 * 86_400_000).toISOString()),
);
const rounds: number[] = [];
for (let round = 0; round < ROUNDS; round++) {
  const before = process.cpuUsage();
  const prepared = await batches.prepare(JSON.parse(text), { idempotencyKey: null, source: 'api' });
  JSON.stringify({ p_batch: prepared.batch, p_tasks: prepared.tasks });
  const spent = process.cpuUsage(before);
  rounds.push((spent.user + spent.system) / 1000);
}
const warm = rounds.slice(1).sort((a, b) => a - b);
console.log(
  JSON.stringify({
    cold: rounds[0],
    warmMedian: warm[Math.floor(warm.length / 2)],
    warmBest: warm[0],
  }),
);
