import { ServiceError } from '../errors.ts';
import { corsFor } from '../http/cors.ts';
import { createHandler, jsonResponse, noAuth } from '../http/handler.ts';
import { clientIpFrom } from './client-ip.ts';
import { parseSubmission, type ContactSubmission } from './submission.ts';

/** What storing a submission can come to (see public.submit_contact_request). */
export type SubmitOutcome = 'stored' | 'rate_limited' | 'busy' | 'rejected';

export type ContactRequestDeps = {
  /**
   * Stores one request for this client IP, tied to the account that sent it signed in (null for
   * an anonymous request); the limits are checked in SQL.
   */
  submit: (
    submission: ContactSubmission,
    clientIp: string,
    senderUserId: string | null,
  ) => Promise<SubmitOutcome>;
  /**
   * The account of the request's session, if it carries a valid one (checked by the auth
   * server); absent or null: the request is anonymous. The e-mail typed into the form never ties
   * a request to an account.
   */
  signedInUserOf?: (request: Request) => Promise<string | null>;
  /** Set when a CAPTCHA secret is configured: checks the widget's token. */
  verifyCaptcha?: (token: string, clientIp: string) => Promise<boolean>;
  /** Proxies in front of the gateway that append to X-Forwarded-For (0 on Supabase's gateway). */
  trustedProxyHops?: number;
  log?: (message: string, error?: unknown) => void;
};

/** One request is a few kilobytes at most; anything bigger is refused before it is parsed. */
export const MAX_BODY_BYTES = 16 * 1024;
/** The form's hidden field: people leave it empty, form-filling bots do not. */
export const HONEYPOT_FIELD = 'website';

export const contactErrorMessages = {
  rate_limited: 'Too many requests from this address. Please try again later.',
  busy: 'We are receiving too many requests right now. Please try again later.',
} as const;

const NOT_AN_OBJECT = 'Send one contact request as a JSON object.';

/**
 * POST /functions/v1/contact-request: one contact request per call, as a JSON object. Size cap,
 * honeypot, optional CAPTCHA and field checks here; the per-IP, per-address and global limits in
 * SQL, so they hold across function instances. Errors are `{ error: { code, message } }`.
 */
export function createContactRequestHandler(deps: ContactRequestDeps) {
  const log = deps.log ?? (() => {});

  return createHandler(
    {
      name: 'contact-request',
      methods: ['POST'],
      methodNotAllowed: () => 'Send contact requests with POST.',
      methodNotAllowedHeaders: { Allow: 'POST, OPTIONS' },
      // Anyone may write to sales; the limits below and in SQL keep that cheap.
      auth: noAuth,
      cors: corsFor(['POST']),
      maxBodyBytes: MAX_BODY_BYTES,
      tooLargeMessage: 'A contact request must be under 16 KB.',
      badJson: { code: 'invalid_json', notJson: NOT_AN_OBJECT, notObject: NOT_AN_OBJECT },
      requestIdInErrorBody: false,
      log: (line) => log('[contact-request] unexpected error', line),
    },
    async (request, { jsonObject }) => {
      const fields = await jsonObject();

      const clientIp = clientIpFrom(request.headers.get('x-forwarded-for'), deps.trustedProxyHops);
      if (!clientIp)
        throw new ServiceError('client_ip_unknown', 'Could not tell where this request came from.');

      // A filled honeypot looks like success to the bot, and nothing is stored.
      const honeypot = fields[HONEYPOT_FIELD];
      if (honeypot !== undefined && honeypot !== null && honeypot !== '')
        return jsonResponse(201, { ok: true });

      if (deps.verifyCaptcha) {
        const token = fields.captchaToken;
        if (typeof token !== 'string' || token === '')
          throw new ServiceError('captcha_required', 'Please complete the CAPTCHA.');
        if (!(await deps.verifyCaptcha(token, clientIp)))
          throw new ServiceError(
            'captcha_failed',
            'The CAPTCHA could not be verified. Please try again.',
          );
      }

      const parsed = parseSubmission(fields);
      if (!parsed.ok)
        throw new ServiceError('validation_failed', 'Some details were not accepted.', {
          extra: { fields: parsed.errors },
        });

      let outcome: SubmitOutcome;
      try {
        const sender = deps.signedInUserOf ? await deps.signedInUserOf(request) : null;
        outcome = await deps.submit(parsed.value, clientIp, sender);
      } catch (cause) {
        log('[contact-request] storing failed', cause);
        throw new ServiceError('unavailable', "We couldn't send your request. Please try again.");
      }
      if (outcome === 'rate_limited')
        throw new ServiceError('rate_limited', contactErrorMessages.rate_limited, {
          retryAfterSeconds: 3600,
        });
      if (outcome === 'busy')
        throw new ServiceError('busy', contactErrorMessages.busy, { retryAfterSeconds: 600 });
      if (outcome === 'rejected')
        throw new ServiceError('validation_failed', 'Some details were not accepted.');
      return jsonResponse(201, { ok: true });
    },
  );
}
