import { AuthError } from './errors';

/**
 * GoTrue features this auth server does not have. Each answers as GoTrue answers with the feature
 * switched off (its error code and status, from the middleware or handler that checks the
 * switch), so a client sees "disabled" rather than an unknown route. `after` says what GoTrue
 * checks first: a signed-in user (`requireAuthentication`) or the service role
 * (`requireAdminCredentials`).
 */
export type DisabledFeature = { error: AuthError; after: 'nothing' | 'user' | 'admin' };

const disabled = (
  status: number,
  code: string,
  message: string,
  after: DisabledFeature['after'] = 'nothing',
): DisabledFeature => ({ error: new AuthError(status, code, message), after });

const under = (path: string, prefix: string) => path === prefix || path.startsWith(`${prefix}/`);

/** The OAuth providers GoTrue knows; any of them is "not enabled" here, others unknown. */
export const OAUTH_PROVIDERS = [
  'apple',
  'azure',
  'bitbucket',
  'discord',
  'facebook',
  'snapchat',
  'figma',
  'fly',
  'github',
  'gitlab',
  'google',
  'keycloak',
  'kakao',
  'linkedin',
  'linkedin_oidc',
  'notion',
  'spotify',
  'slack',
  'slack_oidc',
  'workos',
  'twitch',
  'twitter',
  'zoom',
];

/** Answers decided by the path alone (the body is not needed). */
export function disabledFeatureByPath(
  method: string,
  path: string,
  url: URL,
): DisabledFeature | null {
  // requirePasskeyEnabled, on the whole /passkeys route.
  if (under(path, '/passkeys')) return disabled(404, 'passkey_disabled', 'Passkeys are disabled');
  // requireSAMLEnabled, on the whole /sso route.
  if (under(path, '/sso')) return disabled(404, 'saml_provider_disabled', 'SAML 2.0 is disabled');
  // requireOAuthServerEnabled: Supabase Auth as an OAuth 2.1 server.
  const oauthServerOff = 'OAuth server is disabled';
  if (under(path, '/oauth') || path === '/.well-known/oauth-authorization-server')
    return disabled(404, 'feature_disabled', oauthServerOff);
  if (under(path, '/user/oauth/grants'))
    return disabled(404, 'feature_disabled', oauthServerOff, 'user');
  if (under(path, '/admin/oauth'))
    return disabled(404, 'feature_disabled', oauthServerOff, 'admin');
  if (under(path, '/admin/custom-providers'))
    return disabled(404, 'feature_disabled', 'Custom OAuth providers are disabled', 'admin');
  // requireManualLinkingEnabled: linking and unlinking identities.
  if (under(path, '/user/identities'))
    return disabled(404, 'manual_linking_disabled', 'Manual linking is disabled', 'user');
  if (under(path, '/scim/v2')) return disabled(404, 'feature_disabled', 'SCIM server is disabled');
  // MFA: no factor is ever enrolled, so loadFactor finds none.
  if (/^\/factors\/[^/]+(\/(verify|challenge))?$/.test(path))
    return disabled(404, 'mfa_factor_not_found', 'Factor not found', 'user');
  if (/^\/admin\/users\/[^/]+\/factors\/[^/]+$/.test(path))
    return disabled(404, 'mfa_factor_not_found', 'Factor not found', 'admin');
  // External OAuth sign-in (GetExternalProviderRedirectURL): no provider is configured.
  if (method === 'GET' && path === '/authorize') {
    const provider = (url.searchParams.get('provider') ?? '').toLowerCase();
    const reason = OAUTH_PROVIDERS.includes(provider)
      ? 'provider is not enabled'
      : `Provider ${provider} could not be found`;
    return disabled(400, 'validation_failed', `Unsupported provider: ${reason}`);
  }
  return null;
}

/** POST /factors (EnrollFactor): every factor type's enrolment is switched off. */
export function mfaEnrollDisabled(factorType: unknown): AuthError {
  const names: Record<string, [string, string]> = {
    totp: ['mfa_totp_enroll_not_enabled', 'TOTP'],
    phone: ['mfa_phone_enroll_not_enabled', 'Phone'],
    webauthn: ['mfa_webauthn_enroll_not_enabled', 'WebAuthn'],
  };
  const known = typeof factorType === 'string' ? names[factorType] : undefined;
  if (!known) {
    return new AuthError(
      400,
      'validation_failed',
      'factor_type needs to be totp, phone, or webauthn',
    );
  }
  return new AuthError(422, known[0], `MFA enroll is disabled for ${known[1]}`);
}

/** POST /otp and /magiclink: passwordless e-mail links and phone codes are switched off. */
export function otpDisabled(body: Record<string, unknown>): AuthError {
  if (body.email && body.phone) {
    return new AuthError(
      400,
      'validation_failed',
      'Only an email address or phone number should be provided',
    );
  }
  if (body.phone)
    return new AuthError(400, 'phone_provider_disabled', 'Unsupported phone provider');
  if (!body.email)
    return new AuthError(400, 'validation_failed', 'One of email or phone must be set');
  return new AuthError(422, 'email_provider_disabled', 'Login with magic link is disabled');
}

/** POST /token with a grant this server lacks (Web3, ID tokens of OAuth providers, PKCE codes). */
export function grantDisabled(grant: string, body: Record<string, unknown>): AuthError | null {
  if (grant === 'web3')
    return new AuthError(422, 'web3_provider_disabled', 'Web3 provider is disabled');
  if (grant === 'id_token') {
    const issuer = String(body.issuer ?? body.provider ?? '');
    return new AuthError(400, 'provider_disabled', `Provider (issuer "${issuer}") is not enabled`);
  }
  if (grant === 'pkce') {
    if (!body.auth_code || !body.code_verifier) {
      return new AuthError(
        400,
        'validation_failed',
        'invalid request: both auth code and code verifier should be non-empty',
      );
    }
    // No sign-in here starts a PKCE flow, so no flow state ever matches a code.
    return new AuthError(
      404,
      'flow_state_not_found',
      'invalid flow state, no valid flow state found',
    );
  }
  return null;
}
