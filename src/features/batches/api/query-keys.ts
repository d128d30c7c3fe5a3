/** Query keys of the batches feature; invalidate by prefix (`batchesKeys.user(id)`). */
export const batchesKeys = {
  all: ['batches'] as const,
  user: (userId: string) => [...batchesKeys.all, userId] as const,
  list: (userId: string) => [...batchesKeys.user(userId), 'list'] as const,
  detail: (userId: string, batchId: string) =>
    [...batchesKeys.user(userId), 'detail', batchId] as const,
  tasks: (userId: string, batchId: string) =>
    [...batchesKeys.user(userId), 'tasks', batchId] as const,
  doNotCallCheck: (userId: string, livemode: boolean, numbers: string[]) =>
    [...batchesKeys.user(userId), 'do-not-call', livemode, numbers] as const,
};
