/** Query keys of the numbers feature. */
export const numberKeys = {
  all: ['numbers'] as const,
  list: (userId: string) => [...numberKeys.all, userId, 'list'] as const,
};
