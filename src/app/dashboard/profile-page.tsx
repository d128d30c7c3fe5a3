import { StandalonePage } from '@/features/dashboard/components/standalone-page';
import { ProfilePanel } from './tab-panels';

export function ProfilePage() {
  return (
    <StandalonePage title="Profile">
      <ProfilePanel />
    </StandalonePage>
  );
}
