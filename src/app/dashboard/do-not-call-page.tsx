import { DoNotCallCard } from '@/features/do-not-call/components/do-not-call-card';
import { StandalonePage } from '@/features/dashboard/components/standalone-page';

export function DoNotCallPage() {
  return (
    <StandalonePage title="Do Not Call">
      <DoNotCallCard />
    </StandalonePage>
  );
}
