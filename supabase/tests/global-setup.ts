import type { TestProject } from 'vitest/node';
import { startStack } from '@dialwise/local-stack';
import { dialwiseStack } from '../../scripts/stack/dialwise';
import { TEST_STACK_ENV } from './support/stack';

/** Starts a fresh local stack on spare ports for the integration tests, and stops it after. */
export default async function setup(project: TestProject) {
  // Files and tests run shuffled (vite.config.ts): the seed replays this run's order.
  const seed = project.config.sequence.seed;
  console.log(
    `Integration tests in random order, seed ${seed} (replay: TEST_SEED=${seed} npm run test:integration)`,
  );
  Object.assign(process.env, TEST_STACK_ENV);
  const lines: string[] = [];
  try {
    const stack = await startStack({ ...dialwiseStack(), log: (line) => lines.push(line) });
    return async () => {
      await stack.stop();
    };
  } catch (error) {
    console.error(lines.slice(-30).join('\n'));
    throw error;
  }
}
