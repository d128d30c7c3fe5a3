/** An error Stripe's API answers: HTTP status, `type`, message, and the `param` and `code` it names. */
export class StripeApiError extends Error {
  constructor(
    readonly status: number,
    readonly type: string,
    message: string,
    readonly param?: string,
    readonly code?: string,
  ) {
    super(message);
  }
}

/** Stripe's error body for an ApiError, with the request's log URL as Stripe gives it. */
export function stripeErrorBody(error: StripeApiError, requestLogUrl: string) {
  return {
    error: {
      type: error.type,
      message: error.message,
      ...(error.param ? { param: error.param } : {}),
      ...(error.code ? { code: error.code } : {}),
      request_log_url: requestLogUrl,
    },
  };
}
