import { CheckCircle2, Circle, Copy } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Skeleton } from '@/components/ui/skeleton';
import { paths, type DashboardTab } from '@/config/paths';
import { env } from '@/config/env';
import { useSession } from '@/lib/auth/session-context';
import { toast } from '@/lib/toast';
import { useTestApiKey, type TestApiKey } from '@/lib/test-api-key';
import { useGettingStarted, type GettingStarted } from '../api/get-getting-started';
import { useKyc, type KycRecord } from '@/lib/kyc';
import { onboardingDialogs } from '@/lib/onboarding-dialog-requests';

/** Where integrators send requests: this project's functions. */
export const apiBaseUrl = (supabaseUrl: string = env.supabaseUrl) =>
  `${supabaseUrl.replace(/\/+$/, '')}/functions/v1`;

/** The KYC review state in words: what it means for calling, not the stored code. */
export function kycStateInWords(kyc: KycRecord | null | undefined): string {
  switch (kyc?.kyc_status) {
    case 'pending':
      return 'Submitted, in review (pending). Live calls work meanwhile.';
    case 'complete':
      return 'Submitted and approved.';
    case 'rejected':
      return 'Not approved. Contact support to place live calls.';
    default:
      return 'Not submitted yet. Needed for live calls only: test mode works without it.';
  }
}

/** A copy-ready request with the account's key (a placeholder until it has one). */
export function firstCallCurl(baseUrl: string, key: string | null): string {
  return `curl -X POST "${baseUrl}/task" \\
  -H "Authorization: Bearer ${key ?? 'YOUR_API_KEY'}" \\
  -H "Content-Type: application/json" \\
  -d '{"phone_number": "+14155550123", "goal": "Confirm the appointment tomorrow at 3 pm."}'`;
}

export type ChecklistStep = {
  id: 'kyc' | 'phone' | 'key' | 'call' | 'webhook';
  title: string;
  done: boolean;
  /** The state in words, beside the title. */
  state: string;
};

/**
 * The onboarding steps: try everything in test mode first (free, no paperwork), then what going
 * live asks for.
 */
export function checklistSteps(
  kyc: KycRecord | null | undefined,
  facts: GettingStarted,
  testKey: TestApiKey | null,
): ChecklistStep[] {
  const submitted = !!kyc?.kyc_status && kyc.kyc_status !== 'incomplete';
  return [
    {
      id: 'key',
      title: 'Your test key',
      done: !!testKey,
      state: testKey
        ? `${testKey.name} is ready: test calls go to the simulated network, free.`
        : 'Making your test key…',
    },
    {
      id: 'call',
      title: 'First call placed',
      done: facts.placedCall,
      state: facts.placedCall ? 'Done.' : 'No call yet: try the request below or a test call.',
    },
    {
      id: 'webhook',
      title: 'Webhook endpoint set',
      done: facts.webhookSet,
      state: facts.webhookSet
        ? 'Events reach your server.'
        : 'Not yet: add an endpoint (or pass webhook_url on a call) to get events pushed.',
    },
    {
      id: 'kyc',
      title: 'Go live: business details (KYC)',
      done: submitted,
      state: kycStateInWords(kyc),
    },
    {
      id: 'phone',
      title: 'Go live: phone verified',
      done: !!kyc?.phone_verified,
      state: kyc?.phone_verified
        ? 'Verified.'
        : 'Not verified. Needed for live calls only: test mode works without it.',
    },
  ];
}

function tabHref(tab: DashboardTab) {
  return `${paths.dashboard.href}?tab=${tab}`;
}

/** The one click that moves a step on. */
function StepAction({ step }: { step: ChecklistStep }): ReactNode {
  if (step.done) return null;
  switch (step.id) {
    case 'kyc':
      return (
        <Button size="sm" onClick={onboardingDialogs.request}>
          Fill in details
        </Button>
      );
    case 'phone':
      return (
        <Button size="sm" asChild>
          <Link to={paths.verifyPhone.href}>Verify</Link>
        </Button>
      );
    case 'key':
      return null;
    case 'call':
      return (
        <Button size="sm" variant="outline" asChild>
          <Link to={tabHref('calls')}>Place a test call</Link>
        </Button>
      );
    case 'webhook':
      return (
        <Button size="sm" variant="outline" asChild>
          <Link to={tabHref('webhooks')}>Add an endpoint</Link>
        </Button>
      );
  }
}

async function copy(text: string) {
  try {
    await navigator.clipboard.writeText(text);
    toast.success('Copied to clipboard');
  } catch {
    toast.error('Could not copy to the clipboard');
  }
}

/**
 * The dashboard's home: what is left to do, test first and then going live, each step one click
 * away, and a request to copy with the account's own test key and base URL (made on the first
 * visit, so a new account can place a call at once).
 */
export function GettingStartedCard() {
  const { user } = useSession();
  const kyc = useKyc(user?.id);
  const facts = useGettingStarted(user?.id);
  const testKey = useTestApiKey(user?.id);
  const baseUrl = apiBaseUrl();

  const loading = (query: { data: unknown; isError: boolean }) =>
    query.data === undefined && !query.isError;
  if (loading(kyc) || loading(facts)) {
    return (
      <Card>
        <CardHeader>
          <CardTitle>Getting started</CardTitle>
        </CardHeader>
        <CardContent className="grid gap-3">
          <Skeleton className="h-6 w-full" />
          <Skeleton className="h-6 w-full" />
          <Skeleton className="h-6 w-full" />
        </CardContent>
      </Card>
    );
  }
  // A failed refresh keeps what was shown; only a first load that failed says so.
  if (kyc.data === undefined || facts.data === undefined) {
    return (
      <Card>
        <CardHeader>
          <CardTitle>Getting started</CardTitle>
          <CardDescription>Your progress could not be loaded. Reload to try again.</CardDescription>
        </CardHeader>
      </Card>
    );
  }

  const key = testKey.data ?? null;
  const steps = checklistSteps(kyc.data, facts.data, key);
  const left = steps.filter((step) => !step.done).length;
  const curl = firstCallCurl(baseUrl, key?.key ?? null);

  return (
    <Card>
      <CardHeader>
        <CardTitle>Getting started</CardTitle>
        <CardDescription>
          {left === 0 ? 'All set: every step is done.' : `${left} of ${steps.length} steps left.`}
        </CardDescription>
      </CardHeader>
      <CardContent className="grid gap-6">
        <ol aria-label="Getting started steps" className="grid gap-3">
          {steps.map((step) => (
            <li
              key={step.id}
              className="flex flex-wrap items-center justify-between gap-2 rounded-md border p-3"
            >
              <div className="flex min-w-0 items-start gap-3">
                {step.done ? (
                  <CheckCircle2 className="mt-0.5 size-5 shrink-0 text-primary" aria-hidden />
                ) : (
                  <Circle className="mt-0.5 size-5 shrink-0 text-muted-foreground" aria-hidden />
                )}
                <div className="min-w-0">
                  <p className="text-sm font-medium">
                    {step.title}{' '}
                    <Badge variant={step.done ? 'success' : 'outline'}>
                      {step.done ? 'Done' : 'To do'}
                    </Badge>
                  </p>
                  <p className="text-sm text-muted-foreground">{step.state}</p>
                </div>
              </div>
              <StepAction step={step} />
            </li>
          ))}
        </ol>

        <section aria-labelledby="first-request" className="grid gap-2">
          <h2 id="first-request" className="text-sm font-semibold">
            Your first request
          </h2>
          <p className="text-sm text-muted-foreground">
            API base URL: <code className="break-all font-mono text-foreground">{baseUrl}</code>
            {key
              ? '. With your test key, this calls the simulated network, free: paste it into a terminal as it is.'
              : testKey.isError
                ? '. Your test key could not be loaded: reload, or make one on the API Keys tab.'
                : '. Your test key is being made.'}
          </p>
          <pre
            aria-label="curl request"
            className="max-w-full overflow-x-auto rounded-md bg-muted p-3 text-xs"
          >
            <code>{curl}</code>
          </pre>
          <Button
            size="sm"
            variant="outline"
            className="justify-self-start"
            onClick={() => void copy(curl)}
          >
            <Copy aria-hidden />
            Copy request
          </Button>
        </section>
      </CardContent>
    </Card>
  );
}
