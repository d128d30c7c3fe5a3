import { StandalonePage } from './standalone-page';
import { ApiKeyPanel } from './tab-panels';

export function ApiKeyPage() {
  return (
    <StandalonePage title="API Keys">
      <ApiKeyPanel />
    </StandalonePage>
  );
}
