import type { ErrorWording } from '@/lib/api/api-error';

/** How the account's export and closing word an error the server did not word, or no answer. */
export const accountWording: ErrorWording = {
  unexpected: 'Something went wrong on our side. Please try again.',
  unanswered: 'We could not reach the server. Check your connection and try again.',
};
