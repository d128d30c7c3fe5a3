/** Query keys of the calls feature; invalidate by prefix (`callsKeys.user(id)`). */
export const callsKeys = {
  all: ['calls'] as const,
  user: (userId: string) => [...callsKeys.all, userId] as const,
  list: (userId: string) => [...callsKeys.user(userId), 'list'] as const,
  detail: (userId: string, taskId: string) =>
    [...callsKeys.user(userId), 'detail', taskId] as const,
  recording: (userId: string, taskId: string) =>
    [...callsKeys.detail(userId, taskId), 'recording'] as const,
};
