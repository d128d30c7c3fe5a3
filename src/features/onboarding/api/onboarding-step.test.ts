import { describe, expect, it } from 'vitest';
import { onboardingStep, type KycRecord } from '@/lib/kyc';

const record = (fields: Partial<KycRecord>): KycRecord => ({
  business_type: 'business',
  legal_name: 'Acme Dental LLC',
  address: '1 Main Street, Springfield',
  use_case: 'Appointment reminders',
  kyc_status: 'pending',
  phone: null,
  phone_verified: false,
  ...fields,
});

describe('which onboarding step the dashboard shows', () => {
  it.each([
    ['no KYC row', null, 'kyc'],
    ['an empty status', record({ kyc_status: '' }), 'kyc'],
    ['no status', record({ kyc_status: null }), 'kyc'],
    ['an incomplete record', record({ kyc_status: 'incomplete' }), 'kyc'],
    ['pending, phone not verified', record({ kyc_status: 'pending' }), 'phone'],
    ['complete, phone not verified', record({ kyc_status: 'complete' }), 'phone'],
    [
      'pending with a verified phone',
      record({ kyc_status: 'pending', phone: '+14155550100', phone_verified: true }),
      'done',
    ],
    [
      'complete with a verified phone',
      record({ kyc_status: 'complete', phone: '+14155550100', phone_verified: true }),
      'done',
    ],
  ] as const)('%s → %s', (_case, kyc, step) => {
    expect(onboardingStep(kyc)).toBe(step);
  });
});
