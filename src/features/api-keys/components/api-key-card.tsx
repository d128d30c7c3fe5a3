import { BookOpen, Copy, Eye, KeyRound, RefreshCw } from 'lucide-react';
import { useEffect, useId, useState, type ReactNode } from 'react';
import { toast } from '@/lib/toast';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { useSession } from '@/lib/auth/session-context';
import { useGenerateApiKey } from '../api/generate-api-key';
import { useApiKey } from '@/lib/api-key';
import { maskApiKey } from '../api/mask-api-key';
import { ApiBaseUrl } from './api-base-url';

/**
 * The API key card: the key as its first and last 10 characters, View Full,
 * Copy, Refresh, Documentation (/docs in a new tab) and Generate, which revokes the old key and
 * therefore asks first when a key exists. Also shows whether the phone is verified: the page that
 * composes the card passes onboarding's badge into `phoneVerification`.
 */
export function ApiKeyCard({ phoneVerification = null }: { phoneVerification?: ReactNode }) {
  const { user } = useSession();
  const key = useApiKey(user?.id);
  const generate = useGenerateApiKey(user?.id);
  const [confirming, setConfirming] = useState(false);
  const titleId = useId();

  useEffect(() => {
    if (key.isError) toast.error('Failed to fetch API key');
  }, [key.isError]);

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

  const runGenerate = () => {
    setConfirming(false);
    generate.mutate(undefined, {
      onSuccess: () =>
        toast.success('Success', { description: 'New API key generated successfully' }),
      onError: (error) => toast.error(error.message),
    });
  };

  const copy = async (value: string) => {
    try {
      await navigator.clipboard.writeText(value);
      toast.success('Copied to clipboard');
    } catch {
      toast.error('An unexpected error occurred');
    }
  };

  const current = key.data ?? null;

  return (
    <Card role="region" aria-labelledby={titleId}>
      <CardHeader row>
        <div className="grid gap-1.5">
          <CardTitle id={titleId}>API Keys</CardTitle>
          <CardDescription>
            The key your systems use to place calls through the API.
          </CardDescription>
        </div>
        <div className="flex gap-2">
          <Button
            variant="outline"
            size="sm"
            onClick={() => void key.refetch()}
            disabled={key.isFetching}
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
        <div className="rounded-md border bg-muted/40 p-4">
          {key.isPending ? (
            <Skeleton className="h-6 w-64" />
          ) : key.isError ? (
            <p className="text-sm text-destructive">Error loading API key</p>
          ) : current ? (
            <div className="flex flex-wrap items-center justify-between gap-3">
              <code className="font-mono text-sm" aria-label="API key">
                {maskApiKey(current)}
              </code>
              <div className="flex gap-2">
                <Button
                  variant="outline"
                  size="sm"
                  onClick={() => toast('Full API Key', { description: current })}
                >
                  <Eye aria-hidden />
                  View Full
                </Button>
                <Button variant="outline" size="sm" onClick={() => void copy(current)}>
                  <Copy aria-hidden />
                  Copy
                </Button>
              </div>
            </div>
          ) : (
            <p className="text-sm text-muted-foreground">
              No API key yet. Generate one to start placing calls.
            </p>
          )}
        </div>
        <Button
          className="justify-self-start"
          disabled={generate.isPending || key.isPending}
          onClick={() => (current ? setConfirming(true) : runGenerate())}
        >
          <KeyRound aria-hidden />
          {generate.isPending ? 'Generating...' : current ? 'Generate New Key' : 'Generate API Key'}
        </Button>
      </CardContent>
      <Dialog open={confirming} onOpenChange={setConfirming}>
        <DialogContent>
          <DialogHeader>
            <DialogTitle>Generate a new API key?</DialogTitle>
            <DialogDescription>
              Your current key stops working immediately. Update your systems with the new key.
            </DialogDescription>
          </DialogHeader>
          <div className="flex justify-end gap-2">
            <Button variant="outline" onClick={() => setConfirming(false)}>
              Cancel
            </Button>
            <Button variant="destructive" onClick={runGenerate}>
              Generate new key
            </Button>
          </div>
        </DialogContent>
      </Dialog>
    </Card>
  );
}
