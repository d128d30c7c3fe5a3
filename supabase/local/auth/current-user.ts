import bcrypt from 'bcryptjs';
import type { AuthContext, RequestMeta } from './context';
import { errors } from './errors';
import type { Mailer } from './mailer';
import { afterPasswordChange, findUserByEmail, findUserById, userJson } from './users';
import { metadata, validateEmail } from './validation';

/** The signed-in user reads and updates itself (password, metadata, e-mail change). */
export function createCurrentUser(
  { pool, requireUser, validatePassword, safeRedirect, transaction }: AuthContext,
  { sendEmailChange }: Mailer,
) {
  return {
    async getUser(authorization: string | undefined) {
      const { user } = await requireUser(authorization);
      return userJson(pool, user);
    },

    async updateUser(
      authorization: string | undefined,
      body: Record<string, unknown>,
      redirectTo: string | null,
      meta: RequestMeta,
    ) {
      const { claims, user } = await requireUser(authorization);
      if (body.phone !== undefined) throw errors.validation('Unsupported phone provider');
      const password = body.password !== undefined ? validatePassword(body.password) : null;
      const data = body.data !== undefined ? metadata(body.data) : null;
      let newEmail: string | null = null;
      if (body.email !== undefined) {
        const email = validateEmail(body.email);
        if (email !== user.email) {
          if (await findUserByEmail(pool, email)) throw errors.emailExists();
          newEmail = email;
        }
      }
      await transaction(async (db) => {
        if (password !== null) {
          await db.query('update auth.users set encrypted_password = $2 where id = $1', [
            user.id,
            await bcrypt.hash(password, 10),
          ]);
          await afterPasswordChange(db, user.id, claims.session_id ?? null);
        }
        if (data !== null) {
          await db.query('update auth.users set raw_user_meta_data = $2 where id = $1', [
            user.id,
            { ...(user.raw_user_meta_data ?? {}), ...data },
          ]);
        }
        if (newEmail) {
          const fresh = (await findUserById(db, user.id))!;
          await sendEmailChange(db, fresh, newEmail, safeRedirect(redirectTo), meta);
        }
        await db.query('update auth.users set updated_at = now() where id = $1', [user.id]);
      });
      return userJson(pool, (await findUserById(pool, user.id))!);
    },
  };
}
