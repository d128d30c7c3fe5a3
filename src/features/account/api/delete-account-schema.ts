import { z } from 'zod';

export const deleteAccountMessages = {
  required: 'Type your e-mail address to confirm.',
  mismatch: 'That is not the e-mail address of this account.',
} as const;

/** The confirmation typed in the dialog must be the account's e-mail (case and spaces aside). */
export function deleteAccountSchema(accountEmail: string) {
  return z.object({
    confirm: z
      .string()
      .trim()
      .min(1, deleteAccountMessages.required)
      .refine(
        (value) => value.toLowerCase() === accountEmail.trim().toLowerCase(),
        deleteAccountMessages.mismatch,
      ),
  });
}

export type DeleteAccountValues = z.infer<ReturnType<typeof deleteAccountSchema>>;
