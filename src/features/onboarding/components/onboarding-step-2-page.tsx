import { PhoneVerificationScreen } from './phone-verification-screen';

/** /onboarding-step-2 (protected): phone verification as a page, ending on /dashboard. */
export function OnboardingStep2Page() {
  return <PhoneVerificationScreen eyebrow="Step 2" />;
}
