// Spec §7 call 12: sends a one-time code to {phone} through Twilio Verify. User JWT required.
import { phoneVerificationDepsFromEnv } from '../_shared/phone-verification/deps.ts';
import { createSendVerificationCodeHandler } from '../_shared/phone-verification/service.ts';

Deno.serve(createSendVerificationCodeHandler(phoneVerificationDepsFromEnv((n) => Deno.env.get(n))));
