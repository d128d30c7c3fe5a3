import { z } from 'zod';

const usNumber = z
  .string()
  .trim()
  .regex(/^\+1[2-9][0-9]{2}[2-9][0-9]{6}$/, 'Enter a US number in E.164, like +14155550123.');
const label = z
  .string()
  .trim()
  .max(60, 'At most 60 characters.')
  .transform((value) => value || undefined);

/** The Numbers page's "Add a number" form: buy one, bring one from Twilio, or verify a caller ID. */
export const addNumberFormSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('purchase'),
    area_code: z
      .string()
      .trim()
      .regex(/^([2-9][0-9]{2})?$/, 'Three digits, like 415, or leave it empty.')
      .transform((value) => value || undefined),
    label,
  }),
  z.object({
    type: z.literal('twilio'),
    phone_number: usNumber,
    twilio_account_sid: z
      .string()
      .trim()
      .regex(/^AC[0-9a-fA-F]{32}$/, 'Your Account SID: AC and 32 hex digits.'),
    twilio_auth_token: z.string().trim().min(1, 'Enter the Auth Token.'),
    label,
  }),
  z.object({ type: z.literal('caller_id'), phone_number: usNumber, label }),
]);

export type AddNumberForm = z.input<typeof addNumberFormSchema>;
export type AddNumberRequest = z.output<typeof addNumberFormSchema>;

export const verifyCodeSchema = z.object({
  code: z
    .string()
    .trim()
    .regex(/^[0-9]{6}$/, 'The 6 digits of the text message.'),
});
