import { z } from 'zod';

/**
 * E-mail and password, both required. Format and strength are the auth server's to
 * judge: its own messages (e.g. a weak password) are shown as they come.
 */
export const credentialsSchema = z.object({
  email: z.string().trim().min(1, 'Email is required'),
  password: z.string().min(1, 'Password is required'),
});

export type Credentials = z.infer<typeof credentialsSchema>;

/** What the form needs back from a sign-in or sign-up call. */
export type AuthCallResult = {
  error: { message: string; code?: string } | null;
  /** True when the call left a signed-in session (sign-up with e-mail confirmation off). */
  signedIn: boolean;
};
