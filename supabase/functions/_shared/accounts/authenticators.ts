// The call API's callers as the functions declare them (the shape of http/handler.ts's
// Authenticator): who may call, and the check that yields the account or throws ServiceError.
import type { Db } from '../db.ts';
import {
  type Account,
  apiKeyFrom,
  authenticate,
  checkKeyBeforeWrite,
  requireKeyShape,
} from './api-keys.ts';
import {
  authenticateCaller,
  authenticateSession,
  type Caller,
  sessionLivemode,
  sessionTokenFrom,
} from './session.ts';

/** A live API key whose account may place calls. */
export const apiKeyAuth = (db: Db) => ({
  mode: 'api_key' as const,
  authenticate: (request: Request): Promise<Account> => authenticate(db, request),
});

/**
 * An API key or a signed-in user's session, either passing the KYC and phone gate. Where the
 * write checks the key itself (task_create, batch_create), a session is checked first, and a key
 * before the body is read (a yes of the last seconds is taken again: the write checks it anyway).
 */
export const callerAuth = (db: Db) => ({
  mode: 'either' as const,
  authenticate: (request: Request): Promise<Caller> => authenticateCaller(db, request),
  async withWrite(
    request: Request,
  ): Promise<{ caller: Caller; credential: null } | { caller: null; credential: string }> {
    const session = sessionTokenFrom(request);
    if (session)
      return {
        caller: await authenticateSession(db, session, sessionLivemode(request)),
        credential: null,
      };
    const key = requireKeyShape(apiKeyFrom(request));
    await checkKeyBeforeWrite(db, key);
    return { caller: null, credential: key };
  },
});
