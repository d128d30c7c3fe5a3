import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Tables } from '@/lib/database.types';
import { supabase } from '@/lib/supabase';

/** Under the onboarding feature's prefix, so invalidating its queries reads the row again. */
export const kycQueryKey = (userId: string) => ['onboarding', userId, 'kyc'] as const;

export type KycStatus = Tables<'user_kyc'>['kyc_status'];

type KycRow = Pick<
  Tables<'user_kyc'>,
  'business_type' | 'legal_name' | 'address' | 'use_case' | 'phone' | 'phone_verified'
>;

/** The KYC row as the onboarding steps read it; a blank status counts as none. */
export type KycRecord = KycRow & { kyc_status: KycStatus | '' | null };

/** The user's KYC row, or null (a missing row counts as incomplete). */
export async function getKyc(userId: string): Promise<KycRecord | null> {
  const { data, error } = await supabase
    .from('user_kyc')
    .select('business_type, legal_name, address, use_case, kyc_status, phone, phone_verified')
    .eq('user_id', userId)
    .maybeSingle();
  if (error) throw error;
  return data;
}

export function kycQueryOptions(userId: string | null | undefined) {
  return queryOptions({
    queryKey: kycQueryKey(userId ?? ''),
    queryFn: () => getKyc(userId!),
    enabled: !!userId,
  });
}

export function useKyc(userId: string | null | undefined) {
  return useQuery(kycQueryOptions(userId));
}

/** Which onboarding step a KYC record calls for ('done': the account may go live). */
export function onboardingStep(kyc: KycRecord | null | undefined): 'kyc' | 'phone' | 'done' {
  if (!kyc || !kyc.kyc_status || kyc.kyc_status === 'incomplete') return 'kyc';
  if (!kyc.phone_verified) return 'phone';
  return 'done';
}
