import { ApiError } from '@/lib/api/api-error';

export type CallErrorAction = 'billing' | 'verify-phone' | 'kyc';

export type CallErrorView = { title: string; message: string; action?: CallErrorAction };

/** What to tell the user when the call API refuses a request (docs/product-rules.md#api-errors). */
export function describeCallError(error: unknown): CallErrorView {
  if (!(error instanceof ApiError))
    return {
      title: 'Could not place the call',
      message: 'Something went wrong. Check your connection and try again.',
    };
  switch (error.code) {
    case 'insufficient_credits':
      return { title: 'Not enough credits', message: error.message, action: 'billing' };
    case 'kyc_required':
      return {
        title: 'Finish your business verification first',
        message:
          'Calls need your business details (KYC). Complete them in the dashboard, then try again.',
        action: 'kyc',
      };
    case 'phone_verification_required':
      return {
        title: 'Verify your phone number first',
        message: 'Calls need a verified phone number on your account.',
        action: 'verify-phone',
      };
    case 'unauthorized':
      return {
        title: 'Your session has ended',
        message: 'Sign in again to place and follow calls.',
      };
    case 'rate_limited':
      return {
        title: 'Too many calls right now',
        message: error.retryAfter
          ? `${error.message} You can try again in ${error.retryAfter} seconds.`
          : error.message,
      };
    case 'invalid_request':
      return { title: 'Check the form', message: error.message };
    case 'number_not_allowed':
      return { title: 'This number cannot be called', message: error.message };
    case 'do_not_call':
      return { title: 'This number is on your do-not-call list', message: error.message };
    default:
      return { title: 'Could not place the call', message: error.message };
  }
}
