// GET /functions/v1/status: the platform's measured health, public (no key), cached briefly.
import { createHandler, jsonResponse, noAuth } from '../http/handler.ts';
import type { createPlatformStatus } from './platform-status.ts';

const PUBLIC_CORS = {
  'Access-Control-Allow-Origin': '*',
  'Access-Control-Allow-Methods': 'GET, OPTIONS',
  'Access-Control-Allow-Headers': 'authorization, apikey, content-type, x-client-info',
};

export function createStatusHandler(status: ReturnType<typeof createPlatformStatus>) {
  return createHandler(
    { name: 'status', methods: ['GET'], auth: noAuth, cors: PUBLIC_CORS },
    async () =>
      jsonResponse(200, await status.current(), { 'Cache-Control': 'public, max-age=15' }),
  );
}
