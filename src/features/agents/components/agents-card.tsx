import { useState } from 'react';
import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { useSession } from '@/lib/auth/session-context';
import { toast } from '@/lib/toast';
import { useCreateAgent } from '../api/create-agent';
import { useAgents } from '@/lib/agents';
import { AgentDetail } from './agent-detail';
import { AgentFieldsForm, EMPTY_AGENT } from './agent-fields-form';

/**
 * The account's agents: named sets of a call's fields that calls take by agent_id, each change a
 * version, with the documents they answer from and the suites that test them.
 */
export function AgentsCard() {
  const { user } = useSession();
  const agents = useAgents(user?.id);
  const create = useCreateAgent(user?.id);
  const [chosen, setChosen] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);
  if (!user) return null;
  const list = agents.data ?? [];
  const selected = list.find((agent) => agent.id === chosen) ?? null;
  return (
    <Card>
      <CardHeader>
        <CardTitle>Agents</CardTitle>
        <CardDescription>
          Keep an agent for each kind of call: a call names it (agent_id) and takes its voice,
          language, goal and the rest. Each change is a new version; give it documents to answer
          from, and test it with scripted callees before it calls anyone. Calls that name no agent
          run with your default agent, chosen on the{' '}
          <Link to={paths.phoneAgentSettings.href} className="underline">
            Phone Agent
          </Link>{' '}
          page.
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        {agents.isPending ? (
          <Skeleton className="h-16 w-full" />
        ) : agents.isError ? (
          <p role="alert" className="text-sm text-destructive">
            Your agents couldn&apos;t be loaded.{' '}
            <button type="button" className="underline" onClick={() => void agents.refetch()}>
              Try again
            </button>
          </p>
        ) : list.length ? (
          <ul aria-label="Your agents" className="flex flex-wrap gap-2">
            {list.map((agent) => (
              <li key={agent.id}>
                <Button
                  type="button"
                  variant={agent.id === chosen ? 'default' : 'outline'}
                  aria-pressed={agent.id === chosen}
                  onClick={() => {
                    setChosen(agent.id);
                    setCreating(false);
                  }}
                >
                  {agent.name} · v{agent.version}
                </Button>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-muted-foreground">No agents yet.</p>
        )}
        {creating ? (
          <AgentFieldsForm
            defaultValues={EMPTY_AGENT}
            submitLabel="Create agent"
            pending={create.isPending}
            onSubmit={(values) =>
              create.mutate(values, {
                onSuccess: (agent) => {
                  toast.success(`${agent.name} created`);
                  setCreating(false);
                  setChosen(agent.id);
                },
                onError: (error) => toast.error('Not created', { description: error.message }),
              })
            }
          />
        ) : (
          <Button type="button" variant="outline" onClick={() => setCreating(true)}>
            New agent
          </Button>
        )}
        {selected && !creating ? <AgentDetail key={selected.id} agent={selected} /> : null}
      </CardContent>
    </Card>
  );
}
