/** Query keys of the webhooks feature. */
export const webhookKeys = {
  all: ['webhooks'] as const,
  secret: (userId: string) => [...webhookKeys.all, userId, 'secret'] as const,
  deliveries: (userId: string) => [...webhookKeys.all, userId, 'deliveries'] as const,
  endpoints: (userId: string) => [...webhookKeys.all, userId, 'endpoints'] as const,
};
