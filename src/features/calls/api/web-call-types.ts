import type { components } from '@/lib/api/call-api.generated';

/** A browser call's turn as the agent says it: words and synthetic audio. */
export type SpokenTurn = components['schemas']['SpokenTurn'];
export type WebCallTurn = components['schemas']['WebCallTurn'];

/** Browser calls are test calls, whatever the dashboard's switch says. */
export const TEST_MODE_HEADERS = { 'Dialwise-Mode': 'test' } as const;
