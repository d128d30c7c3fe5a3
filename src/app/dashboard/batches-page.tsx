import { BatchesPanel } from '@/features/batches/components/batches-panel';
import { ModeSwitch } from '@/features/calls/components/mode-switch';
import { StandalonePage } from '@/features/dashboard/components/standalone-page';

/** Batches, listed in the mode the Test / Live switch chose (a test batch never among live ones). */
export function BatchesPage() {
  return (
    <StandalonePage title="Batches">
      <div className="grid grid-cols-1 gap-6">
        <ModeSwitch />
        <BatchesPanel />
      </div>
    </StandalonePage>
  );
}
