import { DoNotCallCard } from '@/features/do-not-call/components/do-not-call-card';
import { StandalonePage } from '@/features/dashboard/components/standalone-page';

/** The do-not-call list of the mode the header's Test / Live switch chose (each mode has its own). */
export function DoNotCallPage() {
  return (
    <StandalonePage title="Do Not Call">
      <DoNotCallCard />
    </StandalonePage>
  );
}
