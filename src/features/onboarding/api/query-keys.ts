import { kycQueryKey } from '@/lib/kyc';

/** Query keys of the onboarding feature; invalidate by prefix (`onboardingKeys.user(id)`). */
export const onboardingKeys = {
  all: ['onboarding'] as const,
  user: (userId: string) => [...onboardingKeys.all, userId] as const,
  kyc: kycQueryKey,
  gettingStarted: (userId: string) => [...onboardingKeys.user(userId), 'getting-started'] as const,
};
