// Texts a one-time code of our own to {phone} (docs/decisions/0011). User JWT
// required.
import { phoneVerificationDepsFromEnv } from '../_shared/phone-verification/deps.ts';
import { createSendVerificationCodeHandler } from '../_shared/phone-verification/service.ts';
import { serveConfigured } from '../_shared/http/serve-configured.ts';

serveConfigured('send_verification_code', () => {
  return createSendVerificationCodeHandler(phoneVerificationDepsFromEnv((n) => Deno.env.get(n)));
});
