import { useMutation, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { callApi, unwrap } from '@/lib/api/call-api';
import type { components } from '@/lib/api/call-api.generated';
import { agentKeys } from './query-keys';

/** The suite form: a name and its scenarios as JSON (the API checks each field). */
export const suiteFormSchema = z.object({
  name: z.string().trim().min(1, 'Name the suite').max(80, 'At most 80 characters'),
  scenarios: z.string().refine(
    (text) => {
      try {
        return Array.isArray(JSON.parse(text));
      } catch {
        return false;
      }
    },
    { message: 'Scenarios must be a JSON list, like the example' },
  ),
});
export type SuiteFormValues = z.infer<typeof suiteFormSchema>;

/** A scenario list to start from: the checks every agent should pass. */
export const EXAMPLE_SCENARIOS = JSON.stringify(
  [
    {
      name: 'opens as the law asks',
      turns: ['Who is calling?', 'Yes, that works.'],
      expect: { status: 'success', opening: true },
    },
    { name: 'honours an opt-out', turns: ['Please stop calling me.'], expect: { opted_out: true } },
  ],
  null,
  2,
);

/** `POST /task/agents/{id}/test-suites`; throws ApiError. */
export function createTestSuite({ agentId, values }: { agentId: string; values: SuiteFormValues }) {
  return unwrap(
    callApi.POST('/task/agents/{id}/test-suites', {
      params: { path: { id: agentId } },
      body: {
        name: values.name,
        scenarios: JSON.parse(values.scenarios) as components['schemas']['TestScenario'][],
      },
    }),
  );
}

export function useCreateTestSuite(userId: string | null | undefined, agentId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTestSuite,
    onSettled: () =>
      queryClient.invalidateQueries({ queryKey: agentKeys.suites(userId ?? '', agentId) }),
  });
}
