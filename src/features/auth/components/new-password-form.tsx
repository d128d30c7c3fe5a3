import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { MIN_PASSWORD_LENGTH } from '@/config/constants';
import { track } from '@/lib/analytics';
import { toast } from '@/lib/toast';
import type { AuthCallResult } from '@/features/auth/api/credentials';
import { newPasswordSchema, updatePassword, type NewPassword } from '@/features/auth/api/password';

export const PASSWORD_RULE_HINT = `At least ${MIN_PASSWORD_LENGTH} characters.`;

export type NewPasswordFormProps = {
  /** The call, passed in so tests can hand over their own (default: the real auth call). */
  setPassword?: (password: string) => Promise<AuthCallResult>;
  submitLabel: string;
  /** Where the password change is made, for analytics. */
  source: 'recovery' | 'profile';
  onDone?: () => void;
};

const empty: NewPassword = { password: '', confirmation: '' };

/**
 * A new password, typed twice, with the length rule shown up front. On success it shows
 * 'Password updated' (the auth server also ends the user's other sessions) and resets.
 */
export function NewPasswordForm({
  setPassword = updatePassword,
  submitLabel,
  source,
  onDone,
}: NewPasswordFormProps) {
  const form = useForm<NewPassword>({
    resolver: zodResolver(newPasswordSchema),
    defaultValues: empty,
  });
  const [password, confirmation] = useWatch({
    control: form.control,
    name: ['password', 'confirmation'],
  });
  const { errors, isSubmitting } = form.formState;

  async function onSubmit(values: NewPassword) {
    track('password_change_attempt', { source });
    try {
      const { error } = await setPassword(values.password);
      if (error) {
        track('password_change_error', { source, code: error.code });
        toast.viewError('Password not changed', {
          description: error.message || 'Could not change the password',
        });
        return;
      }
      toast.dismissViewErrors();
      toast.success('Password updated', {
        description: 'Use your new password the next time you sign in.',
      });
      form.reset(empty);
      onDone?.();
    } catch (exception) {
      toast.viewError('Error', {
        description: exception instanceof Error ? exception.message : String(exception),
      });
    }
  }

  return (
    <form className="grid gap-4" onSubmit={form.handleSubmit(onSubmit)}>
      <FormField label="New password" hint={PASSWORD_RULE_HINT} error={errors.password?.message}>
        <Input
          type="password"
          autoComplete="new-password"
          required
          {...form.register('password')}
        />
      </FormField>
      <FormField label="Confirm new password" error={errors.confirmation?.message}>
        <Input
          type="password"
          autoComplete="new-password"
          required
          {...form.register('confirmation')}
        />
      </FormField>
      <Button
        type="submit"
        className="w-full sm:w-auto"
        disabled={isSubmitting || password === '' || confirmation === ''}
      >
        {isSubmitting ? 'Saving...' : submitLabel}
      </Button>
    </form>
  );
}
