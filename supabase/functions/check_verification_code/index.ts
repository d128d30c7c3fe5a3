// Checks {phone, code}; on success writes the verified phone and answers
// { "status": "verified" }. User JWT required.
import { phoneVerificationDepsFromEnv } from '../_shared/phone-verification/deps.ts';
import { createCheckVerificationCodeHandler } from '../_shared/phone-verification/service.ts';
import { serveConfigured } from '../_shared/http/serve-configured.ts';

serveConfigured('check_verification_code', () => {
  return createCheckVerificationCodeHandler(phoneVerificationDepsFromEnv((n) => Deno.env.get(n)));
});
