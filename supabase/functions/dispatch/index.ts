// Scheduled work: due retries, the watchdog, webhook deliveries, recording copies to retry, the
// bought numbers' months, and the retention pass (see _shared/privacy). Wiring only; see
// _shared/dispatch.
import { createDispatcher } from '../_shared/dispatch/dispatcher.ts';
import { createDispatchHandler } from '../_shared/dispatch/handler.ts';
import { recordedRun } from '../_shared/dispatch/recorded-run.ts';
import { taskServiceFromEnv } from '../_shared/tasks/wiring.ts';
import { smsNotifierFromEnv } from '../_shared/sms/notify.ts';
import { sendWebhook } from '../_shared/webhooks/sender.ts';
import { createRetention } from '../_shared/privacy/retention.ts';
import { platformKeys } from '../_shared/db.ts';
import { maxConcurrentCallsFromEnv } from '../_shared/voice/lines.ts';
import { serveConfigured } from '../_shared/http/serve-configured.ts';

serveConfigured('dispatch', () => {
  const { db, provider, service, batches, recordings, numbers } = taskServiceFromEnv();
  const allowPrivate = Deno.env.get('DIALWISE_LOCAL_STACK') === '1';
  const now = () => new Date();
  const dispatcher = createDispatcher({
    db,
    provider,
    service,
    batches,
    now,
    send: (target) => sendWebhook(target, { allowPrivate }),
    // Result texts of SMS-created tasks that ended other than by a provider message.
    sms: smsNotifierFromEnv(db, (name) => Deno.env.get(name)),
    marginMinutes: Number(Deno.env.get('DISPATCH_WATCHDOG_MARGIN_MINUTES') || 5),
    maxConcurrentCalls: maxConcurrentCallsFromEnv((name) => Deno.env.get(name)),
  });

  const retention = createRetention({ db, now, recordings });
  return createDispatchHandler({
    run: recordedRun(
      db,
      async (at) => ({
        ...(await dispatcher.run(at)),
        // Copies of recordings that failed right after their call (or whose copier died).
        recordings: await recordings.copyDue(at),
        // Bought numbers whose paid month ended: renewed from credits, or released unpaid.
        numbers: await numbers.renewDue(at, 100),
        retention: await retention.run(at),
      }),
      { clock: now, log: (line) => console.error(line) },
    ),
    now,
    secretKeys: () => platformKeys().secretKeys,
  });
});
