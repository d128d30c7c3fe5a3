import { zodResolver } from '@hookform/resolvers/zod';
import { MailCheck } from 'lucide-react';
import { useId, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { MIN_PASSWORD_LENGTH, PRODUCT_NAME } from '@/config/constants';
import { cn } from '@/lib/cn';
import { track } from '@/lib/analytics';
import {
  credentialsSchema,
  type AuthCallResult,
  type Credentials,
} from '@/features/auth/api/credentials';
import { signInWithPassword } from '@/features/auth/api/sign-in';
import { signUpWithPassword } from '@/features/auth/api/sign-up';
import { SIGN_IN_TOAST_ID } from '@/features/auth/toast-ids';
import { ForgotPasswordForm } from './forgot-password-form';
import { PASSWORD_RULE_HINT } from './new-password-form';

export type AuthMode = 'sign-in' | 'sign-up';

const modes: { mode: AuthMode; label: string }[] = [
  { mode: 'sign-in', label: 'Sign in' },
  { mode: 'sign-up', label: 'Sign up' },
];

const copy = {
  'sign-in': {
    title: 'Welcome back',
    description: `Sign in to your ${PRODUCT_NAME} account.`,
    submit: 'Sign in',
    submitting: 'Signing in...',
    autoComplete: 'current-password',
  },
  'sign-up': {
    title: 'Create your account',
    description: 'Sign up for early access and get your API key.',
    submit: 'Sign up',
    submitting: 'Creating account...',
    autoComplete: 'new-password',
  },
} as const;

/** The message under Password when a sign-up's password is shorter than the auth server allows. */
export const SIGN_UP_PASSWORD_TOO_SHORT = `Use at least ${MIN_PASSWORD_LENGTH} characters.`;

const emptyCredentials: Credentials = { email: '', password: '' };

export type AuthFormProps = {
  /** The calls, passed in so tests can hand over their own (defaults: the real auth calls). */
  signIn?: (credentials: Credentials) => Promise<AuthCallResult>;
  signUp?: (credentials: Credentials) => Promise<AuthCallResult>;
  requestReset?: (email: string) => Promise<AuthCallResult>;
  initialMode?: AuthMode;
  /** Opens on "Forgot password?" instead of the sign-in form. */
  initialForgotPassword?: boolean;
};

/**
 * Two modes; e-mail and password required; submit disabled while loading or while
 * a field is empty; switching mode clears both fields and the awaiting-confirmation state. After
 * sign-in the redirect rules take the user on (to where they were going, else /dashboard).
 */
export function AuthForm({
  signIn = signInWithPassword,
  signUp = signUpWithPassword,
  requestReset,
  initialMode = 'sign-in',
  initialForgotPassword = false,
}: AuthFormProps) {
  const [mode, setMode] = useState<AuthMode>(initialMode);
  const [forgotPassword, setForgotPassword] = useState(initialForgotPassword);
  const [awaitingConfirmationFor, setAwaitingConfirmationFor] = useState<string | null>(null);
  // Which fields were touched in this mode: `auth_form_changed` is sent once per field and mode.
  const [changedFields] = useState(() => new Set<string>());
  const panelId = useId();

  const form = useForm<Credentials>({
    resolver: zodResolver(credentialsSchema),
    defaultValues: emptyCredentials,
  });
  const [email, password] = useWatch({ control: form.control, name: ['email', 'password'] });
  const { errors, isSubmitting } = form.formState;
  const canSubmit = !isSubmitting && email.trim() !== '' && password !== '';
  const text = copy[mode];

  function switchMode(next: AuthMode) {
    if (next === mode && !awaitingConfirmationFor) return;
    track('auth_mode_switch', { from: mode, to: next });
    toast.dismissViewErrors();
    setMode(next);
    setAwaitingConfirmationFor(null);
    changedFields.clear();
    form.reset(emptyCredentials);
  }

  function noteChange(field: keyof Credentials) {
    const key = `${mode}:${field}`;
    if (changedFields.has(key)) return;
    changedFields.add(key);
    track('auth_form_changed', { mode, field });
  }

  async function onSubmit(values: Credentials) {
    // The auth server's rule, checked here first so a short password gets a clear message.
    if (mode === 'sign-up' && values.password.length < MIN_PASSWORD_LENGTH) {
      form.setError('password', { message: SIGN_UP_PASSWORD_TOO_SHORT }, { shouldFocus: true });
      return;
    }
    track('auth_attempt', { mode });
    try {
      if (mode === 'sign-up') {
        const { error, signedIn } = await signUp(values);
        if (error) {
          track('auth_error', { mode, code: error.code });
          toast.viewError('Signup Error', {
            description: error.message || 'Failed to create account',
          });
          return;
        }
        toast.dismissViewErrors();
        if (!signedIn) setAwaitingConfirmationFor(values.email.trim());
        return;
      }
      const { error } = await signIn(values);
      if (error) {
        track('auth_error', { mode, code: error.code });
        toast.viewError('Login Error', { description: error.message || 'Failed to log in' });
        return;
      }
      toast.dismissViewErrors();
      toast.success('Login successful!', { id: SIGN_IN_TOAST_ID, description: undefined });
    } catch (exception) {
      track('auth_error', { mode, code: 'exception' });
      toast.viewError('Error', {
        description: exception instanceof Error ? exception.message : String(exception),
      });
    }
  }

  if (forgotPassword) {
    return (
      <ForgotPasswordForm
        requestReset={requestReset}
        initialEmail={email}
        onBack={() => {
          setForgotPassword(false);
          switchMode('sign-in');
        }}
      />
    );
  }

  if (awaitingConfirmationFor) {
    return (
      <div className="grid gap-4 text-center" aria-live="polite">
        <MailCheck className="mx-auto size-10 text-primary" aria-hidden />
        <h1 className="text-2xl font-bold tracking-tight">Check your email to continue</h1>
        <p className="text-sm text-muted-foreground">
          We sent a confirmation link to{' '}
          <span className="font-medium text-foreground">{awaitingConfirmationFor}</span>. Click the
          link in that email to verify your account, then sign in.
        </p>
        <Button
          onClick={() => {
            track('post_signup_action', { action: 'go_to_sign_in' });
            switchMode('sign-in');
          }}
        >
          Go to sign in
        </Button>
      </div>
    );
  }

  return (
    <div className="grid gap-6">
      <div className="grid gap-1.5 text-center">
        <h1 className="text-2xl font-bold tracking-tight">{text.title}</h1>
        <p className="text-sm text-muted-foreground">{text.description}</p>
      </div>

      <div
        role="tablist"
        aria-label="Sign in or sign up"
        className="grid grid-cols-2 rounded-md bg-muted p-1"
      >
        {modes.map((item) => (
          <button
            key={item.mode}
            type="button"
            role="tab"
            id={`${panelId}-${item.mode}`}
            aria-selected={mode === item.mode}
            aria-controls={panelId}
            onClick={() => switchMode(item.mode)}
            className={cn(
              'rounded-sm px-3 py-1.5 text-sm font-medium transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring',
              mode === item.mode
                ? 'bg-background text-foreground shadow-sm'
                : 'text-muted-foreground hover:text-foreground',
            )}
          >
            {item.label}
          </button>
        ))}
      </div>

      <form
        id={panelId}
        role="tabpanel"
        aria-labelledby={`${panelId}-${mode}`}
        className="grid gap-4"
        onSubmit={form.handleSubmit(onSubmit)}
      >
        <FormField label="Email" error={errors.email?.message}>
          <Input
            type="email"
            autoComplete="email"
            placeholder="you@company.com"
            required
            {...form.register('email', { onChange: () => noteChange('email') })}
          />
        </FormField>
        <FormField
          label="Password"
          hint={mode === 'sign-up' ? PASSWORD_RULE_HINT : undefined}
          error={errors.password?.message}
        >
          <Input
            type="password"
            autoComplete={text.autoComplete}
            required
            {...form.register('password', { onChange: () => noteChange('password') })}
          />
        </FormField>
        <Button type="submit" className="w-full" disabled={!canSubmit}>
          {isSubmitting ? text.submitting : text.submit}
        </Button>
        {mode === 'sign-in' ? (
          <button
            type="button"
            className="justify-self-center rounded-sm text-sm font-medium text-primary underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
            onClick={() => {
              track('auth_mode_switch', { from: mode, to: 'forgot-password' });
              toast.dismissViewErrors();
              setForgotPassword(true);
            }}
          >
            Forgot password?
          </button>
        ) : null}
      </form>
    </div>
  );
}
