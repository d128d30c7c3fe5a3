import { useCallback, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useSession } from '@/lib/auth/session-context';
import { filtersFromSearchParams, withFilters, type CallsFilters } from '../api/calls-filters';
import { CallDetailDialog } from './call-detail-dialog';
import { CallsFilterBar } from './calls-filter-bar';
import { CallsList } from './calls-list';
import { ModeSwitch } from './mode-switch';
import { PlaceTestCallForm } from './place-test-call-form';

/**
 * The Calls tab (and /calls): a test call form, the list of calls, and a call's details with
 * its live transcript. A call placed here opens at once, so its transcript is seen as it is said.
 */
export function CallsPanel() {
  const { user } = useSession();
  const [openTaskId, setOpenTaskId] = useState<string | null>(null);
  // The search and filters live in the URL: a reload or a shared link shows the same list.
  const [searchParams, setSearchParams] = useSearchParams();
  const filters = useMemo(() => filtersFromSearchParams(searchParams), [searchParams]);
  const setFilters = useCallback(
    (next: CallsFilters) =>
      setSearchParams((params) => withFilters(params, next), { replace: true }),
    [setSearchParams],
  );

  return (
    <div className="grid gap-6">
      <ModeSwitch />
      <Card>
        <CardHeader>
          <CardTitle>Place a test call</CardTitle>
          <CardDescription>
            Our AI agent calls the number and pursues the goal; you see the transcript as it
            happens. It goes through the call API and is billed like any call (first 100 minutes
            free).
          </CardDescription>
        </CardHeader>
        <CardContent>
          <PlaceTestCallForm onPlaced={setOpenTaskId} />
        </CardContent>
      </Card>
      <Card>
        <CardHeader>
          <CardTitle>Calls</CardTitle>
          <CardDescription>Every call of your account, newest first.</CardDescription>
        </CardHeader>
        <CardContent className="grid gap-4">
          <CallsFilterBar userId={user?.id} filters={filters} onChange={setFilters} />
          <CallsList
            userId={user?.id}
            onOpen={setOpenTaskId}
            filters={filters}
            onClearFilters={() => setFilters({})}
            // An open call follows its own event stream and refreshes the list when it ends.
            activePollMs={openTaskId ? false : undefined}
          />
        </CardContent>
      </Card>
      <CallDetailDialog taskId={openTaskId} onClose={() => setOpenTaskId(null)} />
    </div>
  );
}
