import { NumbersCard } from '@/features/numbers/components/numbers-card';
import { StandalonePage } from '@/features/dashboard/components/standalone-page';

/** The account's own numbers: buy, bring, verify, release, and the default its live calls show. */
export function NumbersPage() {
  return (
    <StandalonePage title="Numbers">
      <NumbersCard />
    </StandalonePage>
  );
}
