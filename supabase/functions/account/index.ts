// The signed-in owner's account: the data export and closing the account. Wiring only; see
// _shared/account.
import { createAccountHandler } from '../_shared/accounts/account-handler.ts';
import { bulkDb, must, userFromToken } from '../_shared/db.ts';
import { ServiceError } from '../_shared/errors.ts';
import { taskServiceFromEnv } from '../_shared/tasks/wiring.ts';
import { resolveWithDeno } from '../_shared/dns.ts';
import { checkWebhookTarget } from '../_shared/webhooks/webhook-url.ts';
import { serveConfigured } from '../_shared/http/serve-configured.ts';

serveConfigured('account', () => {
  const { db, service, numbers } = taskServiceFromEnv();

  /** GoTrue's ban_duration for "for good": a hundred years. */
  const BANNED_FOR_GOOD = '876000h';
  return createAccountHandler({
    async userFromToken(token) {
      // Verified here first (signature, expiry); then Auth confirms the session is still live and
      // gives the current e-mail, since export and closing act on the whole account.
      const verified = await userFromToken(token);
      if (!verified) return null;
      const { data, error } = await db.auth.getUser(token);
      if (error || data.user?.id !== verified.id || !data.user.email) return null;
      return { id: data.user.id, email: data.user.email };
    },
    async exportAccount(userId) {
      // A large export runs on the bulk pool: it never holds a connection a call needs.
      return must(await bulkDb().rpc('account_export', { p_user_id: userId })) as Record<
        string,
        unknown
      >;
    },
    async beginExport(userId) {
      const verdict = must(await db.rpc('account_export_begin', { p_user_id: userId })) as {
        retry_after?: number;
      };
      return verdict.retry_after ? { retryAfterSeconds: verdict.retry_after } : null;
    },
    async exportTasks(userId, after, limit) {
      return must(
        await db.rpc('account_export_tasks', { p_user_id: userId, p_after: after, p_limit: limit }),
      ) as (Record<string, unknown> & { id: string })[];
    },
    async closeAccount(userId) {
      const closed = must(await db.rpc('account_close', { p_user_id: userId })) as {
        closed_at: string;
        waiting_canceled: number;
        tasks_to_cancel: string[];
        numbers_to_release: string[];
      };
      await numbers.letGo(closed.numbers_to_release);
      return closed;
    },
    async cancelTask(userId, taskId) {
      try {
        // Closing stops everything the account owns, test and live.
        await service.cancel({ userId, livemode: 'both' }, taskId);
        return true;
      } catch (error) {
        if (error instanceof ServiceError && error.code === 'task_not_cancelable') return false;
        throw error;
      }
    },
    async lockOut(userId, token) {
      // Every session goes while the token is still good for signing out, then the ban refuses
      // any new sign-in and any refresh of a session that slipped in between.
      const signedOut = await db.auth.admin.signOut(token, 'global');
      if (signedOut.error) throw new Error(`sign-out failed: ${signedOut.error.message}`);
      const banned = await db.auth.admin.updateUserById(userId, { ban_duration: BANNED_FOR_GOOD });
      if (banned.error) throw new Error(`ban failed: ${banned.error.message}`);
    },
    checkWebhookTarget: (url) =>
      checkWebhookTarget(url, {
        allowPrivate: Deno.env.get('DIALWISE_LOCAL_STACK') === '1',
        resolve: resolveWithDeno,
      }),
    async createWebhookEndpoint(userId, input) {
      const { data, error } = await db.rpc('webhook_endpoint_create', {
        p_user_id: userId,
        p_url: input.url,
        p_description: input.description,
        p_event_types: input.eventTypes,
        p_livemode: input.livemode,
      });
      if (error?.hint === 'too_many_endpoints')
        throw new ServiceError('invalid_request', error.message, { field: 'url' });
      return must({ data, error }) as Record<string, unknown>;
    },
    now: () => new Date(),
  });
});
