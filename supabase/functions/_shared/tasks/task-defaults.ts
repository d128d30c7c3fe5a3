// What a task is when the request leaves a field out. The voice and language default to the
// account's phone-agent settings, which only SQL knows (task_accept); these are the rest.
import { LIMITS } from '../contract/limits.ts';
import type { CreateTaskInput } from './schema.ts';
import { TRANSFER_DEFAULTS } from '../contract/task-transfer.ts';

export const TASK_DEFAULTS = {
  maxDurationMinutes: LIMITS.maxDurationMinutes.default,
  voicemailAction: 'hang_up',
  retryMaxAttempts: 3,
  retryIntervalMinutes: 30,
  record: false,
  recordingRetentionDays: 30,
} as const;

/** The row task_accept records for a checked create body. */
export function newTaskRow(
  input: CreateTaskInput,
  fixed: {
    id: string;
    source: string;
    webhookUrl: string | null;
    outputSchema: unknown;
    tools?: unknown[] | null;
    scheduleAt: Date | null;
    providerTokenHash: string;
  },
) {
  return {
    id: fixed.id,
    source: fixed.source,
    phone_number: input.phone_number,
    goal: input.goal ?? input.task,
    context: input.context ?? {},
    metadata: input.metadata ?? {},
    voice: input.voice ?? null,
    language: input.language ?? null,
    speaking_style: input.speaking_style ?? null,
    first_sentence: input.first_sentence ?? null,
    max_duration_minutes: input.max_duration_minutes ?? TASK_DEFAULTS.maxDurationMinutes,
    voicemail_action: input.voicemail?.action ?? TASK_DEFAULTS.voicemailAction,
    voicemail_message: input.voicemail?.action === 'leave_message' ? input.voicemail.message : null,
    retry_max_attempts: input.retry?.max_attempts ?? TASK_DEFAULTS.retryMaxAttempts,
    retry_interval_minutes: input.retry?.interval_minutes ?? TASK_DEFAULTS.retryIntervalMinutes,
    retry_waits_compressed: input.retry?.compress_waits ?? false,
    offer: input.offer ?? null,
    ...(input.from_number ? { from_number: input.from_number } : {}),
    webhook_url: fixed.webhookUrl,
    call_window_start: input.call_window?.start ?? null,
    call_window_end: input.call_window?.end ?? null,
    schedule_at: fixed.scheduleAt?.toISOString() ?? null,
    output_schema: fixed.outputSchema,
    tools: fixed.tools ?? null,
    transfer: input.transfer
      ? {
          to: input.transfer.to,
          when: input.transfer.when ?? TRANSFER_DEFAULTS.when,
          mode: input.transfer.mode ?? TRANSFER_DEFAULTS.mode,
          // A cold transfer briefs nobody.
          summary:
            (input.transfer.mode ?? TRANSFER_DEFAULTS.mode) === 'warm'
              ? (input.transfer.summary ?? TRANSFER_DEFAULTS.summary)
              : false,
        }
      : null,
    record: input.record ?? TASK_DEFAULTS.record,
    recording_retention_days:
      input.recording_retention_days ?? TASK_DEFAULTS.recordingRetentionDays,
    purpose: input.purpose ?? 'informational',
    ...(input.consent ? { consent: input.consent } : {}),
    ...(input.exemption ? { exemption: input.exemption } : {}),
    // Read by task_accept in test mode only; a live key's task with one is refused there.
    test_clock: input.test_clock ?? null,
    // The agent the fields came from, and the version (found when the body named none).
    agent_id: input.agent_id ?? null,
    agent_version: input.agent_id ? (input.agent_version ?? null) : null,
    // Replaced with the hash of a fresh token when each attempt is placed.
    provider_token_hash: fixed.providerTokenHash,
  };
}
