// Vapi's phone numbers, as its API documents them (VapiAI/docs fern/apis/api/openapi.json,
// PhoneNumberController_create / _remove). Locally VAPI_API_URL points at the simulated network
// (supabase/local/fakes/voice/vapi/server.ts). Three ways a number reaches Vapi:
//  - bought: CreateVapiPhoneNumberDTO { provider: "vapi", numberDesiredAreaCode, name, server };
//  - imported from the account's own Twilio: CreateTwilioPhoneNumberDTO { provider: "twilio",
//    number, twilioAccountSid, twilioAuthToken, name, server };
//  - a verified caller ID, dialled out through the platform's SIP trunk: CreateByoPhoneNumberDTO
//    { provider: "byo-phone-number", number, credentialId, name }.
// The answer is a PhoneNumber: { id, number, status: active | activating | blocked, … }.
// Releasing is DELETE /phone-number/{id} (200 with the number).
import { ProviderError } from '../provider.ts';
import { createVapiRest } from './rest.ts';

export type ProviderNumber = { id: string; number: string; status: string };
/** Where the provider sends an inbound call's messages for the number, with what headers. */
export type NumberServer = { url: string; headers: Record<string, string> };

export type VapiPhoneNumbersConfig = {
  apiUrl: string;
  apiKey: string;
  /** The platform's SIP trunk credential (type byo-sip-trunk) verified caller IDs dial out through. */
  callerIdCredentialId?: string | null;
  fetch?: typeof fetch;
};

export function createVapiPhoneNumbers(config: VapiPhoneNumbersConfig) {
  const rest = createVapiRest(config);
  const request = (method: string, path: string, body?: unknown) =>
    rest(
      path,
      { method, ...(body === undefined ? {} : { body: JSON.stringify(body) }) },
      'the number',
    );

  const numberOf = (answer: Record<string, unknown>): ProviderNumber => {
    if (typeof answer.id !== 'string' || typeof answer.number !== 'string')
      throw new ProviderError('The voice provider answered without a number', null);
    return {
      id: answer.id,
      number: answer.number,
      status: typeof answer.status === 'string' ? answer.status : 'active',
    };
  };
  // Server: { url, headers } (the headers go with every message to the url).
  const server = (target?: NumberServer) => (target ? { server: target } : {});

  return {
    /** Buys a number, in the area code when one is asked for. */
    async buy(input: { areaCode?: string; name: string; server?: NumberServer }) {
      return numberOf(
        await request('POST', '/phone-number', {
          provider: 'vapi',
          ...(input.areaCode ? { numberDesiredAreaCode: input.areaCode } : {}),
          name: input.name,
          ...server(input.server),
        }),
      );
    },
    /** Imports a number the account owns on Twilio, with its Twilio credentials. */
    async importTwilio(input: {
      number: string;
      accountSid: string;
      authToken: string;
      name: string;
      server?: NumberServer;
    }) {
      return numberOf(
        await request('POST', '/phone-number', {
          provider: 'twilio',
          number: input.number,
          twilioAccountSid: input.accountSid,
          twilioAuthToken: input.authToken,
          // The account's own SMS webhook on the number stays as it is.
          smsEnabled: false,
          name: input.name,
          ...server(input.server),
        }),
      );
    },
    /** Registers a verified caller ID, dialled out through the platform's SIP trunk. */
    async registerCallerId(input: { number: string; name: string }) {
      if (!config.callerIdCredentialId)
        throw new ProviderError(
          'Caller IDs are not configured on this platform (VAPI_CALLER_ID_CREDENTIAL_ID)',
          null,
        );
      return numberOf(
        await request('POST', '/phone-number', {
          provider: 'byo-phone-number',
          number: input.number,
          credentialId: config.callerIdCredentialId,
          name: input.name,
        }),
      );
    },
    /** Lets go of a number at the provider; one already gone is released all the same. */
    async release(id: string) {
      try {
        await request('DELETE', `/phone-number/${encodeURIComponent(id)}`);
      } catch (error) {
        if (error instanceof ProviderError && error.status === 404) return;
        throw error;
      }
    },
  };
}

export type VapiPhoneNumbers = ReturnType<typeof createVapiPhoneNumbers>;
