import { CALL_LANGUAGE_COUNT, CALL_LANGUAGES } from '@contract/call-languages.ts';
import { Link } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { PRODUCT_NAME } from '@/config/constants';
import { paths } from '@/config/paths';
import {
  DEFAULT_PHONE_AGENT_SETTINGS,
  languages,
  speakingStyles,
  voices,
} from '@/config/phone-agent-options';
import { phoneAgentSamples } from '@/features/docs/content/phone-agent-samples';
import { CodeBlock, CodeLanguageProvider } from '@/features/docs/components/code-block';
import {
  DocsLayout,
  DocsSection,
  DocsTable,
  InlineCode,
  type TocItem,
} from '@/features/docs/components/docs-layout';
import { useDocumentMeta } from '@/lib/use-document-meta';

const toc: TocItem[] = [
  { id: 'voices', title: 'Voices' },
  { id: 'speaking-styles', title: 'Speaking styles' },
  { id: 'languages', title: 'Languages' },
  { id: 'api-mapping', title: 'Settings and API fields' },
  { id: 'example', title: 'Example' },
];

const labelOf = <T extends { value: string; label: string }>(
  options: readonly T[],
  value: string,
) => options.find((option) => option.value === value)?.label ?? value;

export function PhoneAgentDocsPage() {
  useDocumentMeta(
    `Phone agent settings | ${PRODUCT_NAME}`,
    `Choose the voice, speaking style and language of the ${PRODUCT_NAME} AI phone agent, and set them per call with the voice, speaking_style and language API fields.`,
  );

  const defaults = DEFAULT_PHONE_AGENT_SETTINGS;

  return (
    <CodeLanguageProvider>
      <DocsLayout
        title="Phone agent settings"
        lead={
          <p>
            The phone agent is the AI voice that places your calls. Choose how it sounds in the
            dashboard&rsquo;s phone agent settings, or per call in the API. The defaults are{' '}
            {defaults.voice}, {defaults.speakingStyle} and {labelOf(languages, defaults.language)}.
          </p>
        }
        actions={
          <>
            <Button asChild>
              <Link to={paths.auth.href}>Get an API key</Link>
            </Button>
            <Button asChild variant="outline">
              <Link to={paths.docs.href}>API reference</Link>
            </Button>
          </>
        }
        toc={toc}
      >
        <DocsSection id="voices" title="Voices">
          <DocsTable
            caption="Voices"
            columns={['Voice', 'Sounds', 'API value']}
            rows={voices.map((voice) => ({
              key: voice.value,
              cells: [
                voice.value === defaults.voice ? `${voice.label} (default)` : voice.label,
                voice.description,
                <InlineCode key="value">&quot;{voice.value}&quot;</InlineCode>,
              ],
            }))}
          />
        </DocsSection>

        <DocsSection id="speaking-styles" title="Speaking styles">
          <p>The style sets the agent&rsquo;s tone; the goal you send sets what it says.</p>
          <DocsTable
            caption="Speaking styles"
            columns={['Style', 'Tone', 'API value']}
            rows={speakingStyles.map((style) => ({
              key: style.value,
              cells: [
                style.value === defaults.speakingStyle ? `${style.label} (default)` : style.label,
                style.description,
                <InlineCode key="value">&quot;{style.value}&quot;</InlineCode>,
              ],
            }))}
          />
        </DocsSection>

        <DocsSection id="languages" title="Languages">
          <p>
            The agent speaks and understands {CALL_LANGUAGE_COUNT} languages, one per call, given in
            the API by their ISO 639-1 code (<InlineCode>&quot;fil&quot;</InlineCode> for Filipino).{' '}
            <InlineCode>&quot;auto&quot;</InlineCode> detects the callee&apos;s language: the agent
            opens in English and answers in the language it hears, following a switch. Each language
            is heard by the speech-to-text best suited to it and spoken by every voice (Aria, Roger,
            Sarah and George) through ElevenLabs&apos; multilingual models.
          </p>
          <DocsTable
            caption="Languages"
            columns={['Language', 'API value', 'Heard by', 'Spoken by']}
            rows={CALL_LANGUAGES.map((language) => ({
              key: language.code,
              cells: [
                language.code === defaults.language
                  ? `${language.label} (default)`
                  : `${language.label} (${language.nativeLabel})`,
                <InlineCode key="value">&quot;{language.code}&quot;</InlineCode>,
                language.transcriber.provider === 'deepgram'
                  ? `Deepgram ${language.transcriber.model} (${language.transcriber.language})`
                  : `Azure (${language.transcriber.language})`,
                language.voiceModel === 'eleven_turbo_v2_5'
                  ? 'ElevenLabs Turbo v2.5'
                  : 'ElevenLabs Multilingual v2',
              ],
            }))}
          />
        </DocsSection>

        <DocsSection id="api-mapping" title="Settings and API fields">
          <p>
            Each setting has a field on{' '}
            <Link
              to={`${paths.docs.href}#create-task`}
              className="font-medium text-primary underline underline-offset-4"
            >
              <InlineCode>POST /functions/v1/task</InlineCode>
            </Link>
            . A field you send applies to that call only. A field you leave out falls back to the
            settings saved for your account, and to the default where none are saved.
          </p>
          <DocsTable
            caption="Settings and their API fields"
            columns={['Setting', 'API field', 'Accepted values', 'Default']}
            rows={[
              {
                key: 'voice',
                cells: [
                  'Voice',
                  <InlineCode key="field">voice</InlineCode>,
                  voices.map((v) => v.value).join(', '),
                  <InlineCode key="default">&quot;{defaults.voice}&quot;</InlineCode>,
                ],
              },
              {
                key: 'speaking_style',
                cells: [
                  'Speaking style',
                  <InlineCode key="field">speaking_style</InlineCode>,
                  speakingStyles.map((s) => s.value).join(', '),
                  <InlineCode key="default">&quot;{defaults.speakingStyle}&quot;</InlineCode>,
                ],
              },
              {
                key: 'language',
                cells: [
                  'Language',
                  <InlineCode key="field">language</InlineCode>,
                  languages.map((l) => l.value).join(', '),
                  <InlineCode key="default">&quot;{defaults.language}&quot;</InlineCode>,
                ],
              },
            ]}
          />
          <p>
            Any other value is refused with <InlineCode>400 invalid_request</InlineCode>, and the
            error&rsquo;s <InlineCode>field</InlineCode> names the setting at fault.
          </p>
        </DocsSection>

        <DocsSection id="example" title="Example">
          <p>
            A friendly reminder in Spanish, in Roger&rsquo;s voice. The response is the task object
            described in the{' '}
            <Link
              to={`${paths.docs.href}#task-object`}
              className="font-medium text-primary underline underline-offset-4"
            >
              API reference
            </Link>
            .
          </p>
          <CodeBlock title="Place a call with phone agent settings" samples={phoneAgentSamples} />
        </DocsSection>
      </DocsLayout>
    </CodeLanguageProvider>
  );
}
