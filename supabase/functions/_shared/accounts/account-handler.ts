// The account function (docs/decisions/0013), for the signed-in owner with their session JWT:
//   GET  /account/export  everything held about the account, as one JSON document;
//   POST /account/delete  { "confirm": "<the account's e-mail>" } closes the account at once.
// Closing: the account is marked closed and its API keys revoked and webhooks stopped (SQL, one
// transaction), its open calls canceled through the cancel path (a live call is hung up and
// billed as any canceled call), then the auth user is banned and every session revoked.
import { ServiceError } from '../errors.ts';
import { sessionAuth } from '../http/auth.ts';
import { corsHeaders } from '../http/cors.ts';
import { createHandler, jsonResponse } from '../http/handler.ts';

export type AccountUser = { id: string; email: string };

type SignedIn = { user: AccountUser; token: string };

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

export function createAccountHandler(deps: AccountDeps) {
  const log = deps.log ?? ((line: string) => console.error(line));

  async function exportData(signedIn: () => Promise<SignedIn>): Promise<Response> {
    const { user } = await signedIn();
    const data = await deps.exportAccount(user.id);
    const exportedAt = deps.now().toISOString();
    return jsonResponse(
      200,
      { exported_at: exportedAt, ...data },
      {
        'Content-Disposition': `attachment; filename="dialwise-account-${exportedAt.slice(0, 10)}.json"`,
        'Cache-Control': 'no-store',
      },
    );
  }

  async function close(
    signedIn: () => Promise<SignedIn>,
    body: () => Promise<Record<string, unknown>>,
  ): Promise<Response> {
    const { token, user } = await signedIn();
    const { confirm: given } = await body();
    const confirm = typeof given === 'string' ? given.trim().toLowerCase() : '';
    if (!confirm || confirm !== user.email.trim().toLowerCase())
      throw new ServiceError(
        'invalid_request',
        'confirm must be the e-mail address of this account.',
        {
          field: 'confirm',
        },
      );

    const closed = await deps.closeAccount(user.id);
    let canceled = 0;
    for (const taskId of closed.tasks_to_cancel)
      if (await deps.cancelTask(user.id, taskId)) canceled++;
    await deps.lockOut(user.id, token);
    return jsonResponse(200, { closed_at: closed.closed_at, calls_canceled: canceled });
  }

  return createHandler(
    {
      name: 'account',
      auth: sessionAuth(deps.userFromToken, 'Sign in to manage your account.'),
      // Each route checks its method before the session.
      authWhen: 'on_demand',
      cors: corsHeaders,
      preflightStatus: 200,
      internalMessage: () => 'Something went wrong on our side. Please try again.',
      log,
    },
    async (request, { path, caller, jsonObject }) => {
      if (path === '/account/export') {
        if (request.method !== 'GET')
          throw new ServiceError('method_not_allowed', 'Use GET for the export.');
        return await exportData(caller);
      }
      if (path === '/account/delete') {
        if (request.method !== 'POST')
          throw new ServiceError('method_not_allowed', 'Use POST to delete the account.');
        return await close(caller, jsonObject);
      }
      throw new ServiceError(
        'not_found',
        'No endpoint here: use /account/export or /account/delete.',
      );
    },
  );
}
