import { BatchesPanel } from '@/features/batches/components/batches-panel';
import { StandalonePage } from './standalone-page';

export function BatchesPage() {
  return (
    <StandalonePage title="Batches">
      <BatchesPanel />
    </StandalonePage>
  );
}
