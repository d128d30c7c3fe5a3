import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { LOCAL_STRIPE_SECRET_KEY, LOCAL_STRIPE_WEBHOOK_SECRET, type StackConfig } from './config';
import { TWILIO_LOCAL } from './fakes/twilio/server';
import {
  LOCAL_VAPI_API_KEY,
  LOCAL_VAPI_CALLER_ID_CREDENTIAL_ID,
  LOCAL_VAPI_PHONE_NUMBER_ID,
} from './fakes/voice/vapi/server';
import { LOCAL_ELEVENLABS_API_KEY } from './fakes/voice/elevenlabs/text-to-speech';

/** Secrets for the functions from the git-ignored supabase/functions/.env (KEY=value lines). */
function functionSecrets(config: StackConfig): Record<string, string> {
  const file = path.join(config.functionsDir, '.env');
  if (!existsSync(file)) return {};
  const secrets: Record<string, string> = {};
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    const match = /^\s*([A-Z_][A-Z0-9_]*)\s*=\s*(.*?)\s*$/i.exec(line);
    if (match) secrets[match[1]!] = match[2]!.replace(/^(['"])(.*)\1$/, '$2');
  }
  return secrets;
}

/** The local providers' addresses and well-known keys (like Supabase's demo keys, never valid anywhere real). */
export function localProviders(config: StackConfig) {
  return {
    stripe: {
      url: `http://127.0.0.1:${config.stripePort}`,
      secretKey: LOCAL_STRIPE_SECRET_KEY,
      webhookSecret: LOCAL_STRIPE_WEBHOOK_SECRET,
    },
    twilio: { url: `http://127.0.0.1:${config.twilioPort}`, ...TWILIO_LOCAL },
    vapi: {
      url: `http://127.0.0.1:${config.voicePort}`,
      apiKey: LOCAL_VAPI_API_KEY,
      phoneNumberId: LOCAL_VAPI_PHONE_NUMBER_ID,
      callerIdCredentialId: LOCAL_VAPI_CALLER_ID_CREDENTIAL_ID,
    },
    // ElevenLabs' text to speech, served by the voice stand-in under /elevenlabs.
    elevenlabs: {
      url: `http://127.0.0.1:${config.voicePort}/elevenlabs`,
      apiKey: LOCAL_ELEVENLABS_API_KEY,
    },
  };
}

export type LocalProviders = ReturnType<typeof localProviders>;

/** What a project's functions are told about the stack they run on, to build their settings. */
export type StackFacts = {
  config: StackConfig;
  providers: LocalProviders;
  /** The public URL of one of the project's functions, behind the gateway. */
  functionUrl: (name: string) => string;
};

export const stackFacts = (config: StackConfig): StackFacts => ({
  config,
  providers: localProviders(config),
  functionUrl: (name) => `${config.apiUrl}/functions/v1/${name}`,
});

/**
 * What the project adds to the stack. The stack knows nothing of the project's functions or
 * tables: each setting below is the project's, passed in by whoever starts the stack.
 */
export type StackOptions = {
  /** The functions' variables on top of Supabase's (e.g. how to reach the local providers). */
  functionEnv?: (stack: StackFacts) => Record<string, string>;
  /** The functions the local providers deliver to: Stripe's signed events, Twilio's inbound SMS. */
  webhooks?: { stripe?: string; sms?: string };
  /** Runs as `postgres` once migrations and seed are in, before the API serves. */
  prepareDatabase?: (databaseUrl: string, log: (line: string) => void) => Promise<void>;
  /** Restart the edge runtime when a function file changes (`npm run dev`). */
  watchFunctions?: boolean;
};

/** What the functions get on top of the Supabase variables: the project's, then functions/.env. */
export function functionEnv(
  config: StackConfig,
  options: StackOptions = {},
): Record<string, string> {
  return { ...options.functionEnv?.(stackFacts(config)), ...functionSecrets(config) };
}
