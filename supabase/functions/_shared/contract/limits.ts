// The call API's limits, in one place for the API's checks, its messages, the dashboard's forms and
// /docs. The database reads the same numbers from private.limits() (supabase/schemas/
// 01-foundation.sql), which supabase/tests/contract-checks.test.ts keeps equal to this object:
// change a limit in both places.

export const LIMITS = {
  /** Characters of `goal` (or `task`). */
  goalMaxLength: 4000,
  /** Characters of `first_sentence` and of a voicemail message. */
  firstSentenceMaxLength: 500,
  voicemailMessageMaxLength: 500,
  /** Minutes a call may last; the default when the request names none. */
  maxDurationMinutes: { min: 1, max: 30, default: 10 },
  /** Retries after the first attempt, and the wait between them. */
  retryMaxAttempts: { min: 0, max: 5 },
  retryIntervalMinutes: { min: 1, max: 1440 },
  /** Bytes of JSON of `context` and `metadata`. */
  contextMaxBytes: 8 * 1024,
  metadataMaxBytes: 4 * 1024,
  /** Bytes of one create request's body, and of a batch's. */
  bodyMaxBytes: 64 * 1024,
  batchBodyMaxBytes: 2 * 1024 * 1024,
  /** Rows (create bodies) one batch may hold. */
  batchMaxRows: 1000,
  /**
   * Distinct webhook hosts and distinct output schemas one batch may name: each host is resolved
   * and each schema compiled before anything is recorded.
   */
  batchMaxWebhookHosts: 10,
  batchMaxOutputSchemas: 10,
  /** Levels of objects and lists anywhere in a request body, the body itself being the first. */
  jsonMaxDepth: 64,
  /** Calls an account may have in progress at once (queued, ringing or talking). */
  activeCallsPerAccount: 10,
  /** Tasks an account may hold that have not ended (scheduled, queued, live, awaiting a retry). */
  openTasksPerAccount: 2000,
  /** Test calls an account may create in any 24 hours (free, so bounded by number, not money). */
  testCallsPerDay: 1000,
  /** Create requests an account may send a minute, across all its keys. */
  createsPerMinutePerAccount: 60,
  /** Call checks (POST /task/check, MCP check_call) an account may make a minute. */
  checksPerMinutePerAccount: 120,
  /** Event streams open at once per credential (an API key, or a user's sessions). */
  openStreamsPerKey: 20,
  /** Event streams open at once per account, across its credentials. */
  openStreamsPerAccount: 30,
  /** Characters of a webhook URL. */
  webhookUrlMaxLength: 2048,
  /** Webhook endpoints one account may register. */
  webhookEndpointsPerAccount: 16,
  /** Days ahead `schedule_at` may be. */
  scheduleMaxDays: 30,
  /** Numbers one upload may add to the account's do-not-call list. */
  doNotCallUploadMaxRows: 100_000,
  /**
   * Request-log rows a revoked key may still write a minute (bodies are not kept for them): the
   * owner sees that it is being used, and whoever holds it cannot fill the account's log.
   */
  revokedKeyLogsPerMinute: 30,
  /** Webhook POSTs of one account in flight at once, across its destinations. */
  webhookInFlightPerAccount: 16,
  /** Webhook POSTs to one destination (an endpoint, or a task's webhook_url) in flight at once. */
  webhookInFlightPerDestination: 4,
  /** Test events an account may send to its endpoints a minute. */
  webhookTestEventsPerMinute: 10,
  /** Deliveries an account may resend a minute. */
  webhookResendsPerMinute: 30,
  /** Numbers one account may hold at once (bought, brought or being verified). */
  phoneNumbersPerAccount: 20,
  /** Cents a month for a number bought through us: the provider's $1.15 and our $0.85. */
  phoneNumberMonthlyCents: 200,
  /** Days a bought number is kept past its paid month while the credits cannot renew it. */
  phoneNumberGraceDays: 7,
  /** A caller-ID code: sends per number in any hour, checks per code, minutes it lives. */
  callerIdCodeSendsPerHour: 3,
  callerIdCodeChecks: 5,
  callerIdCodeMinutes: 10,
  /** Turns one browser call holds (each thing said and each answer): its transcript stays small. */
  webCallTurnsMax: 200,
  /** Agents an account keeps that are not archived. */
  agentsPerAccount: 100,
  /** Documents one agent answers from. */
  documentsPerAgent: 50,
  /** One document's text, in bytes (a PDF's extracted text). */
  documentBytesMax: 1_048_576,
  /** All of an account's documents' text together, in bytes. */
  knowledgeBytesPerAccount: 5_242_880,
} as const;
