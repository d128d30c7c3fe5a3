// The call API's callers as the functions declare them (the shape of http/handler.ts's
// Authenticator): who may call, and the check that yields the account or throws ServiceError.
import type { Db } from '../db.ts';
import { type Account, authenticate } from './api-keys.ts';
import { authenticateCaller, type Caller } from './session.ts';

/** A live API key whose account may place calls. */
export const apiKeyAuth = (db: Db) => ({
  mode: 'api_key' as const,
  authenticate: (request: Request): Promise<Account> => authenticate(db, request),
});

/** An API key or a signed-in user's session, either passing the KYC and phone gate. */
export const callerAuth = (db: Db) => ({
  mode: 'either' as const,
  authenticate: (request: Request): Promise<Caller> => authenticateCaller(db, request),
});
