// The deploy's last step: the deployed project used the way the product uses it, each check
// named when it fails. The same checks run against the local stack in the integration suite
// (supabase/tests/deploy-smoke.test.ts), so they are known to pass where everything is right.
import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { pgConnection } from '../../supabase/functions/_shared/db/connection.ts';

export type SmokeTarget = {
  /** The project's API URL (https://<ref>.supabase.co). */
  projectUrl: string;
  publishableKey: string;
  secretKey: string;
  /** The transaction pooler's URL, as the functions' DB_POOLER_URL. */
  poolerUrl: string;
  /** The PEM bundle the pooler is verified against (DB_SSL_ROOT_CERT), else Supabase's root. */
  caBundle?: string;
  /** How long dispatch may take to run after the smoke test begins (hosted: a 30 s heartbeat). */
  dispatchWithinMs?: number;
  /** How long /status may take to show no component down (a new project's first runs). */
  healthyWithinMs?: number;
};

export class SmokeFailure extends Error {
  constructor(
    readonly check: string,
    message: string,
  ) {
    super(`${check}: ${message}`);
    this.name = 'SmokeFailure';
  }
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const trimSlash = (url: string) => url.replace(/\/+$/, '');

async function json<T>(check: string, response: Response): Promise<T> {
  const text = await response.text();
  if (!response.ok)
    throw new SmokeFailure(
      check,
      `${response.url} answered ${response.status}: ${text.slice(0, 300)}`,
    );
  try {
    return JSON.parse(text) as T;
  } catch {
    throw new SmokeFailure(check, `${response.url} answered something that is not JSON`);
  }
}

export async function runSmoke(target: SmokeTarget, log: (line: string) => void): Promise<void> {
  const base = trimSlash(target.projectUrl);
  const secretHeaders = { apikey: target.secretKey, Authorization: `Bearer ${target.secretKey}` };
  const pass = (check: string) => log(`  ok: ${check}`);

  // 1. /status: every part configured, nothing down. A project deployed a moment ago may not
  // have run its schedule yet (the first tick can be 30 s away): asked again until it has.
  const statusDeadline = Date.now() + (target.healthyWithinMs ?? 90_000);
  for (;;) {
    const status = await json<{
      status: string;
      components: Record<string, { status: string }>;
      not_configured?: { part: string; missing: string[] }[];
    }>('status', await fetch(`${base}/functions/v1/status`));
    if (status.not_configured?.length)
      throw new SmokeFailure(
        'status',
        `not configured: ${status.not_configured.map((p) => `${p.part} (${p.missing.join(', ')})`).join('; ')}`,
      );
    const down = Object.entries(status.components).filter(([, c]) => c.status === 'down');
    if (!down.length) {
      pass(`/status answers ${status.status}, every part configured`);
      break;
    }
    if (Date.now() > statusDeadline)
      throw new SmokeFailure('status', `down: ${down.map(([name]) => name).join(', ')}`);
    await sleep(5_000);
  }

  // 2. One pooled query over verified TLS, and the Vault secrets the schedule reads.
  const client = new pg.Client(pgConnection(target.poolerUrl, target.caBundle));
  client.on('error', () => undefined);
  let startedAt: string;
  try {
    await client.connect().catch((error: Error) => {
      throw new SmokeFailure('pooler', `no verified TLS connection: ${error.message}`);
    });
    const stream = (client as unknown as { connection: { stream: { encrypted?: boolean } } })
      .connection.stream;
    if (!stream.encrypted) throw new SmokeFailure('pooler', 'the connection is not encrypted');
    startedAt = (await client.query<{ now: string }>('select now()::text as now')).rows[0]!.now;
    pass('one query through the pooler over TLS verified against the CA bundle');

    const { rows } = await client.query<{ name: string; value: string }>(
      `select name, decrypted_secret as value from vault.decrypted_secrets
        where name in ('project_url', 'service_role_key')`,
    );
    const vault = Object.fromEntries(rows.map((row) => [row.name, row.value]));
    if (trimSlash(vault.project_url ?? '') !== base)
      throw new SmokeFailure(
        'vault',
        `project_url is ${vault.project_url ? `"${vault.project_url}"` : 'missing'}, not ${base}`,
      );
    if (!vault.service_role_key?.startsWith('sb_secret_'))
      throw new SmokeFailure(
        'vault',
        'service_role_key is missing or not a secret key (sb_secret_…)',
      );
    pass("Vault holds the schedule's project_url and secret key");
  } finally {
    await client.end().catch(() => undefined);
  }

  // 3. A dispatch run after the smoke test began: pg_cron → pg_net → dispatch → the database.
  const dispatched = (async () => {
    const deadline = Date.now() + (target.dispatchWithinMs ?? 75_000);
    for (;;) {
      const last = await json<{ finished_at: string; error: unknown } | null>(
        'dispatch',
        await fetch(`${base}/rest/v1/rpc/dispatch_last_run`, {
          method: 'POST',
          headers: { ...secretHeaders, 'Content-Type': 'application/json' },
          body: '{}',
        }),
      );
      if (last && Date.parse(last.finished_at) > Date.parse(startedAt)) {
        if (last.error)
          throw new SmokeFailure('dispatch', `the last run failed: ${JSON.stringify(last.error)}`);
        return last.finished_at;
      }
      if (Date.now() > deadline)
        throw new SmokeFailure(
          'dispatch',
          `no run since ${startedAt} (last: ${last?.finished_at ?? 'never'}): is pg_cron scheduled and Vault set?`,
        );
      await sleep(2_000);
    }
  })();

  // 4. A throwaway account: its session's signing key, then a test-mode call placed and ended.
  const email = `deploy-smoke-${randomUUID().slice(0, 8)}@example.com`;
  const password = `smoke-${randomUUID()}`;
  const created = await json<{ id: string }>(
    'account',
    await fetch(`${base}/auth/v1/admin/users`, {
      method: 'POST',
      headers: { ...secretHeaders, 'Content-Type': 'application/json' },
      body: JSON.stringify({ email, password, email_confirm: true }),
    }),
  );
  try {
    await setUpSmokeAccount(base, secretHeaders, created.id);
    const session = await json<{ access_token: string }>(
      'account',
      await fetch(`${base}/auth/v1/token?grant_type=password`, {
        method: 'POST',
        headers: { apikey: target.publishableKey, 'Content-Type': 'application/json' },
        body: JSON.stringify({ email, password }),
      }),
    );
    await checkSigningKey(base, session.access_token);
    pass("the JWKS's current signing key is asymmetric");

    const apiKey = await json<string>(
      'api key',
      await fetch(`${base}/rest/v1/rpc/generate_api_key_for_user`, {
        method: 'POST',
        headers: {
          apikey: target.publishableKey,
          Authorization: `Bearer ${session.access_token}`,
          'Content-Type': 'application/json',
        },
        body: JSON.stringify({ user_uuid: created.id, p_livemode: false }),
      }),
    );
    const task = await json<{ id: string; status: string; outcome?: string }>(
      'test call',
      await fetch(`${base}/functions/v1/task?wait=true`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${apiKey}`, 'Content-Type': 'application/json' },
        body: JSON.stringify({
          phone_number: '+14155550100',
          goal: 'Confirm that the deploy smoke test reached the simulated network',
        }),
      }),
    );
    if (!['success', 'failed', 'canceled'].includes(task.status))
      throw new SmokeFailure('test call', `${task.id} is still ${task.status} after the wait`);
    if (task.status !== 'success')
      throw new SmokeFailure(
        'test call',
        `${task.id} ended ${task.status} (${task.outcome ?? 'no outcome'})`,
      );
    pass(`a test-mode call was placed and ended (${task.id}, ${task.outcome ?? task.status})`);
  } finally {
    // Its rows go with it (they cascade from the auth user).
    await fetch(`${base}/auth/v1/admin/users/${created.id}`, {
      method: 'DELETE',
      headers: secretHeaders,
    }).catch(() => undefined);
  }

  pass(`dispatch ran at ${await dispatched}, after the smoke test began`);
}

/**
 * What a test call needs of an account today: a completed KYC record and a verified phone (a
 * fictional 555-01xx number, so it can never be a real person's). The account is deleted after.
 */
async function setUpSmokeAccount(base: string, headers: Record<string, string>, userId: string) {
  // A verified phone belongs to one account: another fictional number when this one is taken.
  for (let attempt = 0; attempt < 5; attempt += 1) {
    const response = await fetch(`${base}/rest/v1/user_kyc`, {
      method: 'POST',
      headers: { ...headers, 'Content-Type': 'application/json', Prefer: 'return=minimal' },
      body: JSON.stringify({
        user_id: userId,
        business_type: 'business',
        legal_name: 'Dialwise deploy smoke test',
        address: 'Deleted when the smoke test ends',
        use_case: 'One test-mode call on the simulated network after a deploy',
        kyc_status: 'complete',
        phone: `+120255501${String(Math.floor(Math.random() * 100)).padStart(2, '0')}`,
        phone_verified: true,
      }),
    });
    if (response.ok) return;
    if (response.status !== 409)
      throw new SmokeFailure(
        'account',
        `KYC record refused: ${response.status} ${await response.text()}`,
      );
  }
  throw new SmokeFailure('account', 'no free fictional phone number for the smoke account');
}

/** The session's signing key (by its kid) is in the JWKS and is ES256 or RS256, never HS256. */
async function checkSigningKey(base: string, accessToken: string) {
  const header = JSON.parse(
    Buffer.from(accessToken.split('.')[0] ?? '', 'base64url').toString('utf8'),
  ) as { alg?: string; kid?: string };
  if (header.alg !== 'ES256' && header.alg !== 'RS256')
    throw new SmokeFailure(
      'signing key',
      `sessions are signed ${header.alg ?? 'without an alg'}: rotate to an asymmetric JWT signing key (Settings → JWT Keys); the functions accept only ES256 and RS256`,
    );
  const jwks = await json<{ keys: { kid?: string; kty?: string }[] }>(
    'signing key',
    await fetch(`${base}/auth/v1/.well-known/jwks.json`),
  );
  const key = jwks.keys.find((candidate) => candidate.kid === header.kid);
  if (!key || (key.kty !== 'EC' && key.kty !== 'RSA'))
    throw new SmokeFailure(
      'signing key',
      `the JWKS does not publish the session's key ${header.kid}`,
    );
}
