import { zodResolver } from '@hookform/resolvers/zod';
import { BookOpen } from 'lucide-react';
import { useEffect } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { toast } from '@/lib/toast';
import { LanguageOptions, VoiceOptions } from '@/components/agent-option-lists';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { FormField } from '@/components/ui/form-field';
import { NativeSelect } from '@/components/ui/native-select';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import {
  DEFAULT_PHONE_AGENT_SETTINGS,
  speakingStyles,
  type PhoneAgentSettings,
} from '@/config/phone-agent-options';
import { useSession } from '@/lib/auth/session-context';
import { agentSettingsSchema } from '../api/agent-settings-schema';
import { useAgentSettings } from '@/lib/agent-settings';
import { useAgents } from '@/lib/agents';
import { useSaveAgentSettings } from '../api/save-agent-settings';
import { HearVoiceButton } from '@/components/hear-voice-button';

/**
 * Phone agent settings: the default agent, voice, speaking style and language. They are saved
 * (agent_settings): a call that names no agent runs with the default agent, and the voice, style
 * and language fill in what neither gives. Each voice can be heard in each language before saving.
 */
export function AgentSettingsCard() {
  const { user } = useSession();
  const settings = useAgentSettings(user?.id);
  const save = useSaveAgentSettings(user?.id);
  const agents = useAgents(user?.id);
  const form = useForm<PhoneAgentSettings>({
    resolver: zodResolver(agentSettingsSchema),
    defaultValues: DEFAULT_PHONE_AGENT_SETTINGS,
  });
  const {
    register,
    handleSubmit,
    reset,
    control,
    formState: { errors, isDirty },
  } = form;

  const [voice, language] = useWatch({ control, name: ['voice', 'language'] });
  // The agent list could not be read: the saved default stays chosen, shown by its id.
  const savedAgentUnlisted =
    !!settings.data?.defaultAgentId &&
    !agents.data?.some((agent) => agent.id === settings.data.defaultAgentId);

  useEffect(() => {
    if (settings.data) reset(settings.data);
  }, [settings.data, reset]);

  const header = (
    <CardHeader row>
      <div className="grid gap-1.5">
        <CardTitle>Phone Agent Settings</CardTitle>
        <CardDescription>
          The agent, voice, speaking style and language your calls use unless a request names
          others.
        </CardDescription>
      </div>
      <Button variant="outline" size="sm" asChild>
        <a href={paths.docsPhoneAgent.href} target="_blank" rel="noopener noreferrer">
          <BookOpen aria-hidden />
          Documentation
        </a>
      </Button>
    </CardHeader>
  );

  if (!user) {
    return (
      <Card>
        {header}
        <CardContent>
          <p className="text-sm text-muted-foreground">
            You need to log in to view your phone agent settings.
          </p>
        </CardContent>
      </Card>
    );
  }

  return (
    <Card>
      {header}
      <CardContent>
        {/* The agents are read first: a select without its saved option would save none. */}
        {settings.isPending || agents.isPending ? (
          <div className="grid gap-4">
            <Skeleton className="h-10 w-full" />
            <Skeleton className="h-10 w-full" />
            <Skeleton className="h-10 w-full" />
          </div>
        ) : settings.isError ? (
          <p role="alert" className="text-sm text-destructive">
            Your settings couldn&apos;t be loaded.{' '}
            <button type="button" className="underline" onClick={() => void settings.refetch()}>
              Try again
            </button>
          </p>
        ) : (
          <form
            noValidate
            aria-label="Phone agent settings"
            className="grid gap-4"
            onSubmit={handleSubmit((values) =>
              save.mutate(values, {
                onSuccess: () => {
                  reset(values);
                  toast.success('Changes saved');
                },
                onError: (error) => toast.error('Error', { description: error.message }),
              }),
            )}
          >
            <FormField
              label="Default agent"
              error={errors.defaultAgentId?.message}
              hint="API calls, batches and text messages that name no agent run with it; its own voice, style and language win over those below."
            >
              <NativeSelect {...register('defaultAgentId')}>
                <option value="">None: these settings alone</option>
                {agents.data?.map((agent) => (
                  <option key={agent.id} value={agent.id}>
                    {agent.name}
                  </option>
                ))}
                {savedAgentUnlisted ? (
                  <option value={settings.data.defaultAgentId}>
                    {settings.data.defaultAgentId}
                  </option>
                ) : null}
              </NativeSelect>
            </FormField>
            <FormField label="Voice" error={errors.voice?.message}>
              <NativeSelect {...register('voice')}>
                <VoiceOptions described />
              </NativeSelect>
            </FormField>
            <HearVoiceButton voice={voice} language={language} />
            <FormField label="Speaking style" error={errors.speakingStyle?.message}>
              <NativeSelect {...register('speakingStyle')}>
                {speakingStyles.map((style) => (
                  <option key={style.value} value={style.value}>
                    {style.label}
                  </option>
                ))}
              </NativeSelect>
            </FormField>
            <FormField label="Language" error={errors.language?.message}>
              <NativeSelect {...register('language')}>
                <LanguageOptions />
              </NativeSelect>
            </FormField>
            <Button
              type="submit"
              className="justify-self-start"
              disabled={save.isPending || !isDirty}
            >
              {save.isPending ? 'Saving...' : 'Save Changes'}
            </Button>
          </form>
        )}
      </CardContent>
    </Card>
  );
}
