import { CONTACT_REQUEST_LIMITS, type ContactRequestInput } from '@contract/contact-request.ts';

/** The 'Contact Enterprise Sales' form's rules: the contact-request function checks the same. */
export {
  contactRequestSchema,
  type ContactRequestInput,
  type ContactRequestValues,
} from '@contract/contact-request.ts';

/** Length limits of `public.contact_requests`; the form refuses what the database would. */
export const contactRequestLimits = CONTACT_REQUEST_LIMITS;

export const emptyContactRequest: ContactRequestInput = {
  fullName: '',
  email: '',
  companyName: '',
  phoneNumber: '',
  role: '',
  message: '',
};
