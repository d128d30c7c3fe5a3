import { CallsPanel } from '@/features/calls/components/calls-panel';
import { StandalonePage } from '@/features/dashboard/components/standalone-page';

export function CallsPage() {
  return (
    <StandalonePage title="Calls">
      <CallsPanel />
    </StandalonePage>
  );
}
