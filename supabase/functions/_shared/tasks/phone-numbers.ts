// The account's own numbers (GET and POST /task/numbers, the dashboard's Numbers page): bought
// through the voice provider, imported from the account's Twilio, or verified as a caller ID by a
// code texted to it. The provider is asked first and the database records what it answered; a
// number the database then refuses (the money ran out meanwhile, another account took the digits)
// is let go of at the provider again. Rules and SQL: supabase/schemas/14-phone-numbers.sql.
import { z } from 'npm:zod@^4.1.0';
import { type Db, must } from '../db.ts';
import { ServiceError } from '../errors.ts';
import { LIMITS } from '../contract/limits.ts';
import { ProviderError } from '../voice/provider.ts';
import type { VapiPhoneNumbers } from '../voice/vapi/phone-numbers.ts';
import type { TwilioClient } from '../twilio/client.ts';
import { callableNumberAt, createTaskSchema, parseOrThrow } from './schema.ts';
import { newPrefixedId, randomToken, sha256Hex } from '../ids.ts';
import { INBOUND_TOKEN_HEADER } from './inbound-calls.ts';
import type { TaskService } from './service.ts';

export type PhoneNumber = {
  id: string;
  phone_number: string;
  source: 'purchased' | 'imported' | 'verified';
  status: 'pending_verification' | 'active' | 'released';
  is_default: boolean;
  label: string | null;
  monthly_price_cents: number;
  paid_through: string | null;
  created_at: string;
  verified_at: string | null;
  released_at: string | null;
  inbound_agent: InboundAgent | null;
};

export const NUMBER_COLUMNS =
  'id, phone_number, source, status, is_default, label, monthly_price_cents, paid_through, created_at, verified_at, released_at, inbound_agent';

const clock = (field: string) =>
  z
    .string({ error: `${field} must be a time like "09:00"` })
    .regex(/^([01]\d|2[0-3]):[0-5]\d$/, { error: `${field} must be a time like "09:00"` });

const validTimeZone = (zone: string) => {
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
};

/**
 * The account's agent for calls to one of its numbers: the task fields that make sense for a
 * caller (checked as a task's are), and the hours a transfer to a person is offered.
 */
export const inboundAgentSchema = z.strictObject(
  {
    goal: createTaskSchema.shape.goal,
    context: createTaskSchema.shape.context,
    voice: createTaskSchema.shape.voice,
    language: createTaskSchema.shape.language,
    transfer: createTaskSchema.shape.transfer,
    tools: createTaskSchema.shape.tools,
    business_hours: z
      .strictObject(
        {
          start: clock('business_hours.start'),
          end: clock('business_hours.end'),
          days: z
            .array(z.int().min(1).max(7), {
              error: 'business_hours.days must be ISO weekdays, 1 (Monday) to 7 (Sunday)',
            })
            .min(1, { error: 'business_hours.days must name at least one day' })
            .max(7),
          time_zone: z
            .string({ error: 'business_hours.time_zone must be an IANA zone like America/Chicago' })
            .refine(validTimeZone, {
              error: 'business_hours.time_zone must be an IANA zone like America/Chicago',
            }),
        },
        {
          error:
            'business_hours must be an object like {"start": "09:00", "end": "17:00", "days": [1,2,3,4,5], "time_zone": "America/Chicago"}',
        },
      )
      .refine((hours) => hours.start < hours.end, {
        error: 'business_hours.start must be before business_hours.end',
        path: ['end'],
      })
      .optional(),
  },
  {
    error:
      'The body must be an object like {"goal": "…", "transfer": {"to": "+14155550123"}, "business_hours": {…}}',
  },
);
export type InboundAgent = z.infer<typeof inboundAgentSchema>;

const label = z
  .string({ error: 'label must be text (at most 60 characters)' })
  .trim()
  .min(1, { error: 'label must not be empty' })
  .max(60, { error: 'label must be at most 60 characters' })
  .optional();

export const addNumberSchema = z.discriminatedUnion(
  'type',
  [
    z.strictObject({
      type: z.literal('purchase'),
      area_code: z
        .string({ error: 'area_code must be three digits, like "415"' })
        .regex(/^[2-9][0-9]{2}$/, { error: 'area_code must be three digits, like "415"' })
        .optional(),
      label,
    }),
    z.strictObject({
      type: z.literal('twilio'),
      phone_number: callableNumberAt('phone_number'),
      twilio_account_sid: z
        .string({ error: 'twilio_account_sid must be your Twilio Account SID (AC…)' })
        .regex(/^AC[0-9a-fA-F]{32}$/, {
          error: 'twilio_account_sid must be your Twilio Account SID: AC and 32 hex digits',
        }),
      twilio_auth_token: z
        .string({ error: 'twilio_auth_token must be your Twilio Auth Token' })
        .min(1, { error: 'twilio_auth_token must not be empty' })
        .max(200, { error: 'twilio_auth_token is too long' }),
      label,
    }),
    z.strictObject({
      type: z.literal('caller_id'),
      phone_number: callableNumberAt('phone_number'),
      label,
    }),
  ],
  {
    error:
      'The body must name a type: "purchase" (with area_code), "twilio" (phone_number, twilio_account_sid, twilio_auth_token) or "caller_id" (phone_number)',
  },
);

export const verifyNumberSchema = z.strictObject(
  {
    code: z
      .string({ error: 'code must be the 6 digits texted to the number' })
      .trim()
      .regex(/^[0-9]{6}$/, { error: 'code must be the 6 digits texted to the number' }),
  },
  { error: 'The body must be an object like {"code": "123456"}' },
);

export const localPresenceSchema = z.strictObject(
  { enabled: z.boolean({ error: 'enabled must be true or false' }) },
  { error: 'The body must be an object like {"enabled": true}' },
);

export const NUMBER_PRICING = {
  purchased_monthly_usd: LIMITS.phoneNumberMonthlyCents / 100,
  imported_monthly_usd: 0,
  verified_monthly_usd: 0,
  note: `A number bought through Dialwise costs $${(LIMITS.phoneNumberMonthlyCents / 100).toFixed(2)} a month from credits ($1.15 the provider's price, $0.85 ours), the first month when it is bought. Imported numbers and verified caller IDs cost nothing here.`,
} as const;

export type NumberServiceDeps = {
  db: Db;
  provider: VapiPhoneNumbers;
  twilio: Pick<TwilioClient, 'messages'>;
  /** Where the provider asks who answers a call to one of the numbers (voice-events). */
  inboundUrl?: string;
  /** Checks an inbound agent's tools as a task's are (the task service's checkTools). */
  checkTools?: TaskService['checkTools'];
};

type SqlError = {
  error: string;
  required_usd?: number;
  available_usd?: number;
  limit?: number;
  checks_left?: number;
};

function refusal(result: SqlError): ServiceError {
  switch (result.error) {
    case 'account_closed':
      return new ServiceError('unauthorized', 'The account is closed.');
    case 'too_many_numbers':
      return new ServiceError(
        'invalid_request',
        `An account holds at most ${LIMITS.phoneNumbersPerAccount} numbers. Release one first.`,
      );
    case 'insufficient_credits':
      return new ServiceError(
        'insufficient_credits',
        `A number costs $${Number(result.required_usd).toFixed(2)} a month, paid from credits when it is bought; $${Number(result.available_usd).toFixed(2)} is available. Add credits in the dashboard first.`,
      );
    case 'number_taken':
      return new ServiceError(
        'invalid_request',
        'This number is already in use on a Dialwise account.',
        { field: 'phone_number' },
      );
    case 'registering':
      return new ServiceError(
        'rate_limited',
        'This number is being registered with the voice provider by another request. Try again in a few seconds.',
        { retryAfterSeconds: 5 },
      );
    case 'too_many_sends':
      return new ServiceError(
        'rate_limited',
        `At most ${LIMITS.callerIdCodeSendsPerHour} codes an hour go to one number. Wait, then ask for a new code.`,
        { retryAfterSeconds: 3600 },
      );
    case 'wrong_code':
      return new ServiceError(
        'invalid_request',
        `That code is not the one texted to the number (${result.checks_left ?? 0} tries left).`,
        { field: 'code' },
      );
    case 'code_expired':
      return new ServiceError(
        'invalid_request',
        'The code has expired. Ask for a new one (POST /task/numbers with the same number).',
        { field: 'code' },
      );
    case 'too_many_checks':
      return new ServiceError(
        'invalid_request',
        'Too many wrong codes. Ask for a new one (POST /task/numbers with the same number).',
        { field: 'code' },
      );
    default:
      return new ServiceError('not_found', 'No such number on this account.');
  }
}

/** A provider's refusal in the caller's words; its outage as a retryable error. */
function providerRefusal(error: unknown, field?: string): never {
  if (error instanceof ProviderError && error.status !== null && error.status < 500)
    throw new ServiceError('invalid_request', error.message, {
      ...(field ? { field } : {}),
    });
  if (error instanceof ProviderError)
    throw new ServiceError(
      'rate_limited',
      `The voice provider could not be reached (${error.message}); nothing was changed. Try again in a minute.`,
      { retryAfterSeconds: 60 },
    );
  throw error;
}

export function createNumberService(deps: NumberServiceDeps) {
  const { db, provider } = deps;
  const rpc = async <T>(name: string, args: Record<string, unknown>) =>
    must(await db.rpc(name, args)) as T;

  async function list(userId: string) {
    const [rows, settings] = await Promise.all([
      db
        .from('phone_numbers')
        .select(NUMBER_COLUMNS)
        .eq('user_id', userId)
        .neq('status', 'released')
        .order('created_at', { ascending: true }),
      db.from('agent_settings').select('local_presence').eq('user_id', userId).maybeSingle(),
    ]);
    return {
      object: 'list' as const,
      data: (must(rows) as PhoneNumber[]).map(toApiNumber),
      local_presence:
        (must(settings) as { local_presence: boolean } | null)?.local_presence ?? false,
      pricing: NUMBER_PRICING,
    };
  }

  /** Turns local presence on or off: calls that name no number show one in the callee's area code. */
  async function setLocalPresence(userId: string, body: unknown) {
    const { enabled } = parseOrThrow(localPresenceSchema, body);
    must(
      await db
        .from('agent_settings')
        .upsert({ user_id: userId, local_presence: enabled }, { onConflict: 'user_id' }),
    );
    return { object: 'local_presence' as const, enabled };
  }

  async function add(userId: string, body: unknown) {
    const input = parseOrThrow(addNumberSchema, body);
    const id = newPrefixedId('num');
    const name = (input.label ?? `Dialwise ${id.slice(-8)}`).slice(0, 40);
    if (input.type === 'caller_id') {
      const issued = await rpc<
        SqlError | { number: PhoneNumber; code: string } | { number: PhoneNumber; verified: true }
      >('caller_id_code_issue', {
        p_user_id: userId,
        p_id: id,
        p_phone_number: input.phone_number,
        p_label: input.label ?? null,
      });
      if ('error' in issued) throw refusal(issued);
      // The account's own verified phone needs no second code.
      if ('verified' in issued)
        return {
          status: 201,
          number: await registerCallerId(userId, issued.number.id, issued.number.phone_number),
        };
      try {
        await deps.twilio.messages.create({
          to: input.phone_number,
          body: `Your Dialwise caller ID code is ${issued.code}. It lets the account that asked show this number when it calls. Valid ${LIMITS.callerIdCodeMinutes} minutes.`,
        });
      } catch (error) {
        throw new ServiceError(
          'invalid_request',
          `The code could not be texted to ${input.phone_number} (${(error as Error).message}). The number must receive text messages.`,
          { field: 'phone_number' },
        );
      }
      return { status: 202, number: toApiNumber(issued.number) };
    }
    const source = input.type === 'purchase' ? 'purchased' : 'imported';
    const allowed = await rpc<SqlError | { ok: true }>('phone_number_can_add', {
      p_user_id: userId,
      p_source: source,
    });
    if ('error' in allowed) throw refusal(allowed);
    // The number's own token goes with each inbound call's assistant-request; only its hash is kept.
    const inboundToken = randomToken();
    const server = deps.inboundUrl
      ? { url: deps.inboundUrl, headers: { [INBOUND_TOKEN_HEADER]: inboundToken } }
      : undefined;
    const registered = await (
      input.type === 'purchase'
        ? provider.buy({ areaCode: input.area_code, name, server })
        : provider.importTwilio({
            number: input.phone_number,
            accountSid: input.twilio_account_sid,
            authToken: input.twilio_auth_token,
            name,
            server,
          })
    ).catch((error: unknown) =>
      providerRefusal(error, input.type === 'purchase' ? 'area_code' : 'phone_number'),
    );
    const added = await rpc<SqlError | PhoneNumber>('phone_number_add', {
      p_user_id: userId,
      p_id: id,
      p_phone_number: registered.number,
      p_source: source,
      p_provider_id: registered.id,
      p_label: input.label ?? null,
      p_inbound_token_hash: server ? await sha256Hex(inboundToken) : null,
    });
    if ('error' in added) {
      await provider
        .release(registered.id)
        .catch((error: Error) =>
          console.error(
            `[numbers] releasing ${registered.id} after a refusal failed: ${error.message}`,
          ),
        );
      throw refusal(added);
    }
    return { status: 201, number: toApiNumber(added) };
  }

  async function verify(userId: string, id: string, body: unknown) {
    const input = parseOrThrow(verifyNumberSchema, body);
    const checked = await rpc<SqlError | { ok: true; phone_number: string }>(
      'caller_id_code_check',
      { p_user_id: userId, p_id: id, p_code: input.code },
    );
    if ('error' in checked) throw refusal(checked);
    return await registerCallerId(userId, id, checked.phone_number);
  }

  /** A caller ID proven the account's: registered with the provider, then active. */
  async function registerCallerId(userId: string, id: string, phoneNumber: string) {
    const registered = await provider
      .registerCallerId({ number: phoneNumber, name: `Dialwise ${id.slice(-8)}` })
      .catch((error: unknown) => providerRefusal(error));
    const activated = await rpc<SqlError | PhoneNumber>('caller_id_activate', {
      p_user_id: userId,
      p_id: id,
      p_provider_id: registered.id,
    });
    if ('error' in activated) {
      await provider.release(registered.id).catch(() => undefined);
      throw refusal(activated);
    }
    return toApiNumber(activated);
  }

  /**
   * A live call of an account without a number of its own: the phone it verified at sign-up, which
   * every call's opening names for calling back, becomes its caller ID (once; never again after
   * the account had a number). Nothing when there is none to take; when another request of the
   * account is taking it, waits (up to 10 s) for it to be active. The create runs again either way.
   */
  async function adoptVerifiedPhone(userId: string): Promise<void> {
    const phone = (await rpc<string | null>('caller_id_adoptable', { p_user_id: userId })) ?? null;
    if (!phone) return;
    const issued = await rpc<SqlError | { number: PhoneNumber; verified?: true }>(
      'caller_id_code_issue',
      {
        p_user_id: userId,
        p_id: newPrefixedId('num'),
        p_phone_number: phone,
        p_label: 'Verified phone',
      },
    );
    if ('error' in issued) {
      if (issued.error === 'registering') return await activeSoon(userId);
      if (issued.error === 'number_taken') return;
      throw refusal(issued);
    }
    if (!issued.verified) return;
    try {
      await registerCallerId(userId, issued.number.id, issued.number.phone_number);
    } catch (error) {
      // Activated by that other request meanwhile: the retried call finds it.
      if (!(error instanceof ServiceError && error.code === 'not_found')) throw error;
    }
  }

  /** Sets the agent that answers calls to the number (`null` body or `{}`: the default one). */
  async function setInbound(userId: string, id: string, body: unknown) {
    const agent = body === null ? null : parseOrThrow(inboundAgentSchema, body);
    if (agent?.transfer && !agent.business_hours)
      throw new ServiceError(
        'invalid_request',
        'A transfer needs business_hours: callers are connected to a person only within them.',
        { field: 'business_hours' },
      );
    // Its tools' urls are called during the call like a task's: checked the same way, kept checked.
    const tools =
      agent?.tools?.length && deps.checkTools ? await deps.checkTools(agent.tools) : null;
    const kept = agent && { ...agent, ...(tools ? { tools } : {}) };
    const changed = await rpc<SqlError | PhoneNumber>('phone_number_set_inbound', {
      p_user_id: userId,
      p_id: id,
      p_agent: kept && Object.keys(kept).length > 0 ? kept : null,
    });
    if ('error' in changed) throw refusal(changed);
    return toApiNumber(changed);
  }

  async function setDefault(userId: string, id: string) {
    const chosen = await rpc<SqlError | PhoneNumber>('phone_number_set_default', {
      p_user_id: userId,
      p_id: id,
    });
    if ('error' in chosen) throw refusal(chosen);
    return toApiNumber(chosen);
  }

  /** Waits up to 10 s for the account to have an active number (another request registering it). */
  async function activeSoon(userId: string): Promise<void> {
    for (let waited = 0; waited < 10_000; waited += 250) {
      const { count } = await db
        .from('phone_numbers')
        .select('id', { count: 'exact', head: true })
        .eq('user_id', userId)
        .eq('status', 'active');
      if ((count ?? 0) > 0) return;
      await new Promise((resolve) => setTimeout(resolve, 250));
    }
  }

  /**
   * Lets go of numbers at the provider that the database released already (an account closed, a
   * month unpaid). One that fails is logged: the provider holds it at our cost, showing nobody's
   * calls.
   */
  async function letGo(providerIds: readonly string[]) {
    await Promise.all(
      providerIds.map((providerId) =>
        provider
          .release(providerId)
          .catch((error: Error) =>
            console.error(
              `[numbers] releasing ${providerId} at the provider failed: ${error.message}`,
            ),
          ),
      ),
    );
  }

  /**
   * The dispatcher's pass over bought numbers whose paid month ended: the next month paid from
   * credits, or, unpaid past the grace days, the number released (14-phone-numbers.sql).
   */
  async function renewDue(at: Date, limit: number) {
    const result = await rpc<{ renewed: number; released: { provider_phone_number_id: string }[] }>(
      'phone_numbers_renew',
      { p_now: at.toISOString(), p_limit: limit },
    );
    await letGo(result.released.map((number) => number.provider_phone_number_id));
    return { renewed: result.renewed, released: result.released.length };
  }

  async function release(userId: string, id: string) {
    const released = await rpc<
      SqlError | { number: PhoneNumber; provider_phone_number_id: string | null }
    >('phone_number_release', { p_user_id: userId, p_id: id });
    if ('error' in released) throw refusal(released);
    // No call uses it from now on; the provider lets go of it too.
    if (released.provider_phone_number_id) await letGo([released.provider_phone_number_id]);
    return toApiNumber(released.number);
  }

  return {
    list,
    add,
    verify,
    setInbound,
    setDefault,
    release,
    setLocalPresence,
    adoptVerifiedPhone,
    letGo,
    renewDue,
  };
}

export function toApiNumber(row: PhoneNumber) {
  return {
    id: row.id,
    object: 'phone_number' as const,
    phone_number: row.phone_number,
    source: row.source,
    status: row.status,
    is_default: row.is_default,
    label: row.label,
    monthly_price_usd: row.monthly_price_cents / 100,
    paid_through: row.paid_through,
    created_at: row.created_at,
    verified_at: row.verified_at,
    released_at: row.released_at,
    inbound_agent: row.inbound_agent ?? null,
  };
}

export type NumberService = ReturnType<typeof createNumberService>;
