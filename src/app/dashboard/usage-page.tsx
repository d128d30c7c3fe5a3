import { StandalonePage } from '@/features/dashboard/components/standalone-page';
import { UsagePanel } from './tab-panels';

export function UsagePage() {
  return (
    <StandalonePage title="Usage">
      <UsagePanel />
    </StandalonePage>
  );
}
