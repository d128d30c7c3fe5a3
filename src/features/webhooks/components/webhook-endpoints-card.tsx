import { TASK_EVENT_TYPES } from '@contract/task-vocabulary.ts';
import { Copy, Plus, RotateCw, Send, Trash2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { FormField } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { NativeSelect } from '@/components/ui/native-select';
import { Skeleton } from '@/components/ui/skeleton';
import { useDashboardMode } from '@/lib/api/dashboard-mode';
import { useSession } from '@/lib/auth/session-context';
import { toast } from '@/lib/toast';
import {
  createWebhookEndpoint,
  endpointActions,
  useEndpointMutation,
  useWebhookEndpoints,
  type NewWebhookEndpoint,
  type WebhookEndpoint,
} from '../api/webhook-endpoints';
import { EndpointDeliveries } from './endpoint-deliveries';
import { describeEventFilter, maskSecretHint } from './endpoint-wording';

async function copy(value: string) {
  try {
    await navigator.clipboard.writeText(value);
    toast.success('Copied to clipboard');
  } catch {
    toast.error('Could not copy to the clipboard');
  }
}

/** A secret shown in full this once (after the endpoint is made, or its secret rolled). */
function SecretOnce({ secret, onClose }: { secret: string | null; onClose: () => void }) {
  return (
    <Dialog open={secret !== null} onOpenChange={(open) => (open ? null : onClose())}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Signing secret</DialogTitle>
          <DialogDescription>
            Copy it now and keep it with your receiver: it is shown only this once. Verify every
            delivery with it (Standard Webhooks).
          </DialogDescription>
        </DialogHeader>
        <code className="break-all rounded-md border bg-muted/40 p-3 font-mono text-sm">
          {secret}
        </code>
        <div className="flex justify-end gap-2">
          <Button variant="outline" onClick={() => void copy(secret ?? '')}>
            <Copy aria-hidden />
            Copy
          </Button>
          <Button onClick={onClose}>Done</Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}

function EventChoice({
  value,
  onChange,
}: {
  value: string[] | null;
  onChange: (next: string[] | null) => void;
}) {
  return (
    <fieldset className="grid gap-2">
      <legend className="text-sm font-medium">Events</legend>
      <label className="flex items-center gap-2 text-sm">
        <input
          type="checkbox"
          checked={value === null}
          onChange={(e) => onChange(e.target.checked ? null : ['task.completed'])}
        />
        All events
      </label>
      {value === null ? null : (
        <div className="grid gap-1 sm:grid-cols-2">
          {TASK_EVENT_TYPES.map((type) => (
            <label key={type} className="flex items-center gap-2 font-mono text-xs">
              <input
                type="checkbox"
                checked={value.includes(type)}
                onChange={(e) =>
                  onChange(e.target.checked ? [...value, type] : value.filter((t) => t !== type))
                }
              />
              {type}
            </label>
          ))}
        </div>
      )}
    </fieldset>
  );
}

function AddEndpointDialog({
  open,
  onOpenChange,
  onMade,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onMade: (secret: string) => void;
}) {
  const mode = useDashboardMode();
  const [url, setUrl] = useState('');
  const [description, setDescription] = useState('');
  const [livemode, setLivemode] = useState(mode === 'live');
  const [events, setEvents] = useState<string[] | null>(null);
  const [error, setError] = useState<{ field?: string; message: string } | null>(null);
  const create = useEndpointMutation((input: NewWebhookEndpoint) => createWebhookEndpoint(input));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (events !== null && events.length === 0) {
      setError({ field: 'event_types', message: 'Choose at least one event, or All events.' });
      return;
    }
    setError(null);
    create.mutate(
      { url: url.trim(), description: description.trim(), event_types: events, livemode },
      {
        onSuccess: (made) => {
          onOpenChange(false);
          setUrl('');
          setDescription('');
          setEvents(null);
          onMade(made.secret);
        },
        onError: (failure) =>
          setError({
            field: (failure as { field?: string }).field,
            message: failure.message,
          }),
      },
    );
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Add an endpoint</DialogTitle>
          <DialogDescription>
            Every event of your calls in the chosen mode is POSTed here, signed with the
            endpoint&apos;s own secret.
          </DialogDescription>
        </DialogHeader>
        <form className="grid gap-4" onSubmit={submit} noValidate>
          <FormField
            label="Endpoint URL"
            hint="https only; private and internal addresses are refused."
            error={error?.field === 'url' ? error.message : undefined}
          >
            <Input
              type="url"
              required
              placeholder="https://example.com/dialwise/webhooks"
              value={url}
              onChange={(e) => setUrl(e.target.value)}
            />
          </FormField>
          <FormField
            label="Description"
            error={error?.field === 'description' ? error.message : undefined}
          >
            <Input
              maxLength={200}
              placeholder="CRM sync"
              value={description}
              onChange={(e) => setDescription(e.target.value)}
            />
          </FormField>
          <FormField label="Mode" hint="Test endpoints get test calls' events; live, live calls'.">
            <NativeSelect
              value={livemode ? 'live' : 'test'}
              onChange={(e) => setLivemode(e.target.value === 'live')}
            >
              <option value="test">Test</option>
              <option value="live">Live</option>
            </NativeSelect>
          </FormField>
          <EventChoice value={events} onChange={setEvents} />
          {error && !['url', 'description'].includes(error.field ?? '') ? (
            <p role="alert" className="text-sm font-medium text-destructive">
              {error.message}
            </p>
          ) : null}
          <div className="flex justify-end gap-2">
            <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={create.isPending || url.trim() === ''}>
              {create.isPending ? 'Adding...' : 'Add endpoint'}
            </Button>
          </div>
        </form>
      </DialogContent>
    </Dialog>
  );
}

function EndpointRow({
  endpoint,
  onSecret,
}: {
  endpoint: WebhookEndpoint;
  onSecret: (secret: string) => void;
}) {
  const [open, setOpen] = useState(false);
  const [confirm, setConfirm] = useState<'roll' | 'delete' | null>(null);
  const [editing, setEditing] = useState(false);
  const [events, setEvents] = useState<string[] | null>(endpoint.event_types);
  const test = useEndpointMutation(endpointActions.sendTest);
  const roll = useEndpointMutation(endpointActions.rollSecret);
  const remove = useEndpointMutation(endpointActions.remove);
  const update = useEndpointMutation((change: Pick<WebhookEndpoint, 'event_types' | 'enabled'>) =>
    endpointActions.update(endpoint.id, { description: endpoint.description, ...change }),
  );
  const fail = (error: Error) => toast.error(error.message);

  return (
    <li className="grid gap-3 p-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="grid min-w-0 gap-1">
          <span className="break-all font-mono text-sm">{endpoint.url}</span>
          <span className="text-xs text-muted-foreground">
            {endpoint.description ? `${endpoint.description} · ` : ''}
            {describeEventFilter(endpoint.event_types)} · secret{' '}
            <code>{maskSecretHint(endpoint.secret_hint)}</code>
          </span>
        </div>
        <div className="flex gap-2">
          <Badge variant={endpoint.livemode ? 'default' : 'outline'}>
            {endpoint.livemode ? 'Live' : 'Test'}
          </Badge>
          <Badge variant={endpoint.enabled ? 'success' : 'outline'}>
            {endpoint.enabled ? 'Enabled' : 'Disabled'}
          </Badge>
        </div>
      </div>
      <div className="flex flex-wrap gap-2">
        <Button
          size="sm"
          variant="outline"
          disabled={test.isPending}
          onClick={() =>
            test.mutate(endpoint.id, {
              onSuccess: () => {
                toast.success('Test event queued');
                setOpen(true);
              },
              onError: fail,
            })
          }
        >
          <Send aria-hidden />
          Send test event
        </Button>
        <Button size="sm" variant="outline" onClick={() => setOpen(!open)} aria-expanded={open}>
          {open ? 'Hide deliveries' : 'Deliveries'}
        </Button>
        <Button size="sm" variant="outline" onClick={() => setEditing(!editing)}>
          Events
        </Button>
        <Button
          size="sm"
          variant="outline"
          disabled={update.isPending}
          onClick={() =>
            update.mutate(
              { event_types: endpoint.event_types, enabled: !endpoint.enabled },
              { onError: fail },
            )
          }
        >
          {endpoint.enabled ? 'Disable' : 'Enable'}
        </Button>
        <Button size="sm" variant="outline" onClick={() => setConfirm('roll')}>
          <RotateCw aria-hidden />
          Roll secret
        </Button>
        <Button size="sm" variant="outline" onClick={() => setConfirm('delete')}>
          <Trash2 aria-hidden />
          Delete
        </Button>
      </div>
      {editing ? (
        <div className="grid gap-3 rounded-md border p-3">
          <EventChoice value={events} onChange={setEvents} />
          <div className="flex justify-end">
            <Button
              size="sm"
              disabled={update.isPending || (events !== null && events.length === 0)}
              onClick={() =>
                update.mutate(
                  { event_types: events, enabled: endpoint.enabled },
                  {
                    onSuccess: () => {
                      setEditing(false);
                      toast.success('Events saved');
                    },
                    onError: fail,
                  },
                )
              }
            >
              Save events
            </Button>
          </div>
        </div>
      ) : null}
      {open ? <EndpointDeliveries endpointId={endpoint.id} /> : null}
      <Dialog open={confirm !== null} onOpenChange={(o) => (o ? null : setConfirm(null))}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>
              {confirm === 'roll' ? 'Roll the signing secret?' : 'Delete this endpoint?'}
            </DialogTitle>
            <DialogDescription>
              {confirm === 'roll'
                ? 'Deliveries are signed with the new secret at once; the old one stops verifying.'
                : 'It receives nothing more, and its deliveries are deleted with it.'}
            </DialogDescription>
          </DialogHeader>
          <div className="flex justify-end gap-2">
            <Button variant="outline" onClick={() => setConfirm(null)}>
              Cancel
            </Button>
            <Button
              variant="destructive"
              onClick={() => {
                const action = confirm;
                setConfirm(null);
                if (action === 'roll')
                  roll.mutate(endpoint.id, { onSuccess: onSecret, onError: fail });
                else
                  remove.mutate(endpoint.id, {
                    onSuccess: () => toast.success('Endpoint deleted'),
                    onError: fail,
                  });
              }}
            >
              {confirm === 'roll' ? 'Roll secret' : 'Delete endpoint'}
            </Button>
          </div>
        </DialogContent>
      </Dialog>
    </li>
  );
}

/**
 * Account webhook endpoints (docs/product-rules.md#events-and-webhooks): each gets every event of
 * the account's calls in its mode that its filter names, signed with its own secret.
 */
export function WebhookEndpointsCard() {
  const { user } = useSession();
  const endpoints = useWebhookEndpoints(user?.id);
  const [adding, setAdding] = useState(false);
  const [secret, setSecret] = useState<string | null>(null);
  if (!user) return null;

  return (
    <Card>
      <CardHeader row>
        <div className="grid gap-1.5">
          <CardTitle>Endpoints</CardTitle>
          <CardDescription>
            Receive every event of your calls, without passing webhook_url on each one.
          </CardDescription>
        </div>
        <Button onClick={() => setAdding(true)}>
          <Plus aria-hidden />
          Add endpoint
        </Button>
      </CardHeader>
      <CardContent>
        {endpoints.isPending ? (
          <Skeleton className="h-16 w-full" />
        ) : endpoints.isError ? (
          <p className="text-sm text-destructive">Could not load the endpoints</p>
        ) : endpoints.data.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            No endpoints yet. Add one, then send it a test event.
          </p>
        ) : (
          <ul className="divide-y rounded-md border" aria-label="Webhook endpoints">
            {endpoints.data.map((endpoint) => (
              <EndpointRow key={endpoint.id} endpoint={endpoint} onSecret={setSecret} />
            ))}
          </ul>
        )}
      </CardContent>
      <AddEndpointDialog open={adding} onOpenChange={setAdding} onMade={setSecret} />
      <SecretOnce secret={secret} onClose={() => setSecret(null)} />
    </Card>
  );
}
