import { DashboardPage } from '@/app/dashboard/dashboard-page';
import { OnboardingDialogs } from '@/features/onboarding/components/onboarding-dialogs';

/** /dashboard: the dashboard shell with the onboarding dialogs in its slot (KYC, then phone). */
export function DashboardRoute() {
  return <DashboardPage onboardingDialogs={<OnboardingDialogs />} />;
}
