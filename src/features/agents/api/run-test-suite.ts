import { useMutation } from '@tanstack/react-query';
import { callApi, unwrap } from '@/lib/api/call-api';
import type { components } from '@/lib/api/call-api.generated';

export type TestRun = components['schemas']['TestRun'];

/**
 * `POST /task/agents/{id}/test-runs`: plays the suite's scenarios as free test calls of the
 * version and answers when they ended; throws ApiError.
 */
export function runTestSuite(input: { agentId: string; suiteId: string; version?: number }) {
  return unwrap(
    callApi.POST('/task/agents/{id}/test-runs', {
      params: { path: { id: input.agentId } },
      body: {
        suite_id: input.suiteId,
        ...(input.version ? { agent_version: input.version } : {}),
      },
    }),
  );
}

export function useRunTestSuite() {
  return useMutation({ mutationFn: runTestSuite });
}
