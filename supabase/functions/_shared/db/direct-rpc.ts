// The service client with its SQL function calls (`db.rpc(fn, args)`) sent over the instance's
// direct pool instead of PostgREST; table reads and writes (`db.from`) still go through PostgREST.
// Every caller awaits the answer and checks it with `must`, which both give alike.
import type { Db } from '../db.ts';
import type { SqlPool } from './pool.ts';

export function withDirectRpc(db: Db, pool: SqlPool | null): Db {
  if (!pool) return db;
  return new Proxy(db, {
    get(target, property) {
      if (property === 'rpc')
        return (fn: string, args: Record<string, unknown> = {}, options?: unknown) =>
          // Options (count, head, get) are PostgREST's own: those calls stay with it.
          options === undefined
            ? pool.rpc(fn, args)
            : target.rpc(fn, args, options as Parameters<Db['rpc']>[2]);
      const value = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}
