import { z } from 'zod';
import { LIMITS } from '@contract/limits.ts';
import { voiceValues, type Voice } from '@/config/phone-agent-options';
import { resultSchemaMessages, resultSchemaProblem } from '@/lib/result-schema-input';

/** The API's defaults when a batch leaves retries out (the form shows them as its own). */
export const DEFAULT_RETRY_ATTEMPTS = 3;
export const DEFAULT_RETRY_INTERVAL_MINUTES = 30;
export const batchOptionMessages = {
  duration: `Enter a whole number of minutes from ${LIMITS.maxDurationMinutes.min} to ${LIMITS.maxDurationMinutes.max}, or leave it empty.`,
  webhookUrl: `Enter an https:// URL of up to ${LIMITS.webhookUrlMaxLength} characters, or leave it empty.`,
  retryAttempts: `Enter a whole number of further attempts from ${LIMITS.retryMaxAttempts.min} to ${LIMITS.retryMaxAttempts.max}.`,
  retryInterval: `Enter a whole number of minutes between attempts from ${LIMITS.retryIntervalMinutes.min} to ${LIMITS.retryIntervalMinutes.max}.`,
  outputSchemaJson: resultSchemaMessages.json,
  outputSchemaShape: resultSchemaMessages.shape,
  outputSchemaSize: resultSchemaMessages.size,
} as const;

/** A whole number typed in a field, within bounds; empty is allowed when `optional`. */
const wholeNumber = (bounds: { min: number; max: number }, message: string, optional: boolean) =>
  z
    .string()
    .trim()
    .refine((value) => {
      if (value === '') return optional;
      const n = Number(value);
      return Number.isInteger(n) && n >= bounds.min && n <= bounds.max;
    }, message)
    .transform((value) => (value === '' ? undefined : Number(value)));

/**
 * The batch form's options for every call, as typed (strings, a checkbox). The API checks the
 * same fields again (the JSON Schema subset, the webhook's host); this names the plain mistakes
 * beside each field before anything is sent.
 */
export const batchOptionsSchema = z.object({
  /** Empty: the voice of the account's phone agent settings. */
  voice: z.union([z.literal(''), z.enum(voiceValues)]),
  maxDurationMinutes: wholeNumber(LIMITS.maxDurationMinutes, batchOptionMessages.duration, true),
  record: z.boolean(),
  webhookUrl: z
    .string()
    .trim()
    .max(LIMITS.webhookUrlMaxLength, batchOptionMessages.webhookUrl)
    .refine((value) => {
      if (!value) return true;
      try {
        return new URL(value).protocol === 'https:';
      } catch {
        return false;
      }
    }, batchOptionMessages.webhookUrl),
  retryAttempts: wholeNumber(LIMITS.retryMaxAttempts, batchOptionMessages.retryAttempts, false),
  retryIntervalMinutes: wholeNumber(
    LIMITS.retryIntervalMinutes,
    batchOptionMessages.retryInterval,
    false,
  ),
  outputSchema: z.string().superRefine((value, ctx) => {
    const problem = value.trim() ? resultSchemaProblem(value) : null;
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  }),
  /** Test mode: retries wait a second per interval minute (sent only for a test batch). */
  compressWaits: z.boolean(),
});

export type BatchOptionsInput = z.input<typeof batchOptionsSchema>;
export type BatchOptionsValues = z.output<typeof batchOptionsSchema>;
export type BatchOptionsErrors = Partial<Record<keyof BatchOptionsInput, string>>;

export const initialBatchOptions: BatchOptionsInput = {
  voice: '',
  maxDurationMinutes: '',
  record: false,
  webhookUrl: '',
  retryAttempts: String(DEFAULT_RETRY_ATTEMPTS),
  retryIntervalMinutes: String(DEFAULT_RETRY_INTERVAL_MINUTES),
  outputSchema: '',
  compressWaits: true,
};

/** The options checked: their values, or each field's first problem. */
export function checkBatchOptions(
  input: BatchOptionsInput,
): { values: BatchOptionsValues; errors: null } | { values: null; errors: BatchOptionsErrors } {
  const parsed = batchOptionsSchema.safeParse(input);
  if (parsed.success) return { values: parsed.data, errors: null };
  const errors: BatchOptionsErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] as keyof BatchOptionsInput;
    errors[field] ??= issue.message;
  }
  return { values: null, errors };
}

/**
 * The options as `defaults` of POST /task/batches: only what differs from the API's own defaults
 * is sent (an empty voice keeps the account's phone agent settings). A live batch never asks to
 * compress its waits.
 */
export function batchDefaultsOf(values: BatchOptionsValues, livemode = true) {
  const compress = !livemode && values.compressWaits;
  const retryChanged =
    compress ||
    values.retryAttempts !== DEFAULT_RETRY_ATTEMPTS ||
    values.retryIntervalMinutes !== DEFAULT_RETRY_INTERVAL_MINUTES;
  return {
    ...(values.voice ? { voice: values.voice as Voice } : {}),
    ...(values.maxDurationMinutes !== undefined
      ? { max_duration_minutes: values.maxDurationMinutes }
      : {}),
    ...(values.record ? { record: true } : {}),
    ...(values.webhookUrl ? { webhook_url: values.webhookUrl } : {}),
    ...(retryChanged
      ? {
          retry: {
            max_attempts: values.retryAttempts!,
            interval_minutes: values.retryIntervalMinutes!,
            ...(compress ? { compress_waits: true } : {}),
          },
        }
      : {}),
    ...(values.outputSchema.trim()
      ? { output_schema: JSON.parse(values.outputSchema) as Record<string, unknown> }
      : {}),
  };
}
