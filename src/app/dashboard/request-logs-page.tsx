import { StandalonePage } from '@/features/dashboard/components/standalone-page';
import { RequestLogsPanel } from '@/features/request-logs/components/request-logs-panel';

export function RequestLogsPage() {
  return (
    <StandalonePage title="Request logs">
      <RequestLogsPanel />
    </StandalonePage>
  );
}
