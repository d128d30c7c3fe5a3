import bcrypt from 'bcryptjs';
import type { AuthContext, RequestMeta } from './context';
import { errors } from './errors';
import type { Mailer } from './mailer';
import { newOtp, tokenHash } from './tokens';
import {
  afterPasswordChange,
  findUserByEmail,
  findUserById,
  insertUser,
  parseGoDuration,
  userJson,
  type UserRow,
} from './users';
import { metadata, validateEmail } from './validation';

/** The admin user endpoints (service role): create, invite, list, read, update, delete. */
export function createAdminUsers(
  { pool, requireAdmin, validatePassword, safeRedirect, checkEmailRate, transaction }: AuthContext,
  { sendLinkEmail }: Mailer,
) {
  return {
    requireAdmin,
    async createUser(authorization: string | undefined, body: Record<string, unknown>) {
      await requireAdmin(authorization);
      const email = validateEmail(body.email);
      const password = body.password === undefined ? null : validatePassword(body.password);
      if (await findUserByEmail(pool, email)) throw errors.emailExists();
      const user = await transaction((db) =>
        insertUser(db, {
          email,
          password,
          userMetadata: metadata(body.user_metadata),
          appMetadata: metadata(body.app_metadata),
          confirmed: body.email_confirm === true,
        }),
      );
      return userJson(pool, user);
    },
    /**
     * GoTrue's Invite: a new user without a password, `invited_at` set, and an invitation link
     * (verified as type `invite`); an unconfirmed invitee is invited again.
     */
    async inviteUser(
      authorization: string | undefined,
      body: Record<string, unknown>,
      redirectTo: string | null,
      meta: RequestMeta,
    ) {
      await requireAdmin(authorization);
      const email = validateEmail(body.email);
      const existing = await findUserByEmail(pool, email);
      if (existing?.email_confirmed_at) throw errors.emailExists();
      checkEmailRate(existing?.confirmation_sent_at ?? null, meta);
      const otp = newOtp();
      const hash = tokenHash(email, otp);
      const user = await transaction(async (db) => {
        const invitee =
          existing ??
          (await insertUser(db, {
            email,
            password: null,
            userMetadata: metadata(body.data),
            confirmed: false,
          }));
        const { rows } = await db.query<UserRow>(
          `update auth.users set invited_at = now(), confirmation_token = $2,
             confirmation_sent_at = now(), updated_at = now() where id = $1 returning *`,
          [invitee.id, hash],
        );
        return rows[0]!;
      });
      sendLinkEmail(email, 'invite', hash, otp, safeRedirect(redirectTo));
      return userJson(pool, user);
    },
    async userFactors(authorization: string | undefined, id: string) {
      await requireAdmin(authorization);
      if (!(await findUserById(pool, id))) throw errors.userNotFound();
      return [];
    },
    /** GoTrue's adminUsers: the page in the body, the total and page links in headers. */
    async listUsers(authorization: string | undefined, page: number, perPage: number) {
      await requireAdmin(authorization);
      const { rows } = await pool.query<UserRow>(
        'select * from auth.users where deleted_at is null order by created_at desc limit $1 offset $2',
        [perPage, (page - 1) * perPage],
      );
      const total = (
        await pool.query<{ n: string }>(
          'select count(*) as n from auth.users where deleted_at is null',
        )
      ).rows[0]!.n;
      return {
        body: {
          users: await Promise.all(rows.map((u) => userJson(pool, u))),
          aud: 'authenticated',
        },
        total: Number(total),
      };
    },
    async getUser(authorization: string | undefined, id: string) {
      await requireAdmin(authorization);
      const user = await findUserById(pool, id);
      if (!user) throw errors.userNotFound();
      return userJson(pool, user);
    },
    async updateUser(authorization: string | undefined, id: string, body: Record<string, unknown>) {
      await requireAdmin(authorization);
      const user = await findUserById(pool, id);
      if (!user) throw errors.userNotFound();
      if (body.password !== undefined) {
        const hash = await bcrypt.hash(validatePassword(body.password), 10);
        await transaction(async (db) => {
          await db.query('update auth.users set encrypted_password = $2 where id = $1', [id, hash]);
          await afterPasswordChange(db, id, null);
        });
      }
      if (body.email !== undefined) {
        await pool.query('update auth.users set email = $2 where id = $1', [
          id,
          validateEmail(body.email),
        ]);
      }
      if (body.email_confirm === true) {
        await pool.query(
          'update auth.users set email_confirmed_at = coalesce(email_confirmed_at, now()) where id = $1',
          [id],
        );
      }
      if (typeof body.ban_duration === 'string' && body.ban_duration !== '') {
        // GoTrue's User.Ban: "none" (or a zero duration) lifts the ban; anything else bans
        // until now + the duration. Sessions are left as they are.
        const ms = body.ban_duration === 'none' ? 0 : parseGoDuration(body.ban_duration);
        if (ms === null)
          throw errors.validation(
            `invalid format for ban duration: time: invalid duration "${body.ban_duration}"`,
          );
        await pool.query(
          `update auth.users set banned_until = case when $2::float8 = 0 then null
             else now() + make_interval(secs => $2::float8 / 1000) end where id = $1`,
          [id, ms],
        );
      }
      if (body.user_metadata !== undefined) {
        await pool.query('update auth.users set raw_user_meta_data = $2 where id = $1', [
          id,
          metadata(body.user_metadata),
        ]);
      }
      if (body.app_metadata !== undefined) {
        await pool.query(
          'update auth.users set raw_app_meta_data = raw_app_meta_data || $2 where id = $1',
          [id, metadata(body.app_metadata)],
        );
      }
      await pool.query('update auth.users set updated_at = now() where id = $1', [id]);
      return userJson(pool, (await findUserById(pool, id))!);
    },
    async deleteUser(authorization: string | undefined, id: string) {
      await requireAdmin(authorization);
      const user = await findUserById(pool, id);
      if (!user) throw errors.userNotFound();
      await pool.query('delete from auth.users where id = $1', [id]);
      return {};
    },
  };
}
