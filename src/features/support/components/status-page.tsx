import { formatDistanceToNowStrict } from 'date-fns';
import { AlertTriangle, CheckCircle2, Loader2, XCircle } from 'lucide-react';
import { PublicLayout } from '@/components/layout/public-layout';
import { Badge } from '@/components/ui/badge';
import { PRODUCT_NAME } from '@/config/constants';
import { formatDateTime } from '@/lib/format';
import { useDocumentMeta } from '@/lib/use-document-meta';
import {
  usePlatformStatus,
  type ComponentStatus,
  type PlatformStatus,
} from '../api/get-platform-status';

const HEADLINE: Record<ComponentStatus, string> = {
  operational: 'All Systems Operational',
  degraded: 'Some Systems Degraded',
  down: 'Service Disruption',
};

const LABEL: Record<ComponentStatus, string> = {
  operational: 'Operational',
  degraded: 'Degraded',
  down: 'Down',
};

function StatusBadge({ status }: { status: ComponentStatus }) {
  return (
    <Badge
      variant={status === 'operational' ? 'success' : status === 'down' ? 'destructive' : 'custom'}
      className={
        status === 'degraded' ? 'border-transparent bg-warning text-warning-foreground' : ''
      }
    >
      {LABEL[status]}
    </Badge>
  );
}

function StatusIcon({ status }: { status: ComponentStatus }) {
  const className = 'mt-1 size-8 shrink-0';
  if (status === 'operational')
    return <CheckCircle2 aria-hidden="true" className={`${className} text-success`} />;
  if (status === 'degraded')
    return <AlertTriangle aria-hidden="true" className={`${className} text-warning`} />;
  return <XCircle aria-hidden="true" className={`${className} text-destructive`} />;
}

const ago = (iso: string) => formatDistanceToNowStrict(new Date(iso), { addSuffix: true });

type Row = { name: string; what: string; status: ComponentStatus; detail: string };

/** What each part the server may name as not configured does, in a visitor's words. */
const PART_LABEL: Record<string, string> = {
  voice_provider: 'calls',
  payments: 'card payments',
  text_messages: 'text messages and phone verification',
  app: 'links back to the app',
  database: 'database connections',
};

function rowsOf(status: PlatformStatus): Row[] {
  const { api, scheduler, voice_provider: voice } = status.components;
  const notConfigured = status.not_configured ?? [];
  const voiceUnset = notConfigured.some((entry) => entry.part === 'voice_provider');
  const configuration: Row[] = notConfigured.length
    ? [
        {
          name: 'Configuration',
          what: 'Settings this deployment needs from its operator',
          status: 'degraded',
          detail: `Not configured: ${notConfigured.map((entry) => PART_LABEL[entry.part] ?? entry.part).join(', ')}`,
        },
      ]
    : [];
  return [
    {
      name: 'Call API',
      what: 'Creating, reading and following calls',
      status: api.status,
      detail: api.status === 'operational' ? 'Answering' : 'The database did not answer',
    },
    {
      name: 'Scheduler',
      what: 'Scheduled calls, retries, batches, webhooks and retention',
      status: scheduler.status,
      detail: scheduler.last_run_at
        ? `Last run ${ago(scheduler.last_run_at)}${scheduler.last_run_ok ? '' : ' (failed)'} · ${scheduler.runs_last_hour} runs in the last hour, ${scheduler.failed_runs_last_hour} failed`
        : 'Has not run',
    },
    {
      name: 'Voice network',
      what: 'Placing and carrying calls',
      status: voice.status,
      detail:
        voice.status === 'operational'
          ? 'Reachable'
          : voiceUnset
            ? 'Not configured'
            : 'Not reachable',
    },
    ...configuration,
  ];
}

/** /status: the platform's health as measured by the server a moment ago, refreshed every 30 s. */
export function StatusPage() {
  useDocumentMeta(
    `System Status | ${PRODUCT_NAME}`,
    `Current health of the ${PRODUCT_NAME} calling platform, measured live.`,
  );
  const query = usePlatformStatus();
  const overall: ComponentStatus | null = query.data
    ? query.data.status
    : query.isError
      ? 'down'
      : null;

  return (
    <PublicLayout>
      <div className="container max-w-5xl py-16">
        <section
          aria-labelledby="status-heading"
          aria-live="polite"
          className="flex flex-col gap-4 rounded-xl border bg-card p-6 shadow-sm sm:flex-row sm:items-center sm:justify-between"
        >
          <div className="flex items-start gap-4">
            {overall ? (
              <StatusIcon status={overall} />
            ) : (
              <Loader2 aria-hidden="true" className="mt-1 size-8 shrink-0 animate-spin" />
            )}
            <div>
              <h1 id="status-heading" className="text-3xl font-bold tracking-tight">
                {query.isError
                  ? 'Our API Is Not Answering'
                  : overall
                    ? HEADLINE[overall]
                    : 'Checking status…'}
              </h1>
              <p className="mt-1 text-muted-foreground">
                {query.data
                  ? `Measured ${formatDateTime(query.data.checked_at)}; refreshed every 30 seconds.`
                  : query.isError
                    ? 'This page could not reach the status endpoint. It retries every 30 seconds.'
                    : 'Asking the platform for its health.'}
              </p>
            </div>
          </div>
        </section>

        {query.data ? (
          <section aria-labelledby="components-heading" className="mt-12">
            <h2 id="components-heading" className="text-xl font-semibold">
              Components
            </h2>
            <ul className="mt-4 divide-y rounded-xl border bg-card">
              {rowsOf(query.data).map((row) => (
                <li
                  key={row.name}
                  className="flex flex-col gap-2 p-4 sm:flex-row sm:items-center sm:justify-between"
                >
                  <div>
                    <p className="font-medium">{row.name}</p>
                    <p className="text-sm text-muted-foreground">{row.what}</p>
                    <p className="mt-1 text-sm">{row.detail}</p>
                  </div>
                  <StatusBadge status={row.status} />
                </li>
              ))}
            </ul>
          </section>
        ) : null}

        <section aria-labelledby="history-heading" className="mt-12">
          <h2 id="history-heading" className="text-xl font-semibold">
            About these figures
          </h2>
          <p className="mt-2 text-sm text-muted-foreground">
            Every figure here is measured when the page asks: the API answers from our servers, the
            scheduler records each of its runs, and the voice network is asked with our own key. The
            scheduler counts as degraded when it has not run for over a minute or its last run
            failed.
          </p>
        </section>
      </div>
    </PublicLayout>
  );
}
