/**
 * Which failing upstream tests exercise a feature the local stack leaves out by design
 * (supabase/local/README.md, "Known differences"). A failing test that matches no entry is a
 * failure of ours.
 */
type Absent = { feature: string; reason: string; test: RegExp };

export const ABSENT_BY_DESIGN: Absent[] = [
  {
    feature: 'Realtime',
    reason: 'no Realtime server; /realtime/v1 answers 404',
    test: /integration\.test\.ts > (Supabase Integration Tests > Realtime with vsn|Custom JWT > Realtime)/,
  },
  {
    feature: 'Storage',
    reason: 'no Storage server; /storage/v1 answers 404',
    test: /integration\.test\.ts > Storage API/,
  },
  {
    feature: 'MFA',
    reason: 'no factors: enrolment answers mfa_*_enroll_not_enabled as GoTrue with MFA off',
    test: /GoTrue(Api|Client)\.test\.ts > (MFA|WebAuthn MFA|GoTrueAdminApi > MFA Admin) > /,
  },
  {
    feature: 'OAuth 2.1 server',
    reason: 'answers feature_disabled "OAuth server is disabled" as GoTrue with it off',
    test: /GoTrueApi\.test\.ts > GoTrueAdminApi > OAuth Admin > /,
  },
  {
    feature: 'Passkeys',
    reason: 'answers passkey_disabled as GoTrue with passkeys off',
    test: /passkey\.e2e\.test\.ts > /,
  },
  {
    feature: 'Anonymous sign-ins',
    reason: 'answers anonymous_provider_disabled as GoTrue with them off',
    test: /GoTrueClient\.test\.ts > signInAnonymously > /,
  },
  {
    feature: 'Anonymous sign-ins',
    reason: 'expects the session of the anonymous user an earlier test signs in',
    test: /GoTrueClient\.test\.ts > Reauthentication > reauthenticate\(\) fails without session/,
  },
  {
    feature: 'Magic links and e-mail OTP sign-in (/otp)',
    reason: 'answers email_provider_disabled "Login with magic link is disabled"',
    test: /GoTrueClient\.test\.ts > GoTrueClient > signInWithOtp > ('signInWithOtp for email with empty op|signInWithOtp\(\) for email)/,
  },
  {
    feature: '/admin/generate_link',
    reason: 'not served (GoTrue has no switch for it); links are only e-mailed',
    test: /GoTrueApi\.test\.ts > GoTrueAdminApi > User registration > generateLink/,
  },
  {
    feature: 'Asymmetric JWT signing keys',
    reason: 'tokens are HS256 with the CLI demo secret; no /.well-known/jwks.json',
    test: /GoTrueClient\.test\.ts > getClaims > getClaims verifies RS256 jwt/,
  },
  {
    feature: 'Auth without an API key',
    reason:
      'the gateway requires apikey on /auth/v1 as the hosted one does (the CLI’s Kong no longer does); these clients send none',
    test: /GoTrueClient\.test\.ts > (GoTrueClient with storageisServer = true > getSession emits no warnings if getUser is called prior|GoTrueClient with throwOnError option > updateUser\(\) should throw an error when throwOnError is true|GoTrueClient with skipAutoInitialize option > should work with lazy initialization in public methods)$/,
  },
];

export type Outcome =
  | { outcome: 'pass' | 'fail'; feature?: undefined; reason?: undefined }
  | { outcome: 'absent'; feature: string; reason: string };

export function classify(test: { suite: string; name: string; passed: boolean }): Outcome {
  if (test.passed) return { outcome: 'pass' };
  const absent = ABSENT_BY_DESIGN.find((entry) => entry.test.test(`${test.suite} > ${test.name}`));
  return absent
    ? { outcome: 'absent', feature: absent.feature, reason: absent.reason }
    : { outcome: 'fail' };
}
