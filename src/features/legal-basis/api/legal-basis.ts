import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';

/** The default legal bases an account can attest to for its live calls. */
export const ATTESTABLE_BASES = [
  {
    value: 'prior_express_consent',
    label: 'Prior express consent',
    hint: 'Everyone we call gave us their number and agreed to be called (informational calls).',
  },
  {
    value: 'prior_express_written_consent',
    label: 'Prior express written consent',
    hint: 'Everyone we call signed an agreement naming our business (needed for marketing calls).',
  },
  {
    value: 'exemption',
    label: 'An exemption the law names',
    hint: 'Emergency, healthcare, financial alerts or package delivery notices, free to the callee.',
  },
] as const;

export const EXEMPTIONS = [
  { value: 'emergency', label: 'Emergency purpose' },
  { value: 'healthcare', label: 'Healthcare message (HIPAA covered entity)' },
  { value: 'financial_alert', label: 'Fraud or transaction alert (financial institution)' },
  { value: 'package_delivery', label: 'Package delivery notice' },
] as const;

export type AttestedBasis = (typeof ATTESTABLE_BASES)[number]['value'] | 'withdrawn';
export type Exemption = (typeof EXEMPTIONS)[number]['value'];

/** One attestation record (public.legal_basis_attestations), in our words. */
export type Attestation = {
  id: number;
  basis: AttestedBasis;
  exemption: Exemption | null;
  statement: string;
  attested_via: 'dashboard' | 'api';
  attested_at: string;
};

export const legalBasisKeys = {
  all: ['legal-basis'] as const,
  user: (userId: string) => [...legalBasisKeys.all, userId] as const,
};

/** The account's attestations, newest first (RLS: the caller's only). */
export async function listAttestations(): Promise<Attestation[]> {
  const { data, error } = await supabase
    .from('legal_basis_attestations')
    .select('id, basis, exemption, statement, attested_via, attested_at')
    .order('id', { ascending: false })
    .limit(20);
  if (error) throw new Error("Your legal basis couldn't be loaded. Please try again.");
  return (data ?? []) as Attestation[];
}

export function useAttestations(userId: string | null | undefined) {
  return useQuery(
    queryOptions({
      queryKey: legalBasisKeys.user(userId ?? ''),
      queryFn: listAttestations,
      enabled: !!userId,
    }),
  );
}

/** The current default: the newest attestation unless it withdrew the default. */
export const currentAttestation = (history: Attestation[] | undefined) =>
  history?.[0] && history[0].basis !== 'withdrawn' ? history[0] : null;

/** Attests (or withdraws) the account's default basis: the words are the database's own. */
export async function attestLegalBasis(input: {
  basis: AttestedBasis;
  exemption?: Exemption | null;
}): Promise<void> {
  const { data, error } = await supabase.rpc('attest_legal_basis', {
    p_basis: input.basis,
    ...(input.basis === 'exemption' && input.exemption ? { p_exemption: input.exemption } : {}),
  });
  if (error || (data && typeof data === 'object' && 'error' in data))
    throw new Error("The attestation couldn't be saved. Please try again.");
}

export function useAttestLegalBasis(userId: string | null | undefined) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: attestLegalBasis,
    onSettled: () =>
      userId ? queryClient.invalidateQueries({ queryKey: legalBasisKeys.user(userId) }) : undefined,
  });
}
