import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { Textarea } from '@/components/ui/textarea';
import { useSession } from '@/lib/auth/session-context';
import { useAgentSettings } from '@/lib/agent-settings';
import { formatDateTime } from '@/lib/format';
import { toast } from '@/lib/toast';
import { useAddDocument } from '../api/add-document';
import {
  EXAMPLE_SCENARIOS,
  suiteFormSchema,
  useCreateTestSuite,
  type SuiteFormValues,
} from '../api/create-test-suite';
import { useAgentVersions, type AgentVersion } from '../api/list-agent-versions';
import type { Agent } from '@/lib/agents';
import { useDocuments } from '../api/list-documents';
import { useTestSuites } from '../api/list-test-suites';
import { useRemoveDocument } from '../api/remove-document';
import { useRunTestSuite, type TestRun } from '../api/run-test-suite';
import { useUpdateAgent } from '../api/update-agent';
import { AgentFieldsForm } from './agent-fields-form';

/** The fields two versions are compared on, as the API names them. */
const COMPARED = [
  'goal',
  'voice',
  'language',
  'first_sentence',
  'speaking_style',
  'context',
  'tools',
  'transfer',
  'voicemail',
  'call_window',
  'output_schema',
] as const;

const shown = (value: unknown) =>
  value === undefined ? '—' : typeof value === 'string' ? value : JSON.stringify(value);

/** Two versions side by side, the fields that differ marked. */
function VersionsSideBySide({ versions }: { versions: AgentVersion[] }) {
  const [left, setLeft] = useState(versions[1]?.version ?? versions[0]!.version);
  const [right, setRight] = useState(versions[0]!.version);
  const a = versions.find((one) => one.version === left);
  const b = versions.find((one) => one.version === right);
  const pick = (label: string, value: number, set: (version: number) => void) => (
    <FormField label={label}>
      <NativeSelect value={value} onChange={(event) => set(Number(event.target.value))}>
        {versions.map((one) => (
          <option key={one.version} value={one.version}>
            Version {one.version} · {formatDateTime(one.created_at)}
          </option>
        ))}
      </NativeSelect>
    </FormField>
  );
  return (
    <div className="grid gap-3">
      <div className="grid gap-3 sm:grid-cols-2">
        {pick('Compare', left, setLeft)}
        {pick('With', right, setRight)}
      </div>
      <div className="overflow-x-auto">
        <table className="w-full text-sm" aria-label="Versions side by side">
          <thead>
            <tr className="text-left text-muted-foreground">
              <th className="py-1 pr-3 font-medium">Field</th>
              <th className="py-1 pr-3 font-medium">Version {left}</th>
              <th className="py-1 font-medium">Version {right}</th>
            </tr>
          </thead>
          <tbody>
            {COMPARED.map((field) => {
              const before = shown((a as Record<string, unknown> | undefined)?.[field]);
              const after = shown((b as Record<string, unknown> | undefined)?.[field]);
              if (before === '—' && after === '—') return null;
              const changed = before !== after;
              return (
                <tr
                  key={field}
                  className={changed ? 'bg-amber-50 dark:bg-amber-950/40' : undefined}
                >
                  <th scope="row" className="py-1 pr-3 text-left font-medium">
                    {field}
                    {changed ? <span className="sr-only"> (changed)</span> : null}
                  </th>
                  <td className="break-all py-1 pr-3">{before}</td>
                  <td className="break-all py-1">{after}</td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </div>
  );
}

function Documents({ agentId }: { agentId: string }) {
  const { user } = useSession();
  const documents = useDocuments(user?.id, agentId);
  const add = useAddDocument(user?.id, agentId);
  const remove = useRemoveDocument(user?.id, agentId);
  return (
    <div className="grid gap-3">
      <label className="grid gap-1 text-sm font-medium">
        Add a document (text, Markdown, CSV or PDF)
        <input
          type="file"
          accept=".txt,.md,.markdown,.csv,.pdf,text/plain,text/markdown,text/csv,application/pdf"
          className="text-sm"
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (!file) return;
            add.mutate(
              { agentId, file },
              {
                onSuccess: (document) =>
                  toast.success(`${document.name} added`, {
                    description: `${document.passages} passages the agent can answer from.`,
                  }),
                onError: (error) =>
                  toast.error('The document was not added', { description: error.message }),
              },
            );
          }}
        />
      </label>
      {documents.data?.length ? (
        <ul aria-label="Documents" className="grid gap-2">
          {documents.data.map((document) => (
            <li
              key={document.id}
              className="flex flex-wrap items-center justify-between gap-2 rounded-md border px-3 py-2 text-sm"
            >
              <span>
                {document.name}{' '}
                <span className="text-muted-foreground">
                  · {document.format} · {document.passages} passages
                </span>
              </span>
              <Button
                type="button"
                variant="outline"
                size="sm"
                disabled={remove.isPending}
                onClick={() => remove.mutate({ agentId, documentId: document.id })}
              >
                Remove {document.name}
              </Button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-muted-foreground">
          No documents yet: the agent answers questions about your business only from these.
        </p>
      )}
    </div>
  );
}

function RunResults({ run }: { run: TestRun }) {
  return (
    <div className="grid gap-2" aria-label={`Run ${run.id}`} role="region">
      <p className="text-sm font-medium">
        Version {run.agent_version}:{' '}
        <Badge variant={run.status === 'passed' ? 'default' : 'destructive'}>
          {run.status === 'passed' ? 'Passed' : 'Failed'}
        </Badge>
      </p>
      <ul className="grid gap-2">
        {run.results.map((result) => (
          <li key={result.name} className="rounded-md border px-3 py-2 text-sm">
            <span className="font-medium">
              {result.passed ? 'PASS' : 'FAIL'} · {result.name}
            </span>
            {result.failures.length ? (
              <ul className="ml-4 list-disc text-destructive">
                {result.failures.map((failure) => (
                  <li key={failure}>{failure}</li>
                ))}
              </ul>
            ) : null}
            <details>
              <summary className="cursor-pointer text-muted-foreground">Transcript</summary>
              <ol className="grid gap-1 pt-1">
                {result.transcript.map((turn, index) => (
                  <li key={index}>
                    <span className="font-medium">
                      {turn.speaker === 'agent' ? 'Agent' : 'Callee'}:
                    </span>{' '}
                    {turn.text}
                  </li>
                ))}
              </ol>
            </details>
          </li>
        ))}
      </ul>
    </div>
  );
}

function TestSuites({ agent }: { agent: Agent }) {
  const { user } = useSession();
  const suites = useTestSuites(user?.id, agent.id);
  const create = useCreateTestSuite(user?.id, agent.id);
  const runSuite = useRunTestSuite();
  const [run, setRun] = useState<TestRun | null>(null);
  const form = useForm<SuiteFormValues>({
    resolver: zodResolver(suiteFormSchema),
    defaultValues: { name: 'Before going live', scenarios: EXAMPLE_SCENARIOS },
  });
  return (
    <div className="grid gap-4">
      {suites.data?.length ? (
        <ul aria-label="Test suites" className="grid gap-2">
          {suites.data.map((suite) => (
            <li
              key={suite.id}
              className="flex flex-wrap items-center justify-between gap-2 rounded-md border px-3 py-2 text-sm"
            >
              <span>
                {suite.name}{' '}
                <span className="text-muted-foreground">· {suite.scenarios.length} scenarios</span>
              </span>
              <Button
                type="button"
                size="sm"
                disabled={runSuite.isPending}
                onClick={() =>
                  runSuite.mutate(
                    { agentId: agent.id, suiteId: suite.id },
                    {
                      onSuccess: setRun,
                      onError: (error) =>
                        toast.error('The suite did not run', { description: error.message }),
                    },
                  )
                }
              >
                {runSuite.isPending ? 'Running...' : `Run ${suite.name}`}
              </Button>
            </li>
          ))}
        </ul>
      ) : null}
      {run ? <RunResults run={run} /> : null}
      <form
        className="grid gap-3"
        noValidate
        onSubmit={form.handleSubmit((values) =>
          create.mutate(
            { agentId: agent.id, values },
            {
              onSuccess: () => toast.success('Suite saved'),
              onError: (error) =>
                toast.error('The suite was not saved', { description: error.message }),
            },
          ),
        )}
      >
        <FormField label="Suite name" error={form.formState.errors.name?.message}>
          <Input {...form.register('name')} />
        </FormField>
        <FormField
          label="Scenarios (JSON)"
          error={form.formState.errors.scenarios?.message}
          hint="Each: what the callee says or presses, turn by turn, and what must hold when the call ends."
        >
          <Textarea rows={8} className="font-mono text-xs" {...form.register('scenarios')} />
        </FormField>
        <Button type="submit" variant="outline" disabled={create.isPending}>
          Save suite
        </Button>
      </form>
    </div>
  );
}

/** One agent: its fields (a change is a new version), its versions, documents and test suites. */
export function AgentDetail({ agent }: { agent: Agent }) {
  const { user } = useSession();
  const update = useUpdateAgent(user?.id);
  const versions = useAgentVersions(user?.id, agent.id);
  const settings = useAgentSettings(user?.id);
  const fields = agent as Agent & Record<string, unknown>;
  return (
    <section aria-label={`Agent ${agent.name}`} className="grid gap-6">
      <div className="grid gap-3">
        <h3 className="text-base font-semibold">
          {agent.name}{' '}
          <span className="text-sm font-normal text-muted-foreground">
            · version {agent.version}
          </span>
          {settings.data?.defaultAgentId === agent.id ? (
            <Badge variant="secondary" className="ml-2 align-middle">
              Default agent
            </Badge>
          ) : null}
        </h3>
        <AgentFieldsForm
          key={`${agent.id}-${agent.version}`}
          defaultValues={{
            name: agent.name,
            goal: typeof fields.goal === 'string' ? fields.goal : '',
            voice: typeof fields.voice === 'string' ? fields.voice : '',
            language: typeof fields.language === 'string' ? fields.language : '',
            first_sentence: typeof fields.first_sentence === 'string' ? fields.first_sentence : '',
          }}
          submitLabel="Save as a new version"
          pending={update.isPending}
          onSubmit={(values) =>
            update.mutate(
              { id: agent.id, values },
              {
                onSuccess: (saved) => toast.success(`Saved: version ${saved.version}`),
                onError: (error) => toast.error('Not saved', { description: error.message }),
              },
            )
          }
        />
      </div>
      <div className="grid gap-3">
        <h3 className="text-base font-semibold">Versions</h3>
        {versions.data?.length ? (
          // A new version starts the comparison again: the newest against the one before.
          <VersionsSideBySide key={versions.data[0]!.version} versions={versions.data} />
        ) : null}
      </div>
      <div className="grid gap-3">
        <h3 className="text-base font-semibold">Knowledge</h3>
        <Documents agentId={agent.id} />
      </div>
      <div className="grid gap-3">
        <h3 className="text-base font-semibold">Test suites</h3>
        <TestSuites agent={agent} />
      </div>
    </section>
  );
}
