import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, useWatch } from 'react-hook-form';
import { HearVoiceButton } from '@/components/hear-voice-button';
import { LanguageOptions, VoiceOptions } from '@/components/agent-option-lists';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import type { Voice } from '@/config/phone-agent-options';
import { Textarea } from '@/components/ui/textarea';
import { useAgentSettings } from '@/lib/agent-settings';
import { toast } from '@/lib/toast';
import {
  inboundAgentForm,
  inboundAgentFormSchema,
  inboundAgentOf,
  type InboundAgentForm,
} from '../api/inbound-agent-schema';
import type { PhoneNumber } from '../api/list-numbers';
import { useSetInboundAgent } from '../api/set-inbound-agent';

const DAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];

/**
 * Who answers calls to the number: every call opens with the business, that this is an AI, the
 * last call and the opt-out; the account adds what the agent should do, and a person to connect
 * callers to within business hours.
 */
export function InboundAgentForm({ number, userId }: { number: PhoneNumber; userId: string }) {
  const save = useSetInboundAgent(userId);
  const settings = useAgentSettings(userId);
  const {
    register,
    handleSubmit,
    control,
    formState: { errors },
  } = useForm<InboundAgentForm>({
    resolver: zodResolver(inboundAgentFormSchema),
    defaultValues: inboundAgentForm(number.inbound_agent),
  });
  // Left empty, the voice and language are the phone-agent settings': that is what callers hear.
  const [voice, language] = useWatch({ control, name: ['voice', 'language'] });
  const heardVoice = ((voice || settings.data?.voice) ?? 'Aria') as Voice;
  const heardLanguage = (language || settings.data?.language) ?? 'en';
  const submit = handleSubmit((values) =>
    save.mutate(
      { id: number.id, agent: inboundAgentOf(values, number.inbound_agent) },
      {
        onSuccess: () => toast.success(`Calls to ${number.phone_number} follow the new settings.`),
        onError: (failure) => toast.error(failure.message),
      },
    ),
  );
  return (
    <form
      onSubmit={submit}
      noValidate
      aria-label={`Inbound agent of ${number.phone_number}`}
      className="grid gap-3"
    >
      <p className="text-sm text-muted-foreground">
        Callers first hear your business name, that this is an AI, what you last called them about
        and how to stop your calls. Then the agent takes a message, and follows what you add here.
      </p>
      <FormField label="What the agent should do (optional)" error={errors.goal?.message}>
        <Textarea rows={3} {...register('goal')} />
      </FormField>
      <div className="flex flex-wrap gap-3">
        <FormField label="Voice" error={errors.voice?.message}>
          <NativeSelect {...register('voice')}>
            <option value="">As in your phone-agent settings</option>
            <VoiceOptions />
          </NativeSelect>
        </FormField>
        <FormField label="Language" error={errors.language?.message}>
          <NativeSelect {...register('language')}>
            <option value="">As in your phone-agent settings</option>
            <LanguageOptions />
          </NativeSelect>
        </FormField>
      </div>
      <HearVoiceButton voice={heardVoice} language={heardLanguage} />
      <FormField
        label="Connect callers to (optional)"
        error={errors.transfer_to?.message}
        hint="A person's number, offered only within the hours below."
      >
        <Input type="tel" {...register('transfer_to')} />
      </FormField>
      <div className="flex flex-wrap gap-3">
        <FormField label="From" error={errors.start?.message}>
          <Input type="time" {...register('start')} />
        </FormField>
        <FormField label="To" error={errors.end?.message}>
          <Input type="time" {...register('end')} />
        </FormField>
        <FormField label="Time zone" error={errors.time_zone?.message}>
          <Input {...register('time_zone')} />
        </FormField>
      </div>
      <fieldset className="flex flex-wrap gap-3 text-sm">
        <legend className="mb-1 text-sm font-medium">Days</legend>
        {DAYS.map((day, index) => (
          <label key={day} className="flex items-center gap-1">
            <input type="checkbox" value={String(index + 1)} {...register('days')} />
            {day}
          </label>
        ))}
        {errors.days ? (
          <p role="alert" className="w-full text-sm text-destructive">
            {errors.days.message}
          </p>
        ) : null}
      </fieldset>
      <div>
        <Button type="submit" size="sm" disabled={save.isPending}>
          Save inbound settings
        </Button>
      </div>
    </form>
  );
}
