// The Contact Enterprise Sales form (/contact): one request per call, stored with the service
// role. Wiring only; the logic is in ../_shared/contact/.
import { captchaVerifier } from '../_shared/contact/captcha.ts';
import { createContactRequestHandler } from '../_shared/contact/handler.ts';
import { signedInSender } from '../_shared/contact/signed-in-sender.ts';
import { submitContactRequest } from '../_shared/contact/store.ts';
import { createServiceClient, platformKeys } from '../_shared/db.ts';
import { serveConfigured } from '../_shared/http/serve-configured.ts';

serveConfigured('contact-request', () => {
  const env = (name: string) => Deno.env.get(name) ?? '';

  // PostgREST, not the pool: the form is not on the call path.
  const db = createServiceClient(platformKeys().url, platformKeys().secretKey);
  return createContactRequestHandler({
    submit: submitContactRequest(db),
    signedInUserOf: signedInSender(),
    verifyCaptcha: captchaVerifier(
      env('CONTACT_CAPTCHA_SECRET') || undefined,
      env('CONTACT_CAPTCHA_VERIFY_URL') || undefined,
    ),
    trustedProxyHops: Number(env('CONTACT_TRUSTED_PROXY_HOPS') || 0),
    log: (message, error) => console.error(message, error),
  });
});
