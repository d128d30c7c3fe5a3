import { z } from 'zod';

/**
 * Length limits of `public.contact_requests` (supabase/migrations/20251121000500_contact_requests.sql).
 * The form refuses what the database would refuse, with a message instead of a server error.
 */
export const contactRequestLimits = {
  fullName: 200,
  email: 320,
  companyName: 200,
  phoneNumber: 40,
  role: 200,
  message: 5000,
} as const;

const PHONE_PATTERN = /^\+?[\d\s().-]{7,}$/;

const requiredText = (max: number, emptyMessage: string, tooLongMessage: string) =>
  z.string().trim().min(1, emptyMessage).max(max, tooLongMessage);

/** The 'Contact Enterprise Sales' form. Its fields and messages. */
export const contactRequestSchema = z.object({
  fullName: requiredText(
    contactRequestLimits.fullName,
    'Enter your full name.',
    'Keep your name under 200 characters.',
  ),
  email: z
    .string()
    .trim()
    .min(1, 'Enter your email address.')
    .max(contactRequestLimits.email, 'Enter a valid email address.')
    .pipe(z.email('Enter a valid email address.')),
  companyName: requiredText(
    contactRequestLimits.companyName,
    'Enter your company name.',
    'Keep the company name under 200 characters.',
  ),
  phoneNumber: z
    .string()
    .trim()
    .max(contactRequestLimits.phoneNumber, 'Enter a valid phone number.')
    .refine((value) => value === '' || PHONE_PATTERN.test(value), 'Enter a valid phone number.'),
  role: requiredText(
    contactRequestLimits.role,
    'Enter your job title.',
    'Keep the job title under 200 characters.',
  ),
  message: requiredText(
    contactRequestLimits.message,
    'Tell us how we can help.',
    'Keep your message under 5,000 characters.',
  ),
});

/** What the form holds (all strings; phoneNumber may be ''). */
export type ContactRequestInput = z.input<typeof contactRequestSchema>;
/** What the form submits after validation (trimmed). */
export type ContactRequestValues = z.output<typeof contactRequestSchema>;

export const emptyContactRequest: ContactRequestInput = {
  fullName: '',
  email: '',
  companyName: '',
  phoneNumber: '',
  role: '',
  message: '',
};
