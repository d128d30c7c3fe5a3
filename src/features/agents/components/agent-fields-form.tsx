import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { LanguageOptions, VoiceOptions } from '@/components/agent-option-lists';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { Textarea } from '@/components/ui/textarea';
import { agentFieldsSchema, type AgentFieldsValues } from '../api/agent-fields-schema';

export const EMPTY_AGENT: AgentFieldsValues = {
  name: '',
  goal: '',
  voice: '',
  language: '',
  first_sentence: '',
};

/**
 * An agent's name and the fields the dashboard edits (the API takes tools, transfer and more);
 * empty ones are the account's phone-agent settings.
 */
export function AgentFieldsForm({
  defaultValues,
  submitLabel,
  pending,
  onSubmit,
}: {
  defaultValues: AgentFieldsValues;
  submitLabel: string;
  pending: boolean;
  onSubmit: (values: AgentFieldsValues) => void;
}) {
  const form = useForm<AgentFieldsValues>({
    resolver: zodResolver(agentFieldsSchema),
    defaultValues,
  });
  const errors = form.formState.errors;
  return (
    <form className="grid gap-3" noValidate onSubmit={form.handleSubmit(onSubmit)}>
      <FormField label="Name" error={errors.name?.message}>
        <Input {...form.register('name')} placeholder="Refill reminders" />
      </FormField>
      <FormField
        label="Goal"
        error={errors.goal?.message}
        hint="What its calls are for, unless a call says"
      >
        <Textarea rows={3} {...form.register('goal')} />
      </FormField>
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField label="Voice">
          <NativeSelect {...form.register('voice')}>
            <option value="">Your setting</option>
            <VoiceOptions />
          </NativeSelect>
        </FormField>
        <FormField label="Language">
          <NativeSelect {...form.register('language')}>
            <option value="">Your setting</option>
            <LanguageOptions />
          </NativeSelect>
        </FormField>
      </div>
      <FormField label="First sentence" error={errors.first_sentence?.message}>
        <Input
          {...form.register('first_sentence')}
          placeholder="Hi, this is Sarah from the pharmacy."
        />
      </FormField>
      <Button type="submit" disabled={pending}>
        {pending ? 'Saving...' : submitLabel}
      </Button>
    </form>
  );
}
