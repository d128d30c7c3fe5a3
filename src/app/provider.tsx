import type { ReactNode } from 'react';
import { Toaster } from '@/components/ui/toaster';
import { AuthProvider } from '@/features/auth/components/auth-provider';

/**
 * What every page shares: the session and the toasts. The data cache (TanStack Query) is not
 * here: it belongs to the pages that use it (src/app/query-layout.tsx), so public pages never load it.
 */
export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <AuthProvider deferOnPublicPages>
      {children}
      <Toaster />
    </AuthProvider>
  );
}
