import { lazy, Suspense } from 'react';
import { loadSonner, useToasterWanted } from '@/lib/toast';

const SonnerToaster = lazy(() =>
  loadSonner().then(({ Toaster }) => ({
    default: () => <Toaster position="top-right" richColors closeButton />,
  })),
);

/** Where toasts appear; mounted (and sonner fetched) once the first toast is raised. */
export function Toaster() {
  const wanted = useToasterWanted();
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <SonnerToaster />
    </Suspense>
  );
}
