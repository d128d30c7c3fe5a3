export { Dialwise } from './client.js';
export type {
  ApiResponse,
  CreateOptions,
  DialwiseOptions,
  Recording,
  RequestOptions,
  StreamOptions,
  WaitOptions,
  WithResponse,
} from './client.js';
export { DialwiseError, WaitTimeoutError, WebhookVerificationError } from './errors.js';
export { PageRequest } from './pagination.js';
export { SseParser, type SseMessage } from './sse.js';
export { TERMINAL_STATUSES, isTerminal } from './types.js';
export type * from './types.js';
export { signWebhook, timingSafeEqual, verifyWebhook } from './webhooks.js';
export type {
  SignOptions,
  SignedWebhookHeaders,
  VerifyOptions,
  WebhookEvent,
  WebhookHeaders,
} from './webhooks.js';
export type { components, operations, paths } from './generated/openapi.js';
