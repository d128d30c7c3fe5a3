import { QueryClientProvider } from '@tanstack/react-query';
import { Outlet } from 'react-router-dom';
import { onSessionCleared } from '@/lib/auth/session-cleared';
import { createQueryClient } from '@/lib/query-client';

// The guard of the protected pages, all of which sit under this layout, travels in its chunk.
export { ProtectedRoute } from '@/app/guards/protected-route';

/**
 * The data cache of the pages that read or write data (the contact form, the status page and
 * every protected page). It loads with the first of them, so public pages that read nothing never load TanStack
 * Query. One client for the whole visit; it forgets everything when the session ends, so a
 * signed-out visitor or the next user never sees the previous user's rows.
 */
const queryClient = createQueryClient();
onSessionCleared(() => queryClient.clear());

export function QueryLayout() {
  return (
    <QueryClientProvider client={queryClient}>
      <Outlet />
    </QueryClientProvider>
  );
}
