// The account function (docs/decisions/0013), for the signed-in owner with their session JWT:
//   GET  /account/export  everything held about the account, as one JSON document;
//   POST /account/delete  { "confirm": "<the account's e-mail>" } closes the account at once.
// Closing: the account is marked closed and its API keys revoked and webhooks stopped (SQL, one
// transaction), its open calls canceled through the cancel path (a live call is hung up and
// billed as any canceled call), then the auth user is banned and every session revoked.
import { corsHeaders } from '../http/cors.ts';
import { HttpError, readJsonObject } from '../http/errors.ts';

export type AccountUser = { id: string; email: string };

export type AccountDeps = {
  /** The user of a session access token, or null (expired, revoked, not a user). */
  userFromToken: (token: string) => Promise<AccountUser | null>;
  exportAccount: (userId: string) => Promise<Record<string, unknown>>;
  /** Marks the account closed; the tasks still open, to cancel. */
  closeAccount: (userId: string) => Promise<{ closed_at: string; tasks_to_cancel: string[] }>;
  /** Cancels one task through the cancel path; false when it had ended meanwhile. */
  cancelTask: (userId: string, taskId: string) => Promise<boolean>;
  /** Bans the auth user for good (GoTrue's ban_duration) and revokes all its sessions. */
  lockOut: (userId: string, token: string) => Promise<void>;
  now: () => Date;
  log?: (line: string) => void;
};

function json(status: number, body: unknown, headers: Record<string, string> = {}): Response {
  return new Response(JSON.stringify(body), {
    status,
    headers: { ...corsHeaders, 'Content-Type': 'application/json', ...headers },
  });
}

function errorJson(error: HttpError, field?: string): Response {
  return json(error.status, {
    error: { code: error.code, message: error.message, ...(field ? { field } : {}) },
  });
}

class FieldError extends HttpError {
  constructor(
    message: string,
    readonly field: string,
  ) {
    super(400, 'invalid_request', message);
  }
}

export function createAccountHandler(deps: AccountDeps) {
  const log = deps.log ?? ((line: string) => console.error(line));

  async function signedIn(request: Request) {
    const token = /^Bearer\s+(\S+)$/i.exec(request.headers.get('Authorization') ?? '')?.[1];
    const user = token ? await deps.userFromToken(token) : null;
    if (!token || !user)
      throw new HttpError(401, 'unauthorized', 'Sign in to manage your account.');
    return { token, user };
  }

  async function exportData(request: Request): Promise<Response> {
    const { user } = await signedIn(request);
    const data = await deps.exportAccount(user.id);
    const exportedAt = deps.now().toISOString();
    return json(
      200,
      { exported_at: exportedAt, ...data },
      {
        'Content-Disposition': `attachment; filename="dialwise-account-${exportedAt.slice(0, 10)}.json"`,
        'Cache-Control': 'no-store',
      },
    );
  }

  async function close(request: Request): Promise<Response> {
    const { token, user } = await signedIn(request);
    const body = await readJsonObject(request);
    const confirm = typeof body.confirm === 'string' ? body.confirm.trim().toLowerCase() : '';
    if (!confirm || confirm !== user.email.trim().toLowerCase())
      throw new FieldError('confirm must be the e-mail address of this account.', 'confirm');

    const closed = await deps.closeAccount(user.id);
    let canceled = 0;
    for (const taskId of closed.tasks_to_cancel)
      if (await deps.cancelTask(user.id, taskId)) canceled++;
    await deps.lockOut(user.id, token);
    return json(200, { closed_at: closed.closed_at, calls_canceled: canceled });
  }

  return async function handle(request: Request): Promise<Response> {
    if (request.method === 'OPTIONS') return new Response('ok', { headers: corsHeaders });
    const path = new URL(request.url).pathname.replace(/^\/functions\/v1/, '').replace(/\/+$/, '');
    try {
      if (path === '/account/export') {
        if (request.method !== 'GET')
          throw new HttpError(405, 'method_not_allowed', 'Use GET for the export.');
        return await exportData(request);
      }
      if (path === '/account/delete') {
        if (request.method !== 'POST')
          throw new HttpError(405, 'method_not_allowed', 'Use POST to delete the account.');
        return await close(request);
      }
      throw new HttpError(
        404,
        'not_found',
        'No endpoint here: use /account/export or /account/delete.',
      );
    } catch (error) {
      if (error instanceof FieldError) return errorJson(error, error.field);
      if (error instanceof HttpError) return errorJson(error);
      log(`[account] ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
      return json(500, {
        error: { code: 'internal', message: 'Something went wrong on our side. Please try again.' },
      });
    }
  };
}
