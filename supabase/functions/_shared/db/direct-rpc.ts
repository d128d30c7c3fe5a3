// The service client with its SQL function calls (`db.rpc(fn, args)`) sent over the instance's
// direct pool instead of PostgREST; table reads and writes (`db.from`) still go through PostgREST.
// Every caller awaits the answer and checks it with `must`, which both give alike.
import type { SqlPool } from './pool.ts';

/** What this needs of the client: PostgREST's rpc, for the calls that keep its options. */
type RpcCaller = { rpc(fn: string, args: Record<string, unknown>, options: unknown): unknown };

export function withDirectRpc<Client extends object>(db: Client, pool: SqlPool | null): Client {
  if (!pool) return db;
  return new Proxy(db, {
    get(target, property) {
      if (property === 'rpc')
        return (fn: string, args: Record<string, unknown> = {}, options?: unknown) =>
          // Options (count, head, get) are PostgREST's own: those calls stay with it.
          options === undefined
            ? pool.rpc(fn, args)
            : (target as unknown as RpcCaller).rpc(fn, args, options);
      const value = Reflect.get(target, property, target);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}
