import { ProfileCard } from './profile-card';
import { StandalonePage } from './standalone-page';

export function ProfilePage() {
  return (
    <StandalonePage title="Profile">
      <ProfileCard />
    </StandalonePage>
  );
}
