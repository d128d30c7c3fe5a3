import { BatchesPanel } from '@/features/batches/components/batches-panel';
import { StandalonePage } from '@/features/dashboard/components/standalone-page';

/** Batches, listed in the mode the header's Test / Live switch chose (a test batch never among live ones). */
export function BatchesPage() {
  return (
    <StandalonePage title="Batches">
      <BatchesPanel />
    </StandalonePage>
  );
}
