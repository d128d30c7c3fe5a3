import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { CALL_PARAM } from '@/config/paths';
import { useSession } from '@/lib/auth/session-context';
import { filtersFromSearchParams, withFilters, type CallsFilters } from '../api/calls-filters';
import { CallDetailDialog } from './call-detail-dialog';
import { CallsFilterBar } from './calls-filter-bar';
import { CallsList } from './calls-list';
import { PlaceTestCallForm } from './place-test-call-form';

/** A task id from the URL, or null for anything else (a hand-edited link still opens the list). */
const taskIdParam = (value: string | null) =>
  value && /^task_[0-9A-Z]{26}$/.test(value) ? value : null;

/**
 * The Calls tab (and /calls): a test call form, the list of calls, and a call's details with
 * its live transcript. A call placed here opens at once, so its transcript is seen as it is said.
 */
export function CallsPanel() {
  const { user } = useSession();
  // The search, the filters and the open call live in the URL: a reload or a shared link (a
  // batch's row links to its call) shows the same page.
  const [searchParams, setSearchParams] = useSearchParams();
  const openTaskId = taskIdParam(searchParams.get(CALL_PARAM));
  const setOpenTaskId = useCallback(
    (taskId: string | null) =>
      setSearchParams((params) => {
        const next = new URLSearchParams(params);
        if (taskId) next.set(CALL_PARAM, taskId);
        else next.delete(CALL_PARAM);
        return next;
      }),
    [setSearchParams],
  );
  const filters = useMemo(() => filtersFromSearchParams(searchParams), [searchParams]);
  const setFilters = useCallback(
    (next: CallsFilters) =>
      setSearchParams((params) => withFilters(params, next), { replace: true }),
    [setSearchParams],
  );

  return (
    <div className="grid grid-cols-1 gap-6">
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
        <CardContent className="grid grid-cols-1 gap-4">
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
