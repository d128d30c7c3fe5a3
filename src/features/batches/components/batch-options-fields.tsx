import { LIMITS } from '@contract/limits.ts';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { Textarea } from '@/components/ui/textarea';
import { voices } from '@/config/phone-agent-options';
import type { BatchOptionsErrors, BatchOptionsInput } from '../api/batch-options-schema';

/** The batch's options for every call (the API's `defaults`): voice, length, recording, etc. */
export function BatchOptionsFields({
  value,
  errors,
  onChange,
  testMode,
}: {
  value: BatchOptionsInput;
  errors: BatchOptionsErrors;
  onChange: (next: BatchOptionsInput) => void;
  /** Test mode offers to compress the retry waits. */
  testMode: boolean;
}) {
  const set =
    <K extends keyof BatchOptionsInput>(key: K) =>
    (next: BatchOptionsInput[K]) =>
      onChange({ ...value, [key]: next });
  return (
    <fieldset className="grid gap-4 rounded-md border p-4">
      <legend className="px-1 text-sm font-medium">Options for every call</legend>
      <div className="grid items-start gap-4 sm:grid-cols-2">
        <FormField label="Voice" error={errors.voice}>
          <NativeSelect
            value={value.voice}
            onChange={(event) => set('voice')(event.target.value as BatchOptionsInput['voice'])}
          >
            <option value="">Your phone agent&apos;s voice</option>
            {voices.map((voice) => (
              <option key={voice.value} value={voice.value}>
                {voice.label} ({voice.description})
              </option>
            ))}
          </NativeSelect>
        </FormField>
        <FormField
          label="Max duration (minutes)"
          error={errors.maxDurationMinutes}
          hint={`Empty: ${LIMITS.maxDurationMinutes.default} minutes.`}
        >
          <Input
            type="number"
            inputMode="numeric"
            min={LIMITS.maxDurationMinutes.min}
            max={LIMITS.maxDurationMinutes.max}
            value={value.maxDurationMinutes}
            onChange={(event) => set('maxDurationMinutes')(event.target.value)}
          />
        </FormField>
      </div>
      <div className="grid items-start gap-4 sm:grid-cols-[2fr_1fr_1fr]">
        <FormField
          label="Webhook URL (optional)"
          error={errors.webhookUrl}
          hint="We POST each call's events here, signed, and batch.completed at the end; https only."
        >
          <Input
            type="url"
            inputMode="url"
            autoComplete="off"
            placeholder="https://example.com/dialwise"
            value={value.webhookUrl}
            onChange={(event) => set('webhookUrl')(event.target.value)}
          />
        </FormField>
        <FormField
          label="Retries"
          error={errors.retryAttempts}
          hint="After no answer, busy or voicemail."
        >
          <Input
            type="number"
            inputMode="numeric"
            min={LIMITS.retryMaxAttempts.min}
            max={LIMITS.retryMaxAttempts.max}
            value={value.retryAttempts}
            onChange={(event) => set('retryAttempts')(event.target.value)}
          />
        </FormField>
        <FormField label="Minutes between retries" error={errors.retryIntervalMinutes}>
          <Input
            type="number"
            inputMode="numeric"
            min={LIMITS.retryIntervalMinutes.min}
            max={LIMITS.retryIntervalMinutes.max}
            value={value.retryIntervalMinutes}
            onChange={(event) => set('retryIntervalMinutes')(event.target.value)}
          />
        </FormField>
      </div>
      <FormField
        label="Result schema (optional)"
        error={errors.outputSchema}
        hint={
          'A JSON Schema of what each call should bring back, like {"type": "object", "properties": {…}}; its fields become columns of the results CSV.'
        }
      >
        <Textarea
          rows={4}
          className="font-mono"
          spellCheck={false}
          value={value.outputSchema}
          onChange={(event) => set('outputSchema')(event.target.value)}
        />
      </FormField>
      <label className="flex items-center gap-2 text-sm">
        <input
          type="checkbox"
          className="size-4"
          checked={value.record}
          onChange={(event) => set('record')(event.target.checked)}
        />
        Record the calls
        <span className="text-xs text-muted-foreground">(kept 30 days; off by default)</span>
      </label>
      {testMode ? (
        <label className="flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            className="size-4"
            checked={value.compressWaits}
            onChange={(event) => set('compressWaits')(event.target.checked)}
          />
          Compress retry waits
          <span className="text-xs text-muted-foreground">
            (test mode: a second per minute, so retries finish while you watch)
          </span>
        </label>
      ) : null}
    </fieldset>
  );
}
