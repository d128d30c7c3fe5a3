import { StandalonePage } from '@/features/dashboard/components/standalone-page';
import { PhoneAgentSettingsPanel } from './tab-panels';

export function PhoneAgentSettingsPage() {
  return (
    <StandalonePage title="Phone Agent Settings">
      <PhoneAgentSettingsPanel />
    </StandalonePage>
  );
}
