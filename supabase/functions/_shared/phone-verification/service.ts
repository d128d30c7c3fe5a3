import { ServiceError } from '../errors.ts';
import { browserPost } from '../http/browser-post.ts';
import { type Authenticator, jsonResponse } from '../http/handler.ts';
import { isTextableVerificationNumber } from '../contract/phone-number.ts';
import { TWILIO_ERRORS, TwilioApiError, type TwilioClient } from '../twilio/client.ts';

/**
 * send_verification_code ({phone}) and check_verification_code ({phone, code}). The caller is a
 * signed-in user. Codes are our own (docs/decisions/0011): SQL makes a 5-digit code per account
 * and number and keeps only its hash, the limits (all per account) and the verified phone
 * (migration …_phone_verification_own_codes.sql); this module texts the code through Twilio's
 * Messages API. Nothing another account does reaches this account's code, and the browser never
 * writes the result.
 */
/** `ok` with the new code, or why none was issued (invalid_phone, too_many_sends, …). */
export type IssuedCode = { outcome: string; verification_id?: string; code?: string };

export type VerificationStore = {
  issue(userId: string, phone: string): Promise<IssuedCode>;
  settleSend(verificationId: string, sent: boolean): Promise<void>;
  check(userId: string, phone: string, code: string): Promise<string>;
};

export type PhoneVerificationDeps = {
  /** The signed-in user's id from the Authorization header, or null. */
  authenticate(authorization: string | null): Promise<string | null>;
  store: VerificationStore;
  twilio: Pick<TwilioClient, 'messages'>;
  log?: (message: string, error: unknown) => void;
};

/** The product's countries: US +1 and 10 digits, IL +972 and 9 digits. */
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
  tooManyNumbers: 'Codes were sent to 5 different numbers today. Try again tomorrow.',
  tooManyAttempts: 'Too many incorrect attempts. Request a new code.',
  expired: 'This code has expired. Request a new code.',
  noCode: 'No code is waiting for this number. Request a new code.',
  incorrect: 'Incorrect code. Try again.',
  sendUnavailable: "We couldn't send the code right now. Try again later.",
} as const;

const storeOutcomes: Record<string, ServiceError> = {
  invalid_phone: new ServiceError('invalid_phone', messages.invalidPhone),
  kyc_required: new ServiceError('kyc_required', messages.kycRequired),
  phone_taken: new ServiceError('phone_taken', messages.phoneTaken),
  too_many_sends: new ServiceError('too_many_sends', messages.tooManySends),
  too_many_numbers: new ServiceError('too_many_numbers', messages.tooManyNumbers),
  too_many_attempts: new ServiceError('too_many_attempts', messages.tooManyAttempts),
  expired: new ServiceError('code_expired', messages.expired),
  no_code: new ServiceError('code_expired', messages.noCode),
  incorrect: new ServiceError('incorrect_code', messages.incorrect),
};

/** The text of the SMS (the 5-digit code is the only number in it). */
export const codeMessage = (code: string) => `Your Dialwise verification code is: ${code}`;

function storeError(outcome: string): Error {
  return storeOutcomes[outcome] ?? new Error(`unexpected store outcome ${outcome}`);
}

/** Verifying a phone comes after KYC: a code asked for too early is a conflict, not a 403. */
const STATUSES = { kyc_required: 409 };

function signedIn(deps: PhoneVerificationDeps): Authenticator<string> {
  return {
    mode: 'session',
    async authenticate(request) {
      const userId = await deps.authenticate(request.headers.get('Authorization'));
      if (!userId) throw new ServiceError('unauthorized', messages.unauthorized);
      return userId;
    },
  };
}

function verificationPost(
  name: string,
  deps: PhoneVerificationDeps,
  handle: (userId: string, body: Record<string, unknown>) => Promise<Response>,
) {
  const log = deps.log ?? console.error;
  return browserPost(
    name,
    signedIn(deps),
    (line) => log('unhandled error', line),
    async (_request, { caller, jsonObject }) => handle(await caller(), await jsonObject()),
    STATUSES,
  );
}

function phoneFrom(body: Record<string, unknown>): string {
  const phone = typeof body.phone === 'string' ? body.phone.trim() : '';
  if (!PHONE_PATTERN.test(phone)) throw new ServiceError('invalid_phone', messages.invalidPhone);
  return phone;
}

export function createSendVerificationCodeHandler(deps: PhoneVerificationDeps) {
  const log = deps.log ?? console.error;
  return verificationPost('send_verification_code', deps, async (userId, body) => {
    const phone = phoneFrom(body);
    // Only numbers that can receive a text in the product's countries: no premium-rate,
    // toll-free, landline or other-country numbers get our SMS.
    if (!isTextableVerificationNumber(phone))
      throw new ServiceError('invalid_phone', messages.numberRejected);
    const issued = await deps.store.issue(userId, phone);
    if (issued.outcome !== 'ok' || !issued.code || !issued.verification_id)
      throw storeError(issued.outcome);
    const verificationId = issued.verification_id;
    try {
      await deps.twilio.messages.create({ to: phone, body: codeMessage(issued.code) });
    } catch (error) {
      log('Twilio send failed', error);
      await deps.store.settleSend(verificationId, false);
      if (
        error instanceof TwilioApiError &&
        (error.code === TWILIO_ERRORS.invalidToNumber ||
          error.code === TWILIO_ERRORS.notMobile ||
          error.code === TWILIO_ERRORS.unreachable)
      )
        throw new ServiceError('invalid_phone', messages.numberRejected);
      throw new ServiceError('provider_unavailable', messages.sendUnavailable);
    }
    await deps.store.settleSend(verificationId, true);
    return jsonResponse(200, { status: 'pending' });
  });
}

export function createCheckVerificationCodeHandler(deps: PhoneVerificationDeps) {
  return verificationPost('check_verification_code', deps, async (userId, body) => {
    const phone = phoneFrom(body);
    const code = typeof body.code === 'string' ? body.code.trim() : '';
    if (!CODE_PATTERN.test(code)) throw new ServiceError('invalid_code', messages.invalidCode);
    const outcome = await deps.store.check(userId, phone, code);
    if (outcome !== 'verified') throw storeError(outcome);
    return jsonResponse(200, { status: 'verified' });
  });
}
