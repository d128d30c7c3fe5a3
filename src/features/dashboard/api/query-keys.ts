/** Query keys of the dashboard feature; invalidate by prefix (`dashboardKeys.user(id)`). */
export const dashboardKeys = {
  all: ['dashboard'] as const,
  user: (userId: string) => [...dashboardKeys.all, userId] as const,
  balance: (userId: string) => [...dashboardKeys.user(userId), 'balance'] as const,
};
