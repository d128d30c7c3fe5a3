import { RefreshCw } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
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
import { formatDateTime } from '@/lib/format';
import { useRequestLog, useRequestLogs, type RequestLogRow } from '../api/list-request-logs';
import {
  filtersFromSearch,
  LOGGED_METHODS,
  searchWithFilters,
  STATUS_CLASSES,
  type RequestLogFilters,
} from '../api/request-log-filters';

/**
 * Request logs: every request the account's API keys made to the call API and MCP in the last 30
 * days, of the dashboard's mode, newest first, filtered from the URL; a row opens its details.
 */
export function RequestLogsPanel() {
  const { user } = useSession();
  const mode = useDashboardMode();
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = filtersFromSearch(searchParams);
  const logs = useRequestLogs(user?.id, mode === 'live', filters);
  const [openId, setOpenId] = useState<number | null>(null);

  // React Router does not queue search changes: two quick ones (a filter, then another before
  // the page re-renders) would each start from this render's URL and the first would be lost.
  // Each change starts from the last one asked for until the URL shows it.
  const asked = useRef<URLSearchParams | null>(null);
  useEffect(() => {
    asked.current = null;
  }, [searchParams]);
  const change = (next: (now: RequestLogFilters) => RequestLogFilters) => {
    const base = asked.current ?? searchParams;
    asked.current = searchWithFilters(base, next(filtersFromSearch(base)));
    setSearchParams(asked.current);
  };
  const apply = (next: Partial<RequestLogFilters>) =>
    change((now) => ({ ...now, page: 1, ...next }));
  const turnPage = (by: number) => change((now) => ({ ...now, page: now.page + by }));

  return (
    <Card role="region" aria-label="Request logs">
      <CardHeader row>
        <div className="grid gap-1.5">
          <CardTitle>Request logs</CardTitle>
          <CardDescription>
            Each request your {mode} API keys made to the API and MCP, kept 30 days. Keys, secrets
            and card numbers in bodies are masked.
          </CardDescription>
        </div>
        <Button
          variant="outline"
          size="sm"
          onClick={() => void logs.refetch()}
          disabled={logs.isFetching}
        >
          <RefreshCw aria-hidden />
          Refresh
        </Button>
      </CardHeader>
      <CardContent className="grid gap-4">
        <form
          key={searchParams.toString()}
          className="grid gap-3 sm:grid-cols-3"
          onSubmit={(event) => {
            event.preventDefault();
            const form = new FormData(event.currentTarget);
            const text = (name: string) => String(form.get(name) ?? '').trim() || null;
            apply({ path: text('path'), requestId: text('request_id') });
          }}
        >
          <FormField label="Status">
            <NativeSelect
              value={filters.status ?? ''}
              onChange={(event) =>
                apply({ status: (event.target.value || null) as RequestLogFilters['status'] })
              }
            >
              <option value="">Any status</option>
              {STATUS_CLASSES.map((status) => (
                <option key={status} value={status}>
                  {status}
                </option>
              ))}
            </NativeSelect>
          </FormField>
          <FormField label="Method">
            <NativeSelect
              value={filters.method ?? ''}
              onChange={(event) => apply({ method: event.target.value || null })}
            >
              <option value="">Any method</option>
              {LOGGED_METHODS.map((method) => (
                <option key={method} value={method}>
                  {method}
                </option>
              ))}
            </NativeSelect>
          </FormField>
          <FormField label="Path starts with">
            <Input name="path" defaultValue={filters.path ?? ''} placeholder="/task" />
          </FormField>
          <FormField label="From">
            <Input
              type="date"
              value={filters.from ?? ''}
              onChange={(event) => apply({ from: event.target.value || null })}
            />
          </FormField>
          <FormField label="To">
            <Input
              type="date"
              value={filters.to ?? ''}
              onChange={(event) => apply({ to: event.target.value || null })}
            />
          </FormField>
          <FormField label="Request ID">
            <Input name="request_id" defaultValue={filters.requestId ?? ''} placeholder="req_…" />
          </FormField>
          <div className="flex gap-2 sm:col-span-3">
            <Button type="submit" size="sm">
              Search
            </Button>
            <Button
              type="button"
              size="sm"
              variant="outline"
              onClick={() =>
                apply({
                  status: null,
                  method: null,
                  path: null,
                  from: null,
                  to: null,
                  requestId: null,
                })
              }
            >
              Clear filters
            </Button>
          </div>
        </form>

        {logs.isPending ? (
          <Skeleton className="h-24 w-full" />
        ) : logs.isError ? (
          <p className="text-sm text-destructive">Could not load the request logs.</p>
        ) : logs.data.rows.length === 0 ? (
          <p className="text-sm text-muted-foreground">
            No requests match. Requests made with an API key appear here seconds after they are
            answered.
          </p>
        ) : (
          <div className="overflow-x-auto">
            <table className="w-full text-sm">
              <thead className="text-left text-muted-foreground">
                <tr>
                  <th className="py-2 pr-3 font-medium">Time</th>
                  <th className="py-2 pr-3 font-medium">Request</th>
                  <th className="py-2 pr-3 font-medium">Status</th>
                  <th className="hidden py-2 pr-3 font-medium sm:table-cell">Latency</th>
                  <th className="hidden py-2 pr-3 font-medium md:table-cell">Request ID</th>
                </tr>
              </thead>
              <tbody>
                {logs.data.rows.map((row) => (
                  <tr key={row.id} className="border-t">
                    <td className="py-2 pr-3 whitespace-nowrap">
                      <button
                        type="button"
                        className="text-left underline-offset-4 hover:underline"
                        onClick={() => setOpenId(row.id)}
                        aria-label={`Open ${row.method} ${row.path} ${row.request_id}`}
                      >
                        {formatDateTime(row.created_at)}
                      </button>
                    </td>
                    <td className="py-2 pr-3 font-mono break-all">
                      {row.method} {row.path}
                    </td>
                    <td className="py-2 pr-3">
                      <StatusBadge status={row.status} />
                    </td>
                    <td className="hidden py-2 pr-3 sm:table-cell">{row.latency_ms} ms</td>
                    <td className="hidden py-2 pr-3 font-mono md:table-cell">{row.request_id}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}

        {logs.data && (filters.page > 1 || logs.data.hasNext) ? (
          <nav aria-label="Request log pages" className="flex items-center gap-2">
            <Button
              size="sm"
              variant="outline"
              disabled={filters.page <= 1}
              onClick={() => turnPage(-1)}
            >
              Newer
            </Button>
            <span className="text-sm text-muted-foreground">Page {filters.page}</span>
            <Button
              size="sm"
              variant="outline"
              disabled={!logs.data.hasNext}
              onClick={() => turnPage(1)}
            >
              Older
            </Button>
          </nav>
        ) : null}
      </CardContent>
      {openId !== null ? <RequestLogDialog id={openId} onClose={() => setOpenId(null)} /> : null}
    </Card>
  );
}

function StatusBadge({ status }: { status: number }) {
  return (
    <Badge variant={status >= 400 ? 'destructive' : 'secondary'} className="font-mono">
      {status}
    </Badge>
  );
}

function RequestLogDialog({ id, onClose }: { id: number; onClose: () => void }) {
  const log = useRequestLog(id);
  const row: RequestLogRow | undefined = log.data;
  return (
    <Dialog open onOpenChange={(open) => (open ? null : onClose())}>
      <DialogContent className="max-h-[90vh] overflow-y-auto">
        <DialogHeader>
          <DialogTitle>Request details</DialogTitle>
          <DialogDescription>
            {row ? `${row.method} ${row.path}${row.query ? `?${row.query}` : ''}` : 'Loading…'}
          </DialogDescription>
        </DialogHeader>
        {log.isError ? (
          <p className="text-sm text-destructive">Could not load this request.</p>
        ) : !log.data ? (
          <Skeleton className="h-24 w-full" />
        ) : (
          <div className="grid gap-3 text-sm">
            <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
              <dt className="text-muted-foreground">Time</dt>
              <dd>{formatDateTime(log.data.created_at)}</dd>
              <dt className="text-muted-foreground">Status</dt>
              <dd>
                <StatusBadge status={log.data.status} />
                {log.data.error_code ? (
                  <span className="ml-2 font-mono">{log.data.error_code}</span>
                ) : null}
              </dd>
              <dt className="text-muted-foreground">Request ID</dt>
              <dd className="font-mono break-all">{log.data.request_id}</dd>
              <dt className="text-muted-foreground">Latency</dt>
              <dd>{log.data.latency_ms} ms</dd>
              <dt className="text-muted-foreground">Key</dt>
              <dd className="font-mono">{log.data.key_mask}</dd>
              <dt className="text-muted-foreground">Source</dt>
              <dd>{log.data.source === 'mcp' ? 'MCP' : 'API'}</dd>
            </dl>
            <div className="grid gap-1">
              <p className="font-medium">
                Request body{log.data.body_truncated ? ' (first 8 KB)' : ''}
              </p>
              {log.data.request_body ? (
                <pre className="max-h-80 overflow-auto rounded-md border bg-muted/40 p-3 text-xs whitespace-pre-wrap break-all">
                  {prettyBody(log.data.request_body)}
                </pre>
              ) : (
                <p className="text-muted-foreground">No body.</p>
              )}
            </div>
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}

function prettyBody(body: string): string {
  try {
    return JSON.stringify(JSON.parse(body), null, 2);
  } catch {
    return body;
  }
}
