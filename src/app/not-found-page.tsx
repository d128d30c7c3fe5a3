import { Link, useLocation } from 'react-router-dom';
import { PublicLayout } from '@/components/layout/public-layout';
import { Button } from '@/components/ui/button';
import { PRODUCT_NAME } from '@/config/constants';
import { paths } from '@/config/paths';
import { useSession } from '@/lib/auth/session-context';
import { useDocumentMeta } from '@/lib/use-document-meta';

export function NotFoundPage() {
  const location = useLocation();
  const { user } = useSession();
  const attempted = `${location.pathname}${location.search}`;
  useDocumentMeta(
    `Page not found | ${PRODUCT_NAME}`,
    `There is no page at this address on ${PRODUCT_NAME}.`,
  );
  // The public frame (navigation bar and footer), so a lost visitor can go on from here.
  return (
    <PublicLayout>
      <div className="flex min-h-[60vh] flex-col items-center justify-center gap-6 px-6 py-16 text-center">
        <h1 className="text-3xl font-bold tracking-tight sm:text-4xl">404 Page not found</h1>
        <p className="text-muted-foreground">
          Nothing lives at{' '}
          <code className="break-all rounded bg-muted px-1.5 py-0.5">{attempted}</code>
        </p>
        {user ? (
          <Button asChild>
            <Link to={paths.dashboard.href}>Go to Dashboard</Link>
          </Button>
        ) : (
          <Button asChild>
            <Link to={paths.home.href}>Go Back Home</Link>
          </Button>
        )}
      </div>
    </PublicLayout>
  );
}
