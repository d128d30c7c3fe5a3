// The account function (docs/decisions/0013), for the signed-in owner with their session JWT:
//   GET  /account/export  everything held about the account, as one JSON document;
//   POST /account/delete  { "confirm": "<the account's e-mail>" } closes the account at once;
//   POST /account/webhook-endpoints  { url, description?, event_types?, livemode } registers an
//        account webhook endpoint (its URL checked here; docs/decisions/0039) and answers it with
//        its signing secret, the one time the secret is shown.
// Closing: the account is marked closed, its waiting calls canceled, its API keys revoked and
// webhooks stopped (SQL, one transaction), its live calls canceled through the cancel path (hung
// up and billed as any canceled call), then the auth user is banned and every session revoked.
import { ServiceError } from '../errors.ts';
import { sessionAuth } from '../http/auth.ts';
import { corsHeaders } from '../http/cors.ts';
import { createHandler, jsonResponse } from '../http/handler.ts';
import { type EndpointInput, parseEndpointInput } from './webhook-endpoint-input.ts';

export type AccountUser = { id: string; email: string };

type SignedIn = { user: AccountUser; token: string };

export type AccountDeps = {
  /** The user of a session access token, or null (expired, revoked, not a user). */
  userFromToken: (token: string) => Promise<AccountUser | null>;
  /** Everything held about the account but its tasks. */
  exportAccount: (userId: string) => Promise<Record<string, unknown>>;
  /** Starts an export: null, or the seconds to wait when the account's last one is too recent. */
  beginExport: (userId: string) => Promise<{ retryAfterSeconds: number } | null>;
  /** A page of the account's tasks for the export, oldest first, after the task `after`. */
  exportTasks: (
    userId: string,
    after: string | null,
    limit: number,
  ) => Promise<(Record<string, unknown> & { id: string })[]>;
  /**
   * Marks the account closed and cancels its waiting tasks (counted) in one transaction; the
   * live tasks, to hang up.
   */
  closeAccount: (
    userId: string,
  ) => Promise<{ closed_at: string; waiting_canceled: number; tasks_to_cancel: string[] }>;
  /** Cancels one task through the cancel path; false when it had ended meanwhile. */
  cancelTask: (userId: string, taskId: string) => Promise<boolean>;
  /** Bans the auth user for good (GoTrue's ban_duration) and revokes all its sessions. */
  lockOut: (userId: string, token: string) => Promise<void>;
  /** The webhook target rules (https, no private or special-purpose address); the URL to store. */
  checkWebhookTarget: (url: string) => Promise<string>;
  /** Stores an endpoint with a new signing secret; the row and `secret`. */
  createWebhookEndpoint: (userId: string, input: EndpointInput) => Promise<Record<string, unknown>>;
  now: () => Date;
  log?: (line: string) => void;
};

/** Tasks read (and written out) at once by the export. */
export const EXPORT_TASKS_PAGE = 100;

export function createAccountHandler(deps: AccountDeps) {
  const log = deps.log ?? ((line: string) => console.error(line));

  /**
   * The export as one JSON document, streamed: everything but the tasks first, then the tasks a
   * page at a time, so neither the database nor this function holds all of them at once. One
   * export per account a minute.
   */
  async function exportData(signedIn: () => Promise<SignedIn>): Promise<Response> {
    const { user } = await signedIn();
    const wait = await deps.beginExport(user.id);
    if (wait)
      throw new ServiceError(
        'rate_limited',
        'One data export per account a minute. Try again shortly.',
        wait,
      );
    const data = await deps.exportAccount(user.id);
    const exportedAt = deps.now().toISOString();
    const head = JSON.stringify({ exported_at: exportedAt, ...data, tasks: [] }).slice(0, -2);
    const encoder = new TextEncoder();
    let after: string | null = null;
    let first = true;
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(encoder.encode(head));
      },
      async pull(controller) {
        try {
          const page = await deps.exportTasks(user.id, after, EXPORT_TASKS_PAGE);
          if (page.length > 0) {
            const items = page.map((task) => JSON.stringify(task)).join(',');
            controller.enqueue(encoder.encode(`${first ? '' : ','}${items}`));
            first = false;
            after = page[page.length - 1]!.id;
          }
          if (page.length < EXPORT_TASKS_PAGE) {
            controller.enqueue(encoder.encode(']}'));
            controller.close();
          }
        } catch (error) {
          log(`[account export ${user.id}] ${(error as Error).message}`);
          controller.error(error);
        }
      },
    });
    return new Response(body, {
      status: 200,
      headers: {
        'Content-Type': 'application/json',
        'Content-Disposition': `attachment; filename="dialwise-account-${exportedAt.slice(0, 10)}.json"`,
        'Cache-Control': 'no-store',
      },
    });
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
    let canceled = closed.waiting_canceled;
    for (const taskId of closed.tasks_to_cancel)
      if (await deps.cancelTask(user.id, taskId)) canceled++;
    await deps.lockOut(user.id, token);
    return jsonResponse(200, { closed_at: closed.closed_at, calls_canceled: canceled });
  }

  async function createEndpoint(
    signedIn: () => Promise<SignedIn>,
    body: () => Promise<Record<string, unknown>>,
  ): Promise<Response> {
    const { user } = await signedIn();
    const input = parseEndpointInput(await body());
    let url: string;
    try {
      url = await deps.checkWebhookTarget(input.url);
    } catch (error) {
      if (!(error instanceof ServiceError)) throw error;
      throw new ServiceError(error.code, error.message.replace(/^webhook_url/, 'url'), {
        field: 'url',
      });
    }
    return jsonResponse(201, await deps.createWebhookEndpoint(user.id, { ...input, url }));
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
      if (path === '/account/webhook-endpoints') {
        if (request.method !== 'POST')
          throw new ServiceError('method_not_allowed', 'Use POST to add a webhook endpoint.');
        return await createEndpoint(caller, jsonObject);
      }
      throw new ServiceError(
        'not_found',
        'No endpoint here: use /account/export, /account/delete or /account/webhook-endpoints.',
      );
    },
  );
}
