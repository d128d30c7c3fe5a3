import { useEffect } from 'react';
import { Link, useSearchParams } from 'react-router-dom';
import { toast } from '@/lib/toast';
import { Card, CardContent } from '@/components/ui/card';
import { PRODUCT_NAME } from '@/config/constants';
import { paths } from '@/config/paths';
import { track } from '@/lib/analytics';
import { useSession } from '@/lib/auth/session-context';
import { DEFAULT_AUTH_ERROR, REFRESH_TOKEN_ERRORS } from '@/lib/auth/session-rules';
import { AuthForm } from './auth-form';
import { FORGOT_PASSWORD_VIEW } from './forgot-password-form';
import { DashboardBackdrop } from './dashboard-backdrop';

/**
 * The URL's error text (a default text when the parameter is there but empty); refresh-token
 * errors belong to the 'Session expired' rule instead.
 */
export function urlAuthError(searchParams: URLSearchParams): string | null {
  if (!searchParams.has('error') && !searchParams.has('error_description')) return null;
  const error = searchParams.get('error');
  if (error && (REFRESH_TOKEN_ERRORS as readonly string[]).includes(error)) return null;
  return searchParams.get('error_description') || error || DEFAULT_AUTH_ERROR;
}

/**
 * /auth: the sign-in / sign-up form over a blurred dashboard. Shows the URL's `error`
 * and the session layer's error as 'Authentication Error'. A signed-in user is sent on by the
 * redirect rules.
 */
export function AuthPage() {
  const [searchParams] = useSearchParams();
  const { error, clearError } = useSession();
  const urlError = urlAuthError(searchParams);

  useEffect(() => {
    if (!urlError) return;
    track('auth_error', { source: 'url', message: urlError });
    toast.error('Authentication Error', { id: 'auth-error', description: urlError });
  }, [urlError]);

  useEffect(() => {
    if (error === null) return;
    track('auth_error', { source: 'session', message: error });
    toast.error('Authentication Error', {
      id: 'auth-error',
      description: error || DEFAULT_AUTH_ERROR,
    });
    clearError?.();
  }, [error, clearError]);

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
          <CardContent standalone>
            <AuthForm
              key={searchParams.get('mode') ?? 'sign-in'}
              initialMode={searchParams.get('mode') === 'sign-up' ? 'sign-up' : 'sign-in'}
              initialForgotPassword={searchParams.get('view') === FORGOT_PASSWORD_VIEW}
            />
          </CardContent>
        </Card>
      </main>
    </div>
  );
}
