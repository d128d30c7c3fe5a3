import { BookOpen, Copy, KeyRound, RefreshCw } from 'lucide-react';
import { useEffect, useId, useState, type ReactNode } from 'react';
import { toast } from '@/lib/toast';
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
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { useDashboardMode } from '@/lib/api/dashboard-mode';
import { useSession } from '@/lib/auth/session-context';
import { formatDateTime } from '@/lib/format';
import { maskedKey, useApiKeys, type ApiKeySummary } from '@/lib/api-key';
import { useQueryClient } from '@tanstack/react-query';
import { useGenerateApiKey, useRevokeApiKey } from '../api/generate-api-key';
import { apiKeyKeys } from '../api/query-keys';
import { revealTestApiKey, useTestApiKey } from '@/lib/test-api-key';
import { ApiBaseUrl } from './api-base-url';

/**
 * The API keys card: the account's named keys of the dashboard's mode (Test / Live), each masked
 * (prefix and last 4) with when it was made and last used, and Revoke. A new live key is shown
 * whole once, in a dialog with Copy; live keys are stored as hashes, so nobody can show them
 * again. Test keys stay readable by their owner (Copy on each), and in test mode the account's
 * Default test key is made on the first visit. Several keys work side by side, so a key is
 * rotated by making the new one before revoking the old.
 * Also shows whether the phone is verified: the page that composes the card passes onboarding's
 * badge into `phoneVerification`.
 */
export function ApiKeyCard({ phoneVerification = null }: { phoneVerification?: ReactNode }) {
  const { user } = useSession();
  const mode = useDashboardMode();
  const keys = useApiKeys(user?.id);
  const titleId = useId();
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<ApiKeySummary | null>(null);
  const revoke = useRevokeApiKey(user?.id);
  const queryClient = useQueryClient();
  const testKey = useTestApiKey(mode === 'test' ? user?.id : null);
  const madeTestKeyId = testKey.data?.id;

  useEffect(() => {
    if (keys.isError) toast.error('Failed to fetch API key');
  }, [keys.isError]);
  // The first visit may have just made the account's test key: list it.
  useEffect(() => {
    if (madeTestKeyId && user)
      void queryClient.invalidateQueries({ queryKey: apiKeyKeys.list(user.id) });
  }, [madeTestKeyId, queryClient, user]);

  if (!user) {
    return (
      <Card>
        <CardHeader>
          <CardTitle>API Keys</CardTitle>
        </CardHeader>
        <CardContent>
          <p className="text-sm text-muted-foreground">You need to log in to view your API key.</p>
        </CardContent>
      </Card>
    );
  }

  const livemode = mode === 'live';
  const ofMode = (keys.data ?? []).filter((key) => key.livemode === livemode);
  const active = ofMode.filter((key) => !key.revoked);
  const revoked = ofMode.filter((key) => key.revoked).slice(0, 5);

  const runRevoke = (key: ApiKeySummary) => {
    setRevoking(null);
    revoke.mutate(key.id, {
      onSuccess: () => toast.success('API key revoked', { description: key.name }),
      onError: (error) => toast.error(error.message),
    });
  };

  return (
    <Card role="region" aria-labelledby={titleId}>
      <CardHeader row>
        <div className="grid gap-1.5">
          <CardTitle id={titleId}>API Keys</CardTitle>
          <CardDescription>
            {livemode
              ? 'Live keys (dw_live_…) place real, billed calls.'
              : 'Test keys (dw_test_…) place free calls on the simulated network.'}{' '}
            Keys work side by side: make a new one, move your systems to it, then revoke the old.
          </CardDescription>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button
            variant="outline"
            size="sm"
            onClick={() => void keys.refetch()}
            disabled={keys.isFetching}
          >
            <RefreshCw aria-hidden />
            Refresh
          </Button>
          <Button variant="outline" size="sm" asChild>
            <a href={paths.docs.href} target="_blank" rel="noopener noreferrer">
              <BookOpen aria-hidden />
              Documentation
            </a>
          </Button>
        </div>
      </CardHeader>
      <CardContent className="grid gap-4">
        <ApiBaseUrl />
        <div className="flex items-center gap-2 text-sm">
          <span className="text-muted-foreground">Phone verification:</span>
          {phoneVerification}
        </div>
        {keys.isPending ? (
          <Skeleton className="h-6 w-64" />
        ) : keys.isError ? (
          <p className="text-sm text-destructive">Error loading API key</p>
        ) : active.length === 0 && revoked.length === 0 ? (
          <p className="rounded-md border bg-muted/40 p-4 text-sm text-muted-foreground">
            No {livemode ? 'live' : 'test'} API key yet. Generate one to start placing calls.
          </p>
        ) : (
          <ul className="grid gap-2" aria-label={`${livemode ? 'Live' : 'Test'} API keys`}>
            {[...active, ...revoked].map((key) => (
              <li
                key={key.id}
                className="flex flex-wrap items-center justify-between gap-3 rounded-md border bg-muted/40 p-3"
              >
                <div className="grid min-w-0 gap-1">
                  <div className="flex flex-wrap items-center gap-2">
                    <span className="font-medium">{key.name}</span>
                    {key.revoked ? <Badge variant="secondary">Revoked</Badge> : null}
                  </div>
                  <code className="font-mono text-sm" aria-label={`API key ${key.name}`}>
                    {maskedKey(key)}
                  </code>
                  <p className="text-xs text-muted-foreground">
                    Created {formatDateTime(key.created_at)} · Last used{' '}
                    {key.last_used_at ? formatDateTime(key.last_used_at) : 'never'}
                    {key.revoked_at ? ` · Revoked ${formatDateTime(key.revoked_at)}` : ''}
                  </p>
                </div>
                {key.revoked ? null : (
                  <div className="flex gap-2">
                    {key.livemode ? null : (
                      <Button
                        variant="outline"
                        size="sm"
                        onClick={() => void copyTestKey(key)}
                        aria-label={`Copy ${key.name}`}
                      >
                        <Copy aria-hidden />
                        Copy
                      </Button>
                    )}
                    <Button
                      variant="outline"
                      size="sm"
                      disabled={revoke.isPending}
                      onClick={() => setRevoking(key)}
                      aria-label={`Revoke ${key.name}`}
                    >
                      Revoke
                    </Button>
                  </div>
                )}
              </li>
            ))}
          </ul>
        )}
        <Button
          className="justify-self-start"
          disabled={keys.isPending}
          onClick={() => setCreating(true)}
        >
          <KeyRound aria-hidden />
          Generate API Key
        </Button>
      </CardContent>
      {creating ? (
        <CreateKeyDialog
          userId={user.id}
          livemode={livemode}
          suggestedName={active.length ? `Key ${active.length + 1}` : 'Default key'}
          onClose={() => setCreating(false)}
        />
      ) : null}
      <Dialog open={revoking !== null} onOpenChange={(open) => (open ? null : setRevoking(null))}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Revoke this API key?</DialogTitle>
            <DialogDescription>
              {revoking ? `${revoking.name} (${maskedKey(revoking)})` : ''} stops working
              immediately: requests made with it are refused with 401.
            </DialogDescription>
          </DialogHeader>
          <div className="flex justify-end gap-2">
            <Button variant="outline" onClick={() => setRevoking(null)}>
              Cancel
            </Button>
            <Button variant="destructive" onClick={() => revoking && runRevoke(revoking)}>
              Revoke key
            </Button>
          </div>
        </DialogContent>
      </Dialog>
    </Card>
  );
}

/** Copies one of the account's test keys whole (test keys stay readable by their owner). */
async function copyTestKey(key: ApiKeySummary) {
  try {
    const whole = await revealTestApiKey(key.id);
    if (!whole) {
      toast.error('This test key was made before test keys were kept', {
        description: 'Generate a new test key to copy it.',
      });
      return;
    }
    await navigator.clipboard.writeText(whole);
    toast.success('Test key copied', { description: key.name });
  } catch {
    toast.error('Could not copy the key');
  }
}

/** Names a new key, makes it, then shows it whole once with Copy. */
function CreateKeyDialog({
  userId,
  livemode,
  suggestedName,
  onClose,
}: {
  userId: string;
  livemode: boolean;
  suggestedName: string;
  onClose: () => void;
}) {
  const generate = useGenerateApiKey(userId);
  const [name, setName] = useState(suggestedName);
  const [created, setCreated] = useState<string | null>(null);

  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    generate.mutate(
      { livemode, name },
      {
        onSuccess: (key) => {
          setCreated(key);
          toast.success('Success', { description: 'New API key generated successfully' });
        },
        onError: (error) => toast.error(error.message),
      },
    );
  };

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(created!);
      toast.success('Copied to clipboard');
    } catch {
      toast.error('An unexpected error occurred');
    }
  };

  return (
    <Dialog open onOpenChange={(open) => (open ? null : onClose())}>
      <DialogContent>
        {created ? (
          <>
            <DialogHeader>
              <DialogTitle>Your new API key</DialogTitle>
              <DialogDescription>
                {livemode
                  ? 'Copy it now and keep it somewhere safe: it is stored only as a hash, so it will not be shown again.'
                  : 'A test key places free calls on the simulated network only; Copy on the key shows it again whenever you need it.'}
              </DialogDescription>
            </DialogHeader>
            <code
              className="break-all rounded-md border bg-muted/40 p-3 font-mono text-sm"
              aria-label="New API key"
            >
              {created}
            </code>
            <div className="flex justify-end gap-2">
              <Button variant="outline" onClick={() => void copy()}>
                <Copy aria-hidden />
                Copy
              </Button>
              <Button onClick={onClose}>Done</Button>
            </div>
          </>
        ) : (
          <form onSubmit={submit} className="grid gap-4">
            <DialogHeader>
              <DialogTitle>Generate a {livemode ? 'live' : 'test'} API key</DialogTitle>
              <DialogDescription>
                Your other keys keep working. Name the key after the system that will use it.
              </DialogDescription>
            </DialogHeader>
            <FormField label="Name">
              <Input
                value={name}
                maxLength={60}
                required
                onChange={(event) => setName(event.target.value)}
              />
            </FormField>
            <div className="flex justify-end gap-2">
              <Button type="button" variant="outline" onClick={onClose}>
                Cancel
              </Button>
              <Button type="submit" disabled={generate.isPending || !name.trim()}>
                {generate.isPending ? 'Generating...' : 'Generate key'}
              </Button>
            </div>
          </form>
        )}
      </DialogContent>
    </Dialog>
  );
}
