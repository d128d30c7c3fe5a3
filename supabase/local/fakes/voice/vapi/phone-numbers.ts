/**
 * The phone numbers of Vapi's stand-in: `POST /phone-number` (bought: provider "vapi"; imported:
 * "twilio"; a caller ID on a SIP trunk: "byo-phone-number"), `GET` and `DELETE
 * /phone-number/{id}`, as VapiAI/docs fern/apis/api/openapi.json documents them
 * (CreateVapiPhoneNumberDTO, CreateTwilioPhoneNumberDTO, CreateByoPhoneNumberDTO; the answer a
 * VapiPhoneNumber / TwilioPhoneNumber / ByoPhoneNumber). Bought numbers are fictional: 555-0160 to
 * 555-0189 in the asked area code (415 when none is asked; no scripted callee uses these digits),
 * so none ever rings a real phone.
 */
import { randomUUID } from 'node:crypto';

export type StoredNumber = {
  id: string;
  orgId: string;
  provider: 'vapi' | 'twilio' | 'byo-phone-number';
  number: string;
  name: string | null;
  status: 'active' | 'activating' | 'blocked';
  server?: { url: string; headers: Record<string, string> } | null;
  credentialId?: string;
  twilioAccountSid?: string;
  createdAt: string;
  updatedAt: string;
};

export type PhoneNumberRegistryOptions = {
  orgId: string;
  /** The platform's own number(s), there from the start (the shared caller ID). */
  initialIds: readonly string[];
  /** SIP trunk credentials (type byo-sip-trunk) the organisation holds. */
  byoCredentialIds: readonly string[];
  now?: () => number;
};

const E164_US = /^\+1[2-9][0-9]{2}[2-9][0-9]{6}$/;
const AREA_CODE = /^[2-9][0-9]{2}$/;
// Twilio's Account SID and Auth Token shapes (AC + 32 hex; 32 hex).
const TWILIO_SID = /^AC[0-9a-f]{32}$/;
const TWILIO_TOKEN = /^[0-9a-f]{32}$/;

type Result = { status: number; body: unknown };
const bad = (message: string | string[]): Result => ({
  status: 400,
  body: { message, error: 'Bad Request', statusCode: 400 },
});

export function createPhoneNumberRegistry(options: PhoneNumberRegistryOptions) {
  const now = options.now ?? Date.now;
  const numbers = new Map<string, StoredNumber>();
  for (const id of options.initialIds) {
    const at = new Date(now()).toISOString();
    numbers.set(id, {
      id,
      orgId: options.orgId,
      provider: 'vapi',
      number: '+14155550199',
      name: 'Platform',
      status: 'active',
      createdAt: at,
      updatedAt: at,
    });
  }
  const inUse = (number: string) => [...numbers.values()].some((n) => n.number === number);

  function freeNumberIn(areaCode: string) {
    for (let last = 160; last <= 189; last++) {
      const number = `+1${areaCode}5550${last}`;
      if (!inUse(number)) return number;
    }
    return null;
  }

  function store(entry: Omit<StoredNumber, 'id' | 'orgId' | 'createdAt' | 'updatedAt'>) {
    const at = new Date(now()).toISOString();
    const stored: StoredNumber = {
      ...entry,
      id: randomUUID(),
      orgId: options.orgId,
      createdAt: at,
      updatedAt: at,
    };
    numbers.set(stored.id, stored);
    return { status: 201, body: stored } satisfies Result;
  }

  const text = (value: unknown) => (typeof value === 'string' && value.trim() ? value : null);
  const serverOf = (body: Record<string, unknown>) => {
    const server = body.server as { url?: unknown; headers?: unknown } | undefined;
    if (!server || typeof server.url !== 'string') return null;
    const headers =
      server.headers && typeof server.headers === 'object'
        ? Object.fromEntries(
            Object.entries(server.headers as Record<string, unknown>).filter(
              (entry): entry is [string, string] => typeof entry[1] === 'string',
            ),
          )
        : {};
    return { url: server.url, headers };
  };

  return {
    ids: () => [...numbers.keys()],
    get: (id: string) => numbers.get(id) ?? null,
    byNumber: (number: string) => [...numbers.values()].find((n) => n.number === number) ?? null,

    create(body: unknown): Result {
      if (!body || typeof body !== 'object' || Array.isArray(body))
        return bad(
          'provider must be one of the following values: byo-phone-number, twilio, vonage, vapi, telnyx',
        );
      const input = body as Record<string, unknown>;
      const name = text(input.name);
      if (input.name !== undefined && (typeof input.name !== 'string' || input.name.length > 40))
        return bad(['name must be shorter than or equal to 40 characters']);
      switch (input.provider) {
        case 'vapi': {
          const wanted = input.numberDesiredAreaCode;
          if (wanted !== undefined && (typeof wanted !== 'string' || !AREA_CODE.test(wanted)))
            return bad(['numberDesiredAreaCode must be a valid area code']);
          const number = freeNumberIn((wanted as string | undefined) ?? '415');
          if (!number)
            return bad(
              `No phone numbers available in area code ${String(wanted)}. Try another area code.`,
            );
          return store({
            provider: 'vapi',
            number,
            name,
            status: 'active',
            server: serverOf(input),
          });
        }
        case 'twilio': {
          const problems: string[] = [];
          if (typeof input.number !== 'string') problems.push('number must be a string');
          if (typeof input.twilioAccountSid !== 'string')
            problems.push('twilioAccountSid must be a string');
          if (problems.length) return bad(problems);
          const number = input.number as string;
          if (!E164_US.test(number)) return bad('Number Must Be E164 Format.');
          if (
            !TWILIO_SID.test(input.twilioAccountSid as string) ||
            typeof input.twilioAuthToken !== 'string' ||
            !TWILIO_TOKEN.test(input.twilioAuthToken)
          )
            return bad('Invalid Twilio Credentials. Check your Account SID and Auth Token.');
          if (inUse(number)) return bad('Number Already In Use.');
          return store({
            provider: 'twilio',
            number,
            name,
            status: 'active',
            server: serverOf(input),
            twilioAccountSid: input.twilioAccountSid as string,
          });
        }
        case 'byo-phone-number': {
          if (typeof input.credentialId !== 'string') return bad(['credentialId must be a string']);
          if (!options.byoCredentialIds.includes(input.credentialId))
            return bad(`Couldn't Get Credential. No credential with id ${input.credentialId}.`);
          const number = input.number;
          if (typeof number !== 'string' || !E164_US.test(number))
            return bad('Number Must Be E164 Format.');
          if (inUse(number)) return bad('Number Already In Use.');
          return store({
            provider: 'byo-phone-number',
            number,
            name,
            status: 'active',
            credentialId: input.credentialId,
            server: serverOf(input),
          });
        }
        default:
          return bad([
            'provider must be one of the following values: byo-phone-number, twilio, vonage, vapi, telnyx',
          ]);
      }
    },

    remove(id: string): Result {
      const found = numbers.get(id);
      if (!found)
        return {
          status: 404,
          body: { message: 'Phone Number not found', error: 'Not Found', statusCode: 404 },
        };
      numbers.delete(id);
      return { status: 200, body: found };
    },
  };
}

export type PhoneNumberRegistry = ReturnType<typeof createPhoneNumberRegistry>;
