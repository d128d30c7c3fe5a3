import type { components } from '@/lib/api/call-api.generated';
import type { DashboardMode } from '@/lib/api/dashboard-mode';

/** A browser call's turn as the agent says it: words and synthetic audio. */
export type SpokenTurn = components['schemas']['SpokenTurn'];
export type WebCallTurn = components['schemas']['WebCallTurn'];
/** Where a live browser call's audio goes (the provider's WebSocket) and its format. */
export type WebCallSocket = components['schemas']['WebCallSocket'];

/**
 * A browser call keeps the mode it started in, whatever the switch says later: a test call is
 * free, a live one is billed.
 */
export const modeHeaders = (mode: DashboardMode) => ({ 'Dialwise-Mode': mode });
