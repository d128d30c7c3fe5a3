import { Link, useLocation } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';
import { useSession } from '@/lib/auth/session-context';

export function NotFoundPage() {
  const location = useLocation();
  const { user } = useSession();
  const attempted = `${location.pathname}${location.search}`;
  return (
    <main
      id="main"
      className="flex min-h-screen flex-col items-center justify-center gap-6 px-6 text-center"
    >
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
    </main>
  );
}
