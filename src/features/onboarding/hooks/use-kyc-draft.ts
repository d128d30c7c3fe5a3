import { KYC_DRAFT_STORAGE_KEY } from '@/config/constants';
import { emptyKyc, type KycInput } from '../api/kyc-schema';

/** The KYC draft in localStorage: the four text fields, kept while typing. */
export const kycDraft = {
  read(): KycInput | null {
    try {
      const raw = window.localStorage.getItem(KYC_DRAFT_STORAGE_KEY);
      if (!raw) return null;
      const parsed = JSON.parse(raw) as Partial<Record<keyof KycInput, unknown>>;
      const text = (v: unknown) => (typeof v === 'string' ? v : '');
      return {
        business_type: text(parsed.business_type),
        legal_name: text(parsed.legal_name),
        address: text(parsed.address),
        use_case: text(parsed.use_case),
      };
    } catch {
      return null;
    }
  },
  write(values: KycInput) {
    try {
      window.localStorage.setItem(
        KYC_DRAFT_STORAGE_KEY,
        JSON.stringify({ ...emptyKyc, ...values }),
      );
    } catch {
      // Storage full or blocked: the draft is a convenience.
    }
  },
  clear() {
    try {
      window.localStorage.removeItem(KYC_DRAFT_STORAGE_KEY);
    } catch {
      // As above.
    }
  },
};
