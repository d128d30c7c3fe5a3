import { z } from 'zod';
import { businessNameProblem } from '@contract/business-name.ts';

/** Length limits of public.user_kyc, so the form refuses what the database would. */
export const kycLimits = { legalName: 200, address: 500, useCase: 2000 } as const;

export const businessTypes = [
  { value: 'business', label: 'Business' },
  { value: 'individual_developer', label: 'Individual Developer' },
] as const;

export type BusinessType = (typeof businessTypes)[number]['value'];

/** P.O. boxes in any spelling: "PO Box", "P.O. Box", "p. o. box", "POBOX". */
export const PO_BOX_PATTERN = /\bp\s*\.?\s*o\s*\.?\s*box\b/i;

/**
 * The KYC form; the product's messages (docs/product-rules.md#accounts-and-onboarding) are the
 * schema's.
 */
export const kycSchema = z.object({
  business_type: z
    .string()
    .refine(
      (v): v is BusinessType => businessTypes.some((t) => t.value === v),
      'Please select type.',
    ),
  legal_name: z
    .string()
    .trim()
    .min(1, 'Enter legal name.')
    .max(kycLimits.legalName, 'Keep the legal name under 200 characters.')
    // Calls speak the legal name in their opening: the database holds it to the same rules.
    .superRefine((name, context) => {
      const problem = name ? businessNameProblem(name) : null;
      if (problem) context.addIssue({ code: 'custom', message: problem });
    }),
  address: z
    .string()
    .trim()
    .min(1, 'Address required.')
    .max(kycLimits.address, 'Keep the address under 500 characters.')
    .refine((v) => !PO_BOX_PATTERN.test(v), 'No P.O. boxes allowed!'),
  use_case: z
    .string()
    .trim()
    .min(1, 'Describe use case.')
    .max(kycLimits.useCase, 'Keep the use case under 2,000 characters.'),
});

export type KycInput = z.input<typeof kycSchema>;
export type KycValues = z.output<typeof kycSchema>;

export const emptyKyc: KycInput = { business_type: '', legal_name: '', address: '', use_case: '' };
