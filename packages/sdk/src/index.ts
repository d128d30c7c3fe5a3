export { Dialwise } from './client.js';
export type {
  CreateOptions,
  DialwiseOptions,
  Recording,
  RequestOptions,
  StreamOptions,
  WaitOptions,
} from './client.js';
export { DialwiseError, WaitTimeoutError, WebhookVerificationError } from './errors.js';
export { PageRequest } from './pagination.js';
export { SseParser, type SseMessage } from './sse.js';
export { TERMINAL_STATUSES, isTerminal } from './types.js';
export type * from './types.js';
export { timingSafeEqual, verifyWebhook } from './webhooks.js';
export type { VerifyOptions, WebhookEvent, WebhookHeaders } from './webhooks.js';
export type { components, operations, paths } from './generated/openapi.js';
