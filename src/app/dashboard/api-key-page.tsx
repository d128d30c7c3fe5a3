import { StandalonePage } from '@/features/dashboard/components/standalone-page';
import { ApiKeyPanel } from './tab-panels';

export function ApiKeyPage() {
  return (
    <StandalonePage title="API Keys">
      <ApiKeyPanel />
    </StandalonePage>
  );
}
