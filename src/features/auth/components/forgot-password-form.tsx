import { zodResolver } from '@hookform/resolvers/zod';
import { MailCheck } from 'lucide-react';
import { useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { track } from '@/lib/analytics';
import { toast } from '@/lib/toast';
import type { AuthCallResult } from '@/features/auth/api/credentials';
import { emailSchema, requestPasswordReset } from '@/features/auth/api/password';

/** `/auth?view=forgot-password` opens the form directly (e.g. from an expired reset link). */
export const FORGOT_PASSWORD_VIEW = 'forgot-password';

export type ForgotPasswordFormProps = {
  /** The call, passed in so tests can hand over their own (default: the real auth call). */
  requestReset?: (email: string) => Promise<AuthCallResult>;
  initialEmail?: string;
  onBack: () => void;
};

/**
 * "Forgot password?": asks for the e-mail and sends the recovery link. The confirmation reads the
 * same whether or not the address has an account, as the auth server's answer does.
 */
export function ForgotPasswordForm({
  requestReset = requestPasswordReset,
  initialEmail = '',
  onBack,
}: ForgotPasswordFormProps) {
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useForm<{ email: string }>({
    resolver: zodResolver(emailSchema),
    defaultValues: { email: initialEmail },
  });
  const email = useWatch({ control: form.control, name: 'email' });
  const { errors, isSubmitting } = form.formState;

  async function onSubmit({ email: address }: { email: string }) {
    track('password_reset_requested');
    try {
      const { error } = await requestReset(address);
      if (error) {
        toast.viewError('Password reset error', {
          description: error.message || 'Could not send the reset link',
        });
        return;
      }
      toast.dismissViewErrors();
      setSentTo(address.trim());
    } catch (exception) {
      toast.viewError('Error', {
        description: exception instanceof Error ? exception.message : String(exception),
      });
    }
  }

  if (sentTo) {
    return (
      <div className="grid gap-4 text-center" aria-live="polite">
        <MailCheck className="mx-auto size-10 text-primary" aria-hidden />
        <h1 className="text-2xl font-bold tracking-tight">Check your email</h1>
        <p className="text-sm text-muted-foreground">
          If an account exists for <span className="font-medium text-foreground">{sentTo}</span>, we
          sent it a link to set a new password.
        </p>
        <Button onClick={onBack}>Back to sign in</Button>
      </div>
    );
  }

  return (
    <div className="grid gap-6">
      <div className="grid gap-1.5 text-center">
        <h1 className="text-2xl font-bold tracking-tight">Reset your password</h1>
        <p className="text-sm text-muted-foreground">
          Enter the email of your account and we will send you a link to set a new password.
        </p>
      </div>
      <form className="grid gap-4" onSubmit={form.handleSubmit(onSubmit)}>
        <FormField label="Email" error={errors.email?.message}>
          <Input
            type="email"
            autoComplete="email"
            placeholder="you@company.com"
            required
            {...form.register('email')}
          />
        </FormField>
        <Button type="submit" className="w-full" disabled={isSubmitting || email.trim() === ''}>
          {isSubmitting ? 'Sending...' : 'Send reset link'}
        </Button>
        <Button type="button" variant="ghost" onClick={onBack}>
          Back to sign in
        </Button>
      </form>
    </div>
  );
}
