import type pg from 'pg';

/** auth.users rows and the user JSON GoTrue returns. */
export type UserRow = {
  id: string;
  aud: string;
  role: string;
  email: string | null;
  encrypted_password: string | null;
  email_confirmed_at: Date | null;
  confirmation_token: string | null;
  confirmation_sent_at: Date | null;
  recovery_token: string | null;
  recovery_sent_at: Date | null;
  email_change: string | null;
  email_change_token_new: string | null;
  email_change_sent_at: Date | null;
  last_sign_in_at: Date | null;
  invited_at: Date | null;
  raw_app_meta_data: Record<string, unknown> | null;
  raw_user_meta_data: Record<string, unknown> | null;
  created_at: Date;
  updated_at: Date;
  phone: string | null;
  confirmed_at: Date | null;
  banned_until: Date | null;
  is_anonymous: boolean;
};

export type IdentityRow = {
  id: string;
  provider_id: string;
  user_id: string;
  identity_data: Record<string, unknown>;
  provider: string;
  last_sign_in_at: Date | null;
  created_at: Date;
  updated_at: Date;
  email: string | null;
};

const iso = (d: Date | null | undefined) => (d ? d.toISOString() : undefined);

export function toUserJson(user: UserRow, identities: IdentityRow[]) {
  return {
    id: user.id,
    aud: user.aud,
    role: user.role,
    email: user.email ?? '',
    email_confirmed_at: iso(user.email_confirmed_at),
    phone: user.phone ?? '',
    confirmation_sent_at: iso(user.confirmation_sent_at),
    invited_at: iso(user.invited_at),
    confirmed_at: iso(user.confirmed_at),
    recovery_sent_at: iso(user.recovery_sent_at),
    email_change_sent_at: iso(user.email_change_sent_at),
    new_email: user.email_change || undefined,
    last_sign_in_at: iso(user.last_sign_in_at),
    // GoTrue omits it unless the user was ever banned (omitempty).
    banned_until: iso(user.banned_until),
    app_metadata: user.raw_app_meta_data ?? {},
    user_metadata: user.raw_user_meta_data ?? {},
    identities: identities.map((identity) => ({
      identity_id: identity.id,
      id: identity.provider_id,
      user_id: identity.user_id,
      identity_data: identity.identity_data,
      provider: identity.provider,
      last_sign_in_at: iso(identity.last_sign_in_at),
      created_at: iso(identity.created_at),
      updated_at: iso(identity.updated_at),
      email: identity.email ?? undefined,
    })),
    created_at: iso(user.created_at),
    updated_at: iso(user.updated_at),
    is_anonymous: user.is_anonymous,
  };
}

/** GoTrue's User.IsBanned: banned_until set and still ahead. */
export function isBanned(user: Pick<UserRow, 'banned_until'>, now = new Date()): boolean {
  return user.banned_until !== null && user.banned_until > now;
}

/**
 * Go's time.ParseDuration, which GoTrue applies to an admin's ban_duration: a sign, then one or
 * more decimal numbers each with a unit (ns, us, µs, ms, s, m, h), e.g. "876000h", "1h30m";
 * "0" alone. Milliseconds, or null when it does not parse.
 */
export function parseGoDuration(text: string): number | null {
  const match = /^([-+]?)((?:(?:\d+\.?\d*|\.\d+)(?:ns|us|µs|ms|s|m|h))+|0)$/.exec(text);
  if (!match) return null;
  if (match[2] === '0') return 0;
  const unitMs: Record<string, number> = {
    ns: 1e-6,
    us: 1e-3,
    µs: 1e-3,
    ms: 1,
    s: 1000,
    m: 60_000,
    h: 3_600_000,
  };
  let total = 0;
  for (const part of match[2]!.matchAll(/(\d+\.?\d*|\.\d+)(ns|us|µs|ms|s|m|h)/g))
    total += Number(part[1]) * unitMs[part[2]!]!;
  return match[1] === '-' ? -total : total;
}

export type Queryable = Pick<pg.Pool | pg.PoolClient, 'query'>;

export async function findUserByEmail(db: Queryable, email: string) {
  const { rows } = await db.query<UserRow>(
    'select * from auth.users where lower(email) = lower($1) and deleted_at is null limit 1',
    [email],
  );
  return rows[0] ?? null;
}

export async function findUserById(db: Queryable, id: string) {
  if (!/^[0-9a-f-]{36}$/i.test(id)) return null;
  const { rows } = await db.query<UserRow>(
    'select * from auth.users where id = $1 and deleted_at is null',
    [id],
  );
  return rows[0] ?? null;
}

export async function identitiesOf(db: Queryable, userId: string) {
  const { rows } = await db.query<IdentityRow>(
    'select * from auth.identities where user_id = $1 order by created_at',
    [userId],
  );
  return rows;
}

export async function userJson(db: Queryable, user: UserRow) {
  return toUserJson(user, await identitiesOf(db, user.id));
}
