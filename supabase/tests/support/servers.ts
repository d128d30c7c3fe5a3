import type { Server } from 'node:http';

/**
 * Stops a test's HTTP server. Connections the functions' fetch keeps alive (webhook deliveries
 * are sent in parallel and pooled) are closed first: `close` alone waits for every one to end.
 */
export function closeServer(server: Server): Promise<void> {
  server.closeAllConnections();
  return new Promise<void>((resolve) => server.close(() => resolve()));
}
