// GET /functions/v1/status: the platform's measured health, public (no key), cached briefly.
import { corsFor } from '../http/cors.ts';
import { createHandler, jsonResponse, noAuth } from '../http/handler.ts';
import type { createPlatformStatus } from './platform-status.ts';

export function createStatusHandler(status: ReturnType<typeof createPlatformStatus>) {
  return createHandler(
    { name: 'status', methods: ['GET'], auth: noAuth, cors: corsFor(['GET']) },
    async () =>
      jsonResponse(200, await status.current(), { 'Cache-Control': 'public, max-age=15' }),
  );
}
