import { HttpError, json, postHandler, readJsonObject } from '../http/errors.ts';
import {
  TWILIO_ERRORS,
  TwilioApiError,
  type TwilioClient,
  type Verification,
} from '../twilio/client.ts';

/**
 * send_verification_code ({phone}) and check_verification_code ({phone, code}), spec §7 calls 12
 * and 13. The caller is a signed-in user; the counters and the verified phone live in SQL
 * (migration …_phone_verification.sql), so limits hold whatever the client does, and the browser
 * never writes the result: on an approved check this module writes phone and phone_verified.
 */
export type VerificationStore = {
  beginSend(userId: string, phone: string): Promise<string>;
  beginCheck(userId: string, phone: string): Promise<string>;
  complete(userId: string, phone: string): Promise<string>;
};

export type PhoneVerificationDeps = {
  /** The signed-in user's id from the Authorization header, or null. */
  authenticate(authorization: string | null): Promise<string | null>;
  store: VerificationStore;
  twilio: Pick<TwilioClient, 'verify'>;
  log?: (message: string, error: unknown) => void;
};

/** The product's countries (spec §3): US +1 and 10 digits, IL +972 and 9 digits. */
const PHONE_PATTERN = /^(\+1\d{10}|\+972\d{9})$/;
const CODE_PATTERN = /^\d{5}$/;

export const messages = {
  unauthorized: 'Sign in to verify your phone.',
  invalidPhone: 'Enter a US (+1, 10 digits) or Israeli (+972, 9 digits) phone number.',
  numberRejected: 'This phone number is not valid. Check it and try again.',
  invalidCode: 'Enter the 5-digit code from the SMS.',
  kycRequired: 'Submit your business details before verifying a phone.',
  phoneTaken: 'This phone number is already verified on another account.',
  tooManySends: 'Too many codes sent to this number. Try again in 10 minutes.',
  tooManyAttempts: 'Too many incorrect attempts. Request a new code.',
  expired: 'This code has expired. Request a new code.',
  noCode: 'No code is waiting for this number. Request a new code.',
  incorrect: 'Incorrect code. Try again.',
  sendUnavailable: "We couldn't send the code right now. Try again later.",
  checkUnavailable: "We couldn't check the code right now. Try again later.",
} as const;

const storeOutcomes: Record<string, HttpError> = {
  invalid_phone: new HttpError(400, 'invalid_phone', messages.invalidPhone),
  kyc_required: new HttpError(409, 'kyc_required', messages.kycRequired),
  phone_taken: new HttpError(409, 'phone_taken', messages.phoneTaken),
  too_many_sends: new HttpError(429, 'too_many_sends', messages.tooManySends),
  too_many_attempts: new HttpError(429, 'too_many_attempts', messages.tooManyAttempts),
  expired: new HttpError(400, 'code_expired', messages.expired),
  no_code: new HttpError(400, 'code_expired', messages.noCode),
};

function throwUnlessOk(outcome: string) {
  if (outcome === 'ok') return;
  throw storeOutcomes[outcome] ?? new Error(`unexpected store outcome ${outcome}`);
}

async function caller(deps: PhoneVerificationDeps, request: Request): Promise<string> {
  const userId = await deps.authenticate(request.headers.get('Authorization'));
  if (!userId) throw new HttpError(401, 'unauthorized', messages.unauthorized);
  return userId;
}

function phoneFrom(body: Record<string, unknown>): string {
  const phone = typeof body.phone === 'string' ? body.phone.trim() : '';
  if (!PHONE_PATTERN.test(phone)) throw new HttpError(400, 'invalid_phone', messages.invalidPhone);
  return phone;
}

/** Twilio's answers → clear messages (wrong code is not an error at Twilio: status pending). */
function mapTwilioError(error: unknown, unavailable: string): HttpError | null {
  if (!(error instanceof TwilioApiError)) return null;
  switch (error.code) {
    case TWILIO_ERRORS.invalidParameter:
    case TWILIO_ERRORS.invalidToNumber:
      return new HttpError(400, 'invalid_phone', messages.numberRejected);
    case TWILIO_ERRORS.maxSendAttempts:
      return new HttpError(429, 'too_many_sends', messages.tooManySends);
    case TWILIO_ERRORS.maxCheckAttempts:
      return new HttpError(429, 'too_many_attempts', messages.tooManyAttempts);
    case TWILIO_ERRORS.notFound:
      return new HttpError(400, 'code_expired', messages.expired);
    default:
      return new HttpError(502, 'provider_unavailable', unavailable);
  }
}

/** A failed cancel only means Twilio keeps its own limit until the code expires: log it. */
async function cancelQuietly(deps: PhoneVerificationDeps, sid: string) {
  try {
    await deps.twilio.verify.cancel(sid);
  } catch (error) {
    (deps.log ?? console.error)('Twilio cancel failed', error);
  }
}

export function createSendVerificationCodeHandler(deps: PhoneVerificationDeps) {
  return postHandler(async (request) => {
    const userId = await caller(deps, request);
    const phone = phoneFrom(await readJsonObject(request));
    throwUnlessOk(await deps.store.beginSend(userId, phone));
    try {
      const verification = await deps.twilio.verify.start(phone);
      return json(200, { status: verification.status === 'pending' ? 'pending' : 'sent' });
    } catch (error) {
      const mapped = mapTwilioError(error, messages.sendUnavailable);
      (deps.log ?? console.error)('Twilio send failed', error);
      throw mapped ?? new HttpError(502, 'provider_unavailable', messages.sendUnavailable);
    }
  }, deps.log);
}

export function createCheckVerificationCodeHandler(deps: PhoneVerificationDeps) {
  return postHandler(async (request) => {
    const userId = await caller(deps, request);
    const body = await readJsonObject(request);
    const phone = phoneFrom(body);
    const code = typeof body.code === 'string' ? body.code.trim() : '';
    if (!CODE_PATTERN.test(code)) throw new HttpError(400, 'invalid_code', messages.invalidCode);
    const outcome = await deps.store.beginCheck(userId, phone);
    const lastCheck = outcome === 'last_check';
    if (!lastCheck) throwUnlessOk(outcome);
    let verification: Verification;
    try {
      verification = await deps.twilio.verify.check(phone, code);
    } catch (error) {
      const mapped = mapTwilioError(error, messages.checkUnavailable);
      (deps.log ?? console.error)('Twilio check failed', error);
      throw mapped ?? new HttpError(502, 'provider_unavailable', messages.checkUnavailable);
    }
    if (verification.status !== 'approved') {
      // Our count says this code is used up; Twilio's would keep the same code (and refuse it)
      // for the rest of its 10 minutes, so cancel it there: the next send starts a fresh code.
      if (lastCheck) await cancelQuietly(deps, verification.sid);
      throw new HttpError(400, 'incorrect_code', messages.incorrect);
    }
    throwUnlessOk(await deps.store.complete(userId, phone));
    return json(200, { status: 'verified' });
  }, deps.log);
}
