import { z } from 'zod';

/** The attestation form: a basis, its exemption when it is one, and the owner's confirmation. */
export const attestationFormSchema = z
  .object({
    basis: z.enum(['prior_express_consent', 'prior_express_written_consent', 'exemption'], {
      error: 'Choose the basis your live calls rest on.',
    }),
    exemption: z.string(),
    confirmed: z.literal(true, { error: 'Confirm that this is true of every number you call.' }),
  })
  .superRefine((value, ctx) => {
    if (value.basis === 'exemption' && !value.exemption)
      ctx.addIssue({ code: 'custom', path: ['exemption'], message: 'Choose the exemption.' });
  });

export type AttestationForm = z.input<typeof attestationFormSchema>;
