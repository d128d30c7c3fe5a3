import { useCallback, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogHeader,
  DialogTitle,
} from '@/components/ui/dialog';
import { FREE_MINUTES, PRICE_PER_MINUTE_LABEL } from '@/config/constants';
import { useDashboardMode } from '@/lib/api/dashboard-mode';
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
 * The Calls tab (and /calls): the list of calls first, a button that opens the form to place one
 * (in the header's mode: a free simulated call in test, a billed one in live), and a call's
 * details with its live transcript. A call placed here opens at once, so its transcript is seen
 * as it is said.
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

  const livemode = useDashboardMode() === 'live';
  const [placing, setPlacing] = useState(false);
  const placeTitle = livemode ? 'Place a live call' : 'Place a test call';

  return (
    <div className="grid grid-cols-1 gap-6">
      <Card>
        <CardHeader row>
          <div className="grid gap-1.5">
            <CardTitle>Calls</CardTitle>
            <CardDescription>
              Every {livemode ? 'live' : 'test'} call of your account, newest first.
            </CardDescription>
          </div>
          <Button onClick={() => setPlacing(true)}>
            {livemode ? `${placeTitle} · ${PRICE_PER_MINUTE_LABEL}` : placeTitle}
          </Button>
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
      <Dialog open={placing} onOpenChange={setPlacing}>
        <DialogContent className="sm:max-w-2xl">
          <DialogHeader>
            <DialogTitle>{placeTitle}</DialogTitle>
            <DialogDescription>
              Our AI agent calls the number and pursues the goal; you see the transcript as it
              happens.{' '}
              {livemode
                ? `A real call, billed ${PRICE_PER_MINUTE_LABEL} after your first ${FREE_MINUTES} free minutes.`
                : 'Free: it goes to the simulated phone network, never to a real phone, at any hour.'}
            </DialogDescription>
          </DialogHeader>
          <PlaceTestCallForm
            onPlaced={(taskId) => {
              setPlacing(false);
              setOpenTaskId(taskId);
            }}
          />
        </DialogContent>
      </Dialog>
      <CallDetailDialog taskId={openTaskId} onClose={() => setOpenTaskId(null)} />
    </div>
  );
}
