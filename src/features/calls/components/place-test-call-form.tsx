import { useDashboardMode } from '@/lib/api/dashboard-mode';
import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useFieldArray, useForm, useWatch } from 'react-hook-form';
import { Link } from 'react-router-dom';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { Skeleton } from '@/components/ui/skeleton';
import { Textarea } from '@/components/ui/textarea';
import { env } from '@/config/env';
import { paths, type DashboardTab } from '@/config/paths';
import {
  DEFAULT_PHONE_AGENT_SETTINGS,
  languages,
  speakingStyles,
  voices,
  type PhoneAgentSettings,
} from '@/config/phone-agent-options';
import { useAgents } from '@/lib/agents';
import { useSession } from '@/lib/auth/session-context';
import { ApiError } from '@/lib/api/api-error';
import { useCreateCall } from '../api/create-call';
import {
  callPurposes,
  CALLING_HOURS,
  createCallLimits,
  createCallSchema,
  DEFAULT_RECORDING_RETENTION_DAYS,
  formFieldOfApiField,
  SAMPLE_OUTPUT_SCHEMA,
  SAMPLE_TOOLS,
  voicemailActions,
  type CreateCallInput,
  type CreateCallValues,
} from '../api/create-call-schema';
import { useAgentSettings } from '@/lib/agent-settings';
import { describeCallError, type CallErrorAction, type CallErrorView } from './call-error';
import { isLocalStack, ReservedNumbers } from './reserved-numbers';

const tabState = (tab: DashboardTab) => ({ activeTab: tab });

function ErrorAction({ action }: { action: CallErrorAction | undefined }) {
  const linkClass = 'font-medium text-primary underline-offset-4 hover:underline';
  if (action === 'billing')
    return (
      <Link to={paths.dashboard.href} state={tabState('billing')} className={linkClass}>
        Add credits
      </Link>
    );
  if (action === 'verify-phone')
    return (
      <Link to={paths.verifyPhone.href} className={linkClass}>
        Verify your phone
      </Link>
    );
  if (action === 'kyc')
    return (
      <Link to={paths.dashboard.href} className={linkClass}>
        Open the dashboard
      </Link>
    );
  return null;
}

/**
 * "Place a test call": phone, goal, and the agent's voice, language and speaking style
 * (prefilled from the saved phone-agent settings), sent to `POST /task` with the signed-in user's
 * session, the same API an integrator's system calls with a key. Locally it lists the simulated network's
 * reserved numbers.
 */
export function PlaceTestCallForm({ onPlaced }: { onPlaced: (taskId: string) => void }) {
  const { user } = useSession();
  const settings = useAgentSettings(user?.id);

  if (settings.isPending && settings.fetchStatus !== 'idle') {
    return (
      <div className="grid gap-3" aria-busy="true">
        <span className="sr-only">Loading the test call form...</span>
        <Skeleton className="h-10 w-full" />
        <Skeleton className="h-20 w-full" />
      </div>
    );
  }

  if (!user) return null;

  return (
    <TestCallForm
      userId={user.id}
      defaults={settings.data ?? DEFAULT_PHONE_AGENT_SETTINGS}
      settingsFailed={settings.isError}
      onPlaced={onPlaced}
    />
  );
}

function TestCallForm({
  userId,
  defaults,
  settingsFailed,
  onPlaced,
}: {
  userId: string;
  defaults: PhoneAgentSettings;
  settingsFailed: boolean;
  onPlaced: (taskId: string) => void;
}) {
  const livemode = useDashboardMode() === 'live';
  const [failure, setFailure] = useState<CallErrorView | null>(null);
  const form = useForm<CreateCallInput, unknown, CreateCallValues>({
    resolver: zodResolver(createCallSchema),
    defaultValues: {
      phone: '',
      goal: '',
      voice: defaults.voice,
      language: defaults.language,
      speakingStyle: defaults.speakingStyle,
      agentId: defaults.defaultAgentId,
      maxDurationMinutes: createCallLimits.defaultDuration,
      scheduleAt: '',
      outputSchema: '',
      tools: '',
      transferTo: '',
      transferMode: 'warm',
      record: false,
      recordingRetentionDays: DEFAULT_RECORDING_RETENTION_DAYS,
      transferWhen: '',
      webhookUrl: '',
      retryAttempts: createCallLimits.defaultRetryAttempts,
      retryIntervalMinutes: createCallLimits.defaultRetryInterval,
      purpose: 'informational',
      consentObtainedAt: '',
      consentSource: '',
      offer: '',
      consentReference: '',
      firstSentence: '',
      voicemailAction: 'hang_up',
      voicemailMessage: '',
      metadata: [],
      context: '',
      callWindowStart: '',
      callWindowEnd: '',
    },
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const purpose = useWatch({ control: form.control, name: 'purpose' });
  const record = useWatch({ control: form.control, name: 'record' });
  const voicemailAction = useWatch({ control: form.control, name: 'voicemailAction' });
  const agentId = useWatch({ control: form.control, name: 'agentId' });
  const agents = useAgents(userId);
  const metadataRows = useFieldArray({ control: form.control, name: 'metadata' });
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    formState: { errors },
  } = form;

  const mutation = useCreateCall(userId, {
    onSuccess: (task) => {
      setFailure(null);
      const kind = livemode ? 'Live call' : 'Test call';
      toast.success(task.status === 'scheduled' ? `${kind} scheduled` : `${kind} placed`, {
        description:
          task.status === 'scheduled'
            ? 'It rings when the callee’s calling window opens; see it in your calls.'
            : 'Follow it live in the call’s details.',
      });
      onPlaced(task.id);
    },
    onError: (error) => {
      const view = describeCallError(error);
      const field =
        error instanceof ApiError && error.field ? formFieldOfApiField[error.field] : undefined;
      if (field) setError(field, { message: error.message }, { shouldFocus: true });
      setFailure(view);
      toast.error(view.title, { description: view.message });
    },
  });

  return (
    <form
      noValidate
      aria-label={livemode ? 'Place a live call' : 'Place a test call'}
      onSubmit={handleSubmit((values) => {
        setFailure(null);
        mutation.mutate(values);
      })}
      className="grid gap-4"
    >
      {isLocalStack(env.supabaseUrl) ? (
        <ReservedNumbers
          onUse={(number) =>
            setValue('phone', number, { shouldValidate: form.formState.isSubmitted })
          }
        />
      ) : null}
      {/* The duration column is as wide as its label (one line), and items-start keeps each
          field its own height, so the two inputs line up beside the phone number's hint. */}
      <div className="grid items-start gap-4 sm:grid-cols-[1fr_auto]">
        <FormField
          label="Phone number"
          error={errors.phone?.message}
          hint="US numbers only: 10 digits, or +1 and 10 digits."
        >
          <Input type="tel" autoComplete="off" placeholder="415-555-0100" {...register('phone')} />
        </FormField>
        <FormField label="Max duration (minutes)" error={errors.maxDurationMinutes?.message}>
          <Input
            type="number"
            inputMode="numeric"
            min={createCallLimits.minDuration}
            max={createCallLimits.maxDuration}
            {...register('maxDurationMinutes', { valueAsNumber: true })}
          />
        </FormField>
      </div>
      <FormField
        label="Goal"
        error={errors.goal?.message}
        hint="What the agent should achieve, in plain words."
      >
        <Textarea
          rows={3}
          placeholder="Confirm Kim's dental appointment tomorrow at 3 pm; offer Thursday if not."
          {...register('goal')}
        />
      </FormField>
      {agents.data?.length ? (
        <FormField
          label="Agent"
          error={errors.agentId?.message}
          hint={
            agentId
              ? "The agent's voice, language and style apply; the goal is this form's."
              : undefined
          }
        >
          <NativeSelect {...register('agentId')}>
            <option value="">None: the choices below</option>
            {agents.data.map((agent) => (
              <option key={agent.id} value={agent.id}>
                {agent.name} (version {agent.version})
              </option>
            ))}
          </NativeSelect>
        </FormField>
      ) : null}
      <div className="grid gap-4 sm:grid-cols-3">
        <FormField label="Voice" error={errors.voice?.message}>
          <NativeSelect {...register('voice')}>
            {voices.map((v) => (
              <option key={v.value} value={v.value}>
                {v.label} ({v.description.toLowerCase()})
              </option>
            ))}
          </NativeSelect>
        </FormField>
        <FormField label="Language" error={errors.language?.message}>
          <NativeSelect {...register('language')}>
            {languages.map((l) => (
              <option key={l.value} value={l.value}>
                {l.label}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        <FormField label="Speaking style" error={errors.speakingStyle?.message}>
          <NativeSelect {...register('speakingStyle')}>
            {speakingStyles.map((s) => (
              <option key={s.value} value={s.value}>
                {s.label}
              </option>
            ))}
          </NativeSelect>
        </FormField>
      </div>
      <FormField
        label="First sentence (optional)"
        error={errors.firstSentence?.message}
        hint="What the agent says first; empty uses “Hi, this is (voice), an AI assistant.” Your business's name follows it."
      >
        <Input autoComplete="off" {...register('firstSentence')} />
      </FormField>
      <FormField
        label="Schedule for (optional)"
        error={errors.scheduleAt?.message}
        hint="Your local time. Calls ring only 8 am to 9 pm in the callee's time zone (from 9 am in California and Oklahoma; some states allow fewer hours); outside them, the call waits."
      >
        <Input type="datetime-local" className="sm:max-w-xs" {...register('scheduleAt')} />
      </FormField>
      <fieldset className="grid items-start gap-4 sm:grid-cols-2">
        <legend className="mb-2 text-sm font-medium">Calling hours (optional)</legend>
        <FormField
          label="Earliest"
          error={errors.callWindowStart?.message}
          hint="In the callee's time zone, 8:00 or later."
        >
          <Input
            type="time"
            min={CALLING_HOURS.start}
            max={CALLING_HOURS.end}
            {...register('callWindowStart')}
          />
        </FormField>
        <FormField
          label="Latest"
          error={errors.callWindowEnd?.message}
          hint="21:00 or earlier. Outside these hours the call waits for them."
        >
          <Input
            type="time"
            min={CALLING_HOURS.start}
            max={CALLING_HOURS.end}
            {...register('callWindowEnd')}
          />
        </FormField>
      </fieldset>
      <FormField
        label="Result schema (optional)"
        error={errors.outputSchema?.message}
        hint="A JSON Schema of what you want back as data; the call's result follows it, with fields the call did not settle left null."
      >
        <Textarea
          rows={5}
          spellCheck={false}
          className="font-mono"
          placeholder='{"type": "object", "properties": {"confirmed": {"type": "boolean"}}}'
          {...register('outputSchema')}
        />
      </FormField>
      <div className="-mt-2 flex flex-wrap items-center gap-x-6 gap-y-2">
        <Button
          type="button"
          variant="outline"
          size="sm"
          onClick={() =>
            setValue('outputSchema', JSON.stringify(SAMPLE_OUTPUT_SCHEMA, null, 2), {
              shouldValidate: form.formState.isSubmitted,
            })
          }
        >
          Use sample
        </Button>
        <label className="flex items-center gap-2 text-sm">
          <input type="checkbox" className="size-4" {...register('record')} />
          Record this call
          <span className="text-xs text-muted-foreground">(off by default)</span>
        </label>
      </div>
      {errors.record?.message ? (
        <p className="text-sm text-destructive">{errors.record.message}</p>
      ) : null}
      {record ? (
        <FormField
          label="Keep the recording (days)"
          error={errors.recordingRetentionDays?.message}
          hint="From 1 to 90 days after the call ends; then it is erased."
        >
          <Input
            type="number"
            inputMode="numeric"
            min={1}
            max={90}
            className="sm:max-w-[10rem]"
            {...register('recordingRetentionDays', { valueAsNumber: true })}
          />
        </FormField>
      ) : null}
      <div className="grid items-start gap-4 sm:grid-cols-[2fr_1fr_1fr]">
        <FormField
          label="Webhook URL (optional)"
          error={errors.webhookUrl?.message}
          hint="We POST the call's events here, signed; https only."
        >
          <Input
            type="url"
            inputMode="url"
            autoComplete="off"
            placeholder="https://example.com/dialwise"
            {...register('webhookUrl')}
          />
        </FormField>
        <FormField
          label="Retries"
          error={errors.retryAttempts?.message}
          hint="After no answer, busy or voicemail."
        >
          <Input
            type="number"
            inputMode="numeric"
            min={createCallLimits.retryAttempts.min}
            max={createCallLimits.retryAttempts.max}
            {...register('retryAttempts', { valueAsNumber: true })}
          />
        </FormField>
        <FormField label="Minutes between retries" error={errors.retryIntervalMinutes?.message}>
          <Input
            type="number"
            inputMode="numeric"
            min={createCallLimits.retryInterval.min}
            max={createCallLimits.retryInterval.max}
            {...register('retryIntervalMinutes', { valueAsNumber: true })}
          />
        </FormField>
      </div>
      <div className="grid items-start gap-4 sm:grid-cols-[1fr_2fr]">
        <FormField
          label="On voicemail"
          error={errors.voicemailAction?.message}
          hint="Test number 555-0104 goes to voicemail."
        >
          <NativeSelect {...register('voicemailAction')}>
            {voicemailActions.map((option) => (
              <option key={option.value} value={option.value}>
                {option.label}
              </option>
            ))}
          </NativeSelect>
        </FormField>
        {voicemailAction === 'leave_message' ? (
          <FormField
            label="Voicemail message"
            error={errors.voicemailMessage?.message}
            hint="Left after the beep; your verified callback number is added unless the message gives it."
          >
            <Textarea rows={2} {...register('voicemailMessage')} />
          </FormField>
        ) : null}
      </div>
      <FormField
        label="Tools (optional)"
        error={errors.tools?.message}
        hint="Your own functions the agent may call mid-call, as JSON: a list of {name, description, parameters, url}. Test number 555-0110 asks for the first one."
      >
        <Textarea
          rows={4}
          spellCheck={false}
          className="font-mono"
          placeholder='[{"name": "check_order", "description": "…", "parameters": {"type": "object", "properties": {}}, "url": "https://…"}]'
          {...register('tools')}
        />
      </FormField>
      <div className="-mt-2">
        <Button
          type="button"
          variant="outline"
          size="sm"
          onClick={() =>
            setValue('tools', JSON.stringify(SAMPLE_TOOLS, null, 2), {
              shouldValidate: form.formState.isSubmitted,
            })
          }
        >
          Use sample tool
        </Button>
      </div>
      <fieldset className="grid gap-2">
        <legend className="text-sm font-medium">Metadata (optional)</legend>
        <p className="text-xs text-muted-foreground">
          Your own fields (an order or patient id…), echoed back on the call and its webhooks, and
          found by the calls list’s search.
        </p>
        {metadataRows.fields.map((row, index) => (
          <div key={row.id} className="grid items-start gap-2 sm:grid-cols-[1fr_2fr_auto]">
            <FormField
              label={`Field ${index + 1} name`}
              error={errors.metadata?.[index]?.key?.message}
            >
              <Input
                autoComplete="off"
                placeholder="patient_id"
                {...register(`metadata.${index}.key`)}
              />
            </FormField>
            <FormField label={`Field ${index + 1} value`}>
              <Input
                autoComplete="off"
                placeholder="P-1042"
                {...register(`metadata.${index}.value`)}
              />
            </FormField>
            <Button
              type="button"
              variant="ghost"
              size="sm"
              className="sm:mt-7"
              aria-label={`Remove field ${index + 1}`}
              onClick={() => metadataRows.remove(index)}
            >
              Remove
            </Button>
          </div>
        ))}
        {(errors.metadata?.root?.message ?? errors.metadata?.message) ? (
          <p role="alert" className="text-sm text-destructive">
            {errors.metadata?.root?.message ?? errors.metadata?.message}
          </p>
        ) : null}
        <Button
          type="button"
          variant="outline"
          size="sm"
          className="justify-self-start"
          onClick={() => metadataRows.append({ key: '', value: '' })}
        >
          Add a field
        </Button>
      </fieldset>
      <FormField
        label="Context (optional)"
        error={errors.context?.message}
        hint="Facts the agent may use during the call, as a JSON object (up to 8 KB)."
      >
        <Textarea
          rows={3}
          spellCheck={false}
          className="font-mono"
          placeholder='{"patient": "Kim", "clinic": "Downtown"}'
          {...register('context')}
        />
      </FormField>
      <div className="grid gap-4 sm:grid-cols-2">
        <FormField
          label="Transfer to a person (optional)"
          error={errors.transferTo?.message}
          hint="The agent hands the callee to this number when they ask for a person. Test numbers: 555-0140 asks for one; 555-0141 answers a transfer, 555-0142 does not."
        >
          <Input
            type="tel"
            inputMode="tel"
            placeholder="415-555-0141"
            {...register('transferTo')}
          />
        </FormField>
        <FormField
          label="Transfer mode"
          error={errors.transferMode?.message}
          hint="Warm briefs the person with a summary first; cold connects at once."
        >
          <NativeSelect {...register('transferMode')}>
            <option value="warm">Warm (with a summary)</option>
            <option value="cold">Cold</option>
          </NativeSelect>
        </FormField>
      </div>
      <FormField
        label="When to transfer (optional)"
        error={errors.transferWhen?.message}
        hint="In plain words, like “if they want to reschedule”. Empty: when the callee asks for a person."
      >
        <Input autoComplete="off" {...register('transferWhen')} />
      </FormField>
      <FormField
        label="Purpose"
        error={errors.purpose?.message}
        hint="Every call opens by naming your business and saying it is an AI assistant. A marketing call also tells the callee how to opt out, and needs their prior written consent."
      >
        <NativeSelect className="sm:max-w-xs" {...register('purpose')}>
          {callPurposes.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </NativeSelect>
      </FormField>
      {purpose === 'marketing' ? (
        <FormField
          label="What the call sells"
          error={errors.offer?.message}
          hint="Said in the opening, right after “this is a sales call”."
        >
          <Input placeholder="teeth whitening at our clinic" {...register('offer')} />
        </FormField>
      ) : null}
      {purpose === 'marketing' ? (
        <fieldset className="grid gap-4 sm:grid-cols-3">
          <legend className="sr-only">Written consent</legend>
          <FormField label="Consent given at" error={errors.consentObtainedAt?.message}>
            <Input type="datetime-local" {...register('consentObtainedAt')} />
          </FormField>
          <FormField label="How it was obtained" error={errors.consentSource?.message}>
            <Input placeholder="web form" {...register('consentSource')} />
          </FormField>
          <FormField label="Proof reference" error={errors.consentReference?.message}>
            <Input placeholder="form-123" {...register('consentReference')} />
          </FormField>
        </fieldset>
      ) : null}
      {settingsFailed ? (
        <p className="text-xs text-muted-foreground">
          Your saved phone agent settings could not be read; the defaults are selected.
        </p>
      ) : null}
      {failure ? (
        <div
          role="alert"
          className="grid gap-1 rounded-md border border-destructive/40 bg-destructive/5 p-3 text-sm"
        >
          <p className="font-medium text-destructive">{failure.title}</p>
          <p>{failure.message}</p>
          <ErrorAction action={failure.action} />
        </div>
      ) : null}
      <Button type="submit" disabled={mutation.isPending} className="justify-self-start">
        {mutation.isPending ? 'Placing call...' : livemode ? 'Place live call' : 'Place test call'}
      </Button>
    </form>
  );
}
