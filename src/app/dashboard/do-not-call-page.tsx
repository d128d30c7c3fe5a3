import { ModeSwitch } from '@/features/calls/components/mode-switch';
import { DoNotCallCard } from '@/features/do-not-call/components/do-not-call-card';
import { StandalonePage } from '@/features/dashboard/components/standalone-page';

/** The do-not-call list of the mode the Test / Live switch chose (each mode has its own). */
export function DoNotCallPage() {
  return (
    <StandalonePage title="Do Not Call">
      <div className="grid grid-cols-1 gap-6">
        <ModeSwitch />
        <DoNotCallCard />
      </div>
    </StandalonePage>
  );
}
