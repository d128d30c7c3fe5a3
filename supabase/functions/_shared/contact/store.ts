import type { SubmitOutcome } from './handler.ts';
import type { ContactSubmission } from './submission.ts';

type PostgrestError = { code?: string; message?: string };

/**
 * Stores a submission through PostgREST's RPC endpoint with the service role key:
 * public.submit_contact_request counts and inserts in one transaction.
 */
export function submitThroughPostgrest(
  supabaseUrl: string,
  serviceRoleKey: string,
  fetchImpl: typeof fetch = fetch,
) {
  return async function submit(
    submission: ContactSubmission,
    clientIp: string,
  ): Promise<SubmitOutcome> {
    const response = await fetchImpl(`${supabaseUrl}/rest/v1/rpc/submit_contact_request`, {
      method: 'POST',
      headers: {
        apikey: serviceRoleKey,
        Authorization: `Bearer ${serviceRoleKey}`,
        'Content-Type': 'application/json',
      },
      body: JSON.stringify({
        client_ip: clientIp,
        full_name: submission.fullName,
        email: submission.email,
        company_name: submission.companyName,
        phone_number: submission.phoneNumber,
        role: submission.role,
        message: submission.message,
      }),
    });
    if (response.ok) {
      await response.body?.cancel();
      return 'stored';
    }
    const failure = (await response.json().catch(() => ({}))) as PostgrestError;
    const message = failure.message ?? '';
    if (failure.code === 'P0001' && message.startsWith('rate_limited')) return 'rate_limited';
    if (failure.code === 'P0001' && message.startsWith('contact_requests_busy')) return 'busy';
    if (failure.code?.startsWith('23') || failure.code?.startsWith('22')) return 'rejected';
    throw new Error(`submit_contact_request: HTTP ${response.status} ${JSON.stringify(failure)}`);
  };
}
