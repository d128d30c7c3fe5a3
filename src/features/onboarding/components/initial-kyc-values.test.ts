import { afterEach, describe, expect, it } from 'vitest';
import { KYC_DRAFT_STORAGE_KEY } from '@/config/constants';
import type { KycRecord } from '@/lib/kyc';
import { initialKycValues } from './kyc-dialog';

const draft = {
  business_type: 'individual_developer',
  legal_name: 'Draft Name',
  address: '2 Draft Road',
  use_case: 'Typed before a reload',
};

afterEach(() => window.localStorage.clear());

describe('what the KYC form starts with', () => {
  it('restores the draft kept while typing', () => {
    window.localStorage.setItem(KYC_DRAFT_STORAGE_KEY, JSON.stringify(draft));
    expect(initialKycValues(null)).toEqual(draft);
  });

  it('prefers a saved record over the draft', () => {
    window.localStorage.setItem(KYC_DRAFT_STORAGE_KEY, JSON.stringify(draft));
    const saved: KycRecord = {
      business_type: 'business',
      legal_name: 'Acme Dental LLC',
      address: '1 Main Street, Springfield',
      use_case: 'Appointment reminders',
      kyc_status: 'incomplete',
      phone: null,
      phone_verified: false,
    };
    expect(initialKycValues(saved)).toEqual({
      business_type: 'business',
      legal_name: 'Acme Dental LLC',
      address: '1 Main Street, Springfield',
      use_case: 'Appointment reminders',
    });
  });

  it('starts empty with neither, and ignores a draft that is not JSON', () => {
    expect(initialKycValues(null)).toEqual({
      business_type: '',
      legal_name: '',
      address: '',
      use_case: '',
    });
    window.localStorage.setItem(KYC_DRAFT_STORAGE_KEY, '{not json');
    expect(initialKycValues(undefined).legal_name).toBe('');
  });
});
