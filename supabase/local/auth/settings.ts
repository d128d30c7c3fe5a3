import type { StackConfig } from '../config';
import { OAUTH_PROVIDERS } from './disabled-features';

/** GoTrue's /settings, from the configuration (only e-mail sign-in is available here). */
export function authSettings(config: StackConfig) {
  return {
    external: {
      anonymous_users: false,
      email: true,
      phone: false,
      ...Object.fromEntries(OAUTH_PROVIDERS.map((name) => [name, false])),
    },
    disable_signup: !config.auth.enableSignup,
    mailer_autoconfirm: !config.auth.enableConfirmations,
    phone_autoconfirm: false,
    sms_provider: '',
    saml_enabled: false,
    saml_private_key_next_configured: false,
    passkeys_enabled: false,
  };
}
