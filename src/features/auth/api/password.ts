import { z } from 'zod';
import { MIN_PASSWORD_LENGTH } from '@/config/constants';
import { paths } from '@/config/paths';
import { supabase } from '@/lib/supabase';
import type { AuthCallResult } from './credentials';

/** A new password, typed twice. The length is the auth server's minimum, shown before submit. */
export const newPasswordSchema = z
  .object({
    password: z.string().min(MIN_PASSWORD_LENGTH, `Use at least ${MIN_PASSWORD_LENGTH} characters`),
    confirmation: z.string().min(1, 'Type the new password again'),
  })
  .refine((values) => values.password === values.confirmation, {
    path: ['confirmation'],
    message: 'The passwords do not match',
  });

export type NewPassword = z.infer<typeof newPasswordSchema>;

export const emailSchema = z.object({
  email: z.string().trim().min(1, 'Email is required'),
});

/**
 * Sends the recovery e-mail. Its link signs the user in and lands on the page that sets a new
 * password. The answer never says whether the address has an account.
 */
export async function requestPasswordReset(
  email: string,
  redirectTo: string = `${window.location.origin}${paths.resetPassword.href}`,
): Promise<AuthCallResult> {
  const { error } = await supabase.auth.resetPasswordForEmail(email.trim(), { redirectTo });
  return { error: error ? { message: error.message, code: error.code } : null, signedIn: false };
}

/** Sets the signed-in user's password (after a recovery link, or from the profile). */
export async function updatePassword(password: string): Promise<AuthCallResult> {
  const { data, error } = await supabase.auth.updateUser({ password });
  return {
    error: error ? { message: error.message, code: error.code } : null,
    signedIn: !!data.user,
  };
}
