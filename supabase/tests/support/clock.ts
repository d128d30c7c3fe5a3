import pg from 'pg';
import { dbUrl } from './stack';

/**
 * Moves stored auth timestamps into the past, so a test can check what happens once an interval
 * (e-mail max frequency, refresh-token reuse) has passed without waiting for the wall clock.
 */
let pool: pg.Pool | null = null;
const db = () => (pool ??= new pg.Pool({ connectionString: dbUrl, max: 2 }));

export async function closeClock() {
  await pool?.end();
  pool = null;
}

/** Shifts `column` of the auth.users row of `email` back by `seconds`. */
export async function ageUserTimestamp(
  email: string,
  column: 'confirmation_sent_at' | 'recovery_sent_at' | 'email_change_sent_at',
  seconds: number,
) {
  const { rowCount } = await db().query(
    `update auth.users set ${column} = ${column} - make_interval(secs => $2) where lower(email) = lower($1)`,
    [email, seconds],
  );
  if (rowCount !== 1) throw new Error(`no auth.users row for ${email}`);
}

/** Shifts the revocation time of one refresh token back by `seconds`. */
export async function ageRefreshToken(token: string, seconds: number) {
  const { rowCount } = await db().query(
    `update auth.refresh_tokens set updated_at = updated_at - make_interval(secs => $2) where token = $1`,
    [token, seconds],
  );
  if (rowCount !== 1) throw new Error('no such refresh token');
}

/** Runs SQL as the database owner (for checks a client cannot make). */
export async function sql<T extends pg.QueryResultRow>(text: string, values: unknown[] = []) {
  return (await db().query<T>(text, values)).rows;
}

/** Forgets when `userId` last exported, so a test may export again within the minute. */
export async function forgetAccountExports(userId: string) {
  await db().query('delete from private.account_export_requests where user_id = $1', [userId]);
}
