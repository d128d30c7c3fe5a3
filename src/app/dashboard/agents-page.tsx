import { AgentsCard } from '@/features/agents/components/agents-card';
import { StandalonePage } from '@/features/dashboard/components/standalone-page';

/** The account's agents: their fields and versions, documents and test suites. */
export function AgentsPage() {
  return (
    <StandalonePage title="Agents">
      <AgentsCard />
    </StandalonePage>
  );
}
