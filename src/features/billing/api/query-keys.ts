import { usageQueryKey } from '@/lib/balance';

/** Query keys of the billing feature; invalidate by prefix (`billingKeys.user(id)`). */
export const billingKeys = {
  all: ['billing'] as const,
  user: (userId: string) => [...billingKeys.all, userId] as const,
  history: (userId: string) => [...billingKeys.user(userId), 'history'] as const,
  /** Shared with the calls feature, which refreshes it when a call ends. */
  usage: usageQueryKey,
};
