import { Link, useNavigate } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { Card, CardContent } from '@/components/ui/card';
import { Spinner } from '@/components/ui/spinner';
import { PRODUCT_NAME } from '@/config/constants';
import { paths } from '@/config/paths';
import { useSession } from '@/lib/auth/session-context';
import { useDocumentMeta } from '@/lib/use-document-meta';
import type { AuthCallResult } from '@/features/auth/api/credentials';
import { DashboardBackdrop } from './dashboard-backdrop';
import { NewPasswordForm } from './new-password-form';
import { FORGOT_PASSWORD_VIEW } from './forgot-password-form';

export type ResetPasswordPageProps = {
  setPassword?: (password: string) => Promise<AuthCallResult>;
};

/**
 * /reset-password: where the recovery e-mail's link lands, with the session that link started.
 * The user sets a new password and goes on to the dashboard, signed in. Without a session (the
 * link expired, or was used already) it offers a new link.
 */
export function ResetPasswordPage({ setPassword }: ResetPasswordPageProps) {
  const { user, loading } = useSession();
  const navigate = useNavigate();
  useDocumentMeta(
    `Set a new password | ${PRODUCT_NAME}`,
    `Set a new password for your ${PRODUCT_NAME} account.`,
  );

  let body;
  if (loading) body = <Spinner label="Loading authentication..." />;
  else if (!user) {
    body = (
      <div className="grid gap-4 text-center">
        <h1 className="text-2xl font-bold tracking-tight">This reset link has expired</h1>
        <p className="text-sm text-muted-foreground">
          Reset links work once and for a limited time. Ask for a new one.
        </p>
        <Button asChild>
          <Link to={`${paths.auth.href}?view=${FORGOT_PASSWORD_VIEW}`}>Send a new link</Link>
        </Button>
      </div>
    );
  } else {
    body = (
      <div className="grid gap-6">
        <div className="grid gap-1.5 text-center">
          <h1 className="text-2xl font-bold tracking-tight">Set a new password</h1>
          <p className="text-sm text-muted-foreground">
            For <span className="font-medium text-foreground">{user.email}</span>.
          </p>
        </div>
        <NewPasswordForm
          setPassword={setPassword}
          submitLabel="Set new password"
          source="recovery"
          onDone={() => navigate(paths.dashboard.href, { replace: true })}
        />
      </div>
    );
  }

  return (
    <div className="relative min-h-screen overflow-hidden bg-muted/40">
      <DashboardBackdrop />
      <div className="absolute inset-0 bg-background/50" aria-hidden />
      <main
        id="main"
        className="relative z-10 flex min-h-screen flex-col items-center justify-center gap-6 p-4"
      >
        <Link
          to={paths.home.href}
          className="text-xl font-bold tracking-tight text-foreground hover:text-primary"
        >
          {PRODUCT_NAME}
        </Link>
        <Card shadow="xl" className="w-full max-w-md">
          <CardContent standalone>{body}</CardContent>
        </Card>
      </main>
    </div>
  );
}
