import { HttpError } from './errors.ts';

/** The user of a request's `Authorization: Bearer <jwt>`; otherwise a 401 saying `message`. */
export async function requireUser<User>(
  request: Request,
  userFromToken: (token: string) => Promise<User | null>,
  message: string,
): Promise<User> {
  const token = /^Bearer\s+(\S+)$/i.exec(request.headers.get('Authorization') ?? '')?.[1];
  const user = token ? await userFromToken(token) : null;
  if (!user) throw new HttpError(401, 'unauthorized', message);
  return user;
}
