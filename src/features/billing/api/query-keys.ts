/** Query keys of the billing feature; invalidate by prefix (`billingKeys.user(id)`). */
export const billingKeys = {
  all: ['billing'] as const,
  user: (userId: string) => [...billingKeys.all, userId] as const,
  history: (userId: string) => [...billingKeys.user(userId), 'history'] as const,
  usage: (userId: string) => [...billingKeys.user(userId), 'usage'] as const,
};
