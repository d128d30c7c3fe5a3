import { type Db } from '../db.ts';
import type { SubmitOutcome } from './handler.ts';
import type { ContactSubmission } from './submission.ts';

/**
 * Stores a submission with the service role: public.submit_contact_request counts and inserts in
 * one transaction, and raises `rate_limited` / `contact_requests_busy` (P0001) at its limits.
 */
export function submitContactRequest(db: Db) {
  return async function submit(
    submission: ContactSubmission,
    clientIp: string,
    senderUserId: string | null,
  ): Promise<SubmitOutcome> {
    const { error } = await db.rpc('submit_contact_request', {
      client_ip: clientIp,
      full_name: submission.fullName,
      email: submission.email,
      company_name: submission.companyName,
      phone_number: submission.phoneNumber,
      role: submission.role,
      message: submission.message,
      sender_user_id: senderUserId,
    });
    if (!error) return 'stored';
    const message = error.message ?? '';
    if (error.code === 'P0001' && message.startsWith('rate_limited')) return 'rate_limited';
    if (error.code === 'P0001' && message.startsWith('contact_requests_busy')) return 'busy';
    if (error.code?.startsWith('23') || error.code?.startsWith('22')) return 'rejected';
    throw new Error(`submit_contact_request: ${error.code ?? ''} ${message}`);
  };
}
