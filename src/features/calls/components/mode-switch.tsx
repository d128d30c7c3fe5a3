import { useQueryClient } from '@tanstack/react-query';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { setDashboardMode, useDashboardMode, type DashboardMode } from '@/lib/api/dashboard-mode';

const MODES: { value: DashboardMode; label: string }[] = [
  { value: 'test', label: 'Test' },
  { value: 'live', label: 'Live' },
];

/**
 * The Test / Live switch (as Stripe's): which calls the lists show and where a call placed here
 * goes. Test mode uses the test key set (dw_test_…): the simulated network, free, at any hour.
 */
export function ModeSwitch() {
  const mode = useDashboardMode();
  const queryClient = useQueryClient();
  const choose = (next: DashboardMode) => {
    if (next === mode) return;
    setDashboardMode(next);
    // Every list read so far belongs to the other mode.
    void queryClient.invalidateQueries();
  };
  return (
    <div className="flex flex-wrap items-center gap-3">
      <div role="group" aria-label="Mode" className="inline-flex rounded-md border p-0.5">
        {MODES.map(({ value, label }) => (
          <Button
            key={value}
            type="button"
            size="sm"
            variant={mode === value ? 'default' : 'ghost'}
            aria-pressed={mode === value}
            onClick={() => choose(value)}
          >
            {label}
          </Button>
        ))}
      </div>
      {mode === 'test' ? (
        <p className="text-sm text-muted-foreground">
          <Badge variant="secondary">Test mode</Badge> Test key set (dw_test_…): calls go to the
          simulated phone network, free, and ring at any hour.
        </p>
      ) : (
        <p className="text-sm text-muted-foreground">
          Live key set (dw_live_…): real calls, billed.
        </p>
      )}
    </div>
  );
}
