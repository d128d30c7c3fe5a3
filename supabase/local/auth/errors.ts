/**
 * GoTrue's error: an HTTP status, a machine-readable `code` (auth-js reads it as `error.code`)
 * and a message for people.
 */
export class AuthError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

export const API_VERSION = '2024-01-01';

/**
 * GoTrue's two error shapes: clients that send `X-Supabase-Api-Version: 2024-01-01` (auth-js does)
 * get `{ code, message }`; older clients get `{ code: <status>, error_code, msg }`.
 */
export function errorBody(error: AuthError, requestApiVersion: string | undefined) {
  if (requestApiVersion && requestApiVersion >= API_VERSION) {
    return { code: error.code, message: error.message, ...error.extra };
  }
  return { code: error.status, error_code: error.code, msg: error.message, ...error.extra };
}

export const errors = {
  badJson: () => new AuthError(400, 'bad_json', 'Could not parse request body as JSON'),
  validation: (message: string) => new AuthError(400, 'validation_failed', message),
  invalidCredentials: () => new AuthError(400, 'invalid_credentials', 'Invalid login credentials'),
  emailNotConfirmed: () => new AuthError(400, 'email_not_confirmed', 'Email not confirmed'),
  weakPassword: (min: number) =>
    new AuthError(422, 'weak_password', `Password should be at least ${min} characters.`, {
      weak_password: { reasons: ['length'] },
    }),
  userAlreadyExists: () => new AuthError(422, 'user_already_exists', 'User already registered'),
  emailExists: () =>
    new AuthError(
      422,
      'email_exists',
      'A user with this email address has already been registered',
    ),
  signupDisabled: () =>
    new AuthError(422, 'signup_disabled', 'Signups not allowed for this instance'),
  noAuthorization: () =>
    new AuthError(401, 'no_authorization', 'This endpoint requires a Bearer token'),
  badJwt: (detail: string) =>
    new AuthError(403, 'bad_jwt', `invalid JWT: unable to parse or verify signature, ${detail}`),
  /** GoTrue's answer to a valid token that names no user (the anon role token of an API key). */
  missingSub: () => new AuthError(403, 'bad_jwt', 'invalid claim: missing sub claim'),
  notAdmin: () => new AuthError(403, 'not_admin', 'User not allowed'),
  sessionNotFound: () =>
    new AuthError(403, 'session_not_found', 'Session from session_id claim in JWT does not exist'),
  userNotFound: () => new AuthError(404, 'user_not_found', 'User not found'),
  refreshTokenNotFound: () =>
    new AuthError(400, 'refresh_token_not_found', 'Invalid Refresh Token: Refresh Token Not Found'),
  refreshTokenAlreadyUsed: () =>
    new AuthError(400, 'refresh_token_already_used', 'Invalid Refresh Token: Already Used'),
  /** GoTrue's IsBanned check: 400 on the password and refresh grants, 403 on /verify. */
  userBanned: (status: 400 | 403, message = 'User is banned') =>
    new AuthError(status, 'user_banned', message),
  otpExpired: () => new AuthError(403, 'otp_expired', 'Token has expired or is invalid'),
  // GoTrue files an unknown grant under invalid_credentials.
  unsupportedGrant: () => new AuthError(400, 'invalid_credentials', 'unsupported_grant_type'),
  anonymousProviderDisabled: () =>
    new AuthError(422, 'anonymous_provider_disabled', 'Anonymous sign-ins are disabled'),
  phoneProviderDisabled: (status: 400 | 422, message: string) =>
    new AuthError(status, 'phone_provider_disabled', message),
  emailNotConfirmedForReauthentication: () =>
    new AuthError(422, 'email_not_confirmed', 'Please verify your email first.'),
  badPagination: (detail: string) =>
    new AuthError(400, 'validation_failed', `Bad Pagination Parameters: ${detail}`),
  overRequestRateLimit: () =>
    new AuthError(429, 'over_request_rate_limit', 'Request rate limit reached'),
  overEmailSendRateLimit: (seconds?: number) =>
    new AuthError(
      429,
      'over_email_send_rate_limit',
      seconds
        ? `For security purposes, you can only request this after ${seconds} seconds.`
        : 'email rate limit exceeded',
    ),
  notFound: () => new AuthError(404, 'not_found', 'Not Found'),
  methodNotAllowed: () => new AuthError(405, 'method_not_allowed', 'Method Not Allowed'),
  requestTooLarge: () => new AuthError(413, 'request_too_large', 'Request body too large'),
};
