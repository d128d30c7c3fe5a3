// A transaction-mode connection pooler in front of the local PostgreSQL, standing in for hosted
// Supabase's Supavisor on port 6543: many clients share a few server connections, each held only
// from a transaction's first message to its end. After every transaction the server connection's
// session state is reset (SESSION_RESET) before anyone else gets it, so whatever relies on it (named
// prepared statements, SET, LISTEN, temporary tables, advisory locks held across transactions)
// breaks here every time, not only when Supavisor happens to hand out another connection.
// Differences from Supavisor: supabase/local/README.md.
import { randomBytes } from 'node:crypto';
import net from 'node:net';
import tls from 'node:tls';
import pg from 'pg';

export type PoolerOptions = {
  /** The PostgreSQL behind it, as the role every client logs in as (postgres locally). */
  upstreamUrl: string;
  port: number;
  /** Server connections at most (Supavisor's "pool size"; 15 on the smallest hosted computes). */
  poolSize?: number;
  /** Client connections at most (Supavisor's "max client connections"; 200 on the smallest). */
  maxClients?: number;
  /** How long a transaction waits for a server connection before it is refused. */
  checkoutTimeoutMs?: number;
  /**
   * Serve TLS with this certificate and refuse plain connections, as Supavisor does with the
   * project's "Enforce SSL" on. Without it, the pooler answers a client's SSL request with 'N'.
   */
  tls?: { cert: string; key: string };
  log?: (line: string) => void;
};

export type Pooler = {
  url: string;
  /** Server connections open now, and the most there were at once. */
  stats(): { serverConnections: number; peakServerConnections: number; clients: number };
  close(): Promise<void>;
};

/** What the server connections call themselves in pg_stat_activity, as Supavisor's do. */
export const POOLER_APPLICATION_NAME = 'Supavisor';

const SSL_REQUEST = 80877103;
const GSSENC_REQUEST = 80877104;
const CANCEL_REQUEST = 80877102;
const PROTOCOL_3 = 196608;

type ServerConnection = {
  socket: net.Socket;
  processId: number;
  secretKey: number;
  /** Where the server's bytes go: the attached client, or the pooler itself while resetting. */
  onMessage: (type: string, message: Buffer) => void;
  onLost: () => void;
};

/** Splits a byte stream into whole protocol messages (type byte, length, body). */
function messageReader(onMessage: (type: string, message: Buffer) => void) {
  let pending: Buffer = Buffer.alloc(0);
  return (chunk: Buffer) => {
    pending = pending.length ? Buffer.concat([pending, chunk]) : chunk;
    let offset = 0;
    while (pending.length - offset >= 5) {
      const length = pending.readInt32BE(offset + 1);
      if (pending.length - offset < length + 1) break;
      onMessage(
        String.fromCharCode(pending[offset]!),
        pending.subarray(offset, offset + length + 1),
      );
      offset += length + 1;
    }
    pending = pending.subarray(offset);
  };
}

function message(type: string, body: Buffer) {
  const head = Buffer.alloc(5);
  head.write(type, 0, 'latin1');
  head.writeInt32BE(body.length + 4, 1);
  return Buffer.concat([head, body]);
}

const int32 = (value: number) => {
  const buffer = Buffer.alloc(4);
  buffer.writeInt32BE(value);
  return buffer;
};
const cstring = (value: string) => Buffer.from(`${value}\0`, 'utf8');

/** An ErrorResponse as PostgreSQL writes it. */
function errorMessage(severity: 'ERROR' | 'FATAL', code: string, text: string) {
  return message(
    'E',
    Buffer.concat([
      cstring(`S${severity}`),
      cstring(`V${severity}`),
      cstring(`C${code}`),
      cstring(`M${text}`),
      Buffer.from([0]),
    ]),
  );
}

/** Key/value pairs of a startup message's body. */
function startupParameters(body: Buffer) {
  const parts = body.subarray(8).toString('utf8').split('\0');
  const params: Record<string, string> = {};
  for (let i = 0; i + 1 < parts.length && parts[i]; i += 2) params[parts[i]!] = parts[i + 1]!;
  return params;
}

export async function startPooler(options: PoolerOptions): Promise<Pooler> {
  const upstream = new URL(options.upstreamUrl);
  const user = decodeURIComponent(upstream.username);
  const password = decodeURIComponent(upstream.password);
  const database = upstream.pathname.slice(1) || 'postgres';
  const poolSize = options.poolSize ?? 15;
  const maxClients = options.maxClients ?? 200;
  const checkoutTimeoutMs = options.checkoutTimeoutMs ?? 30_000;
  const log = options.log ?? (() => undefined);

  const idle: ServerConnection[] = [];
  const waiting: { resolve: (server: ServerConnection) => void; reject: (e: Error) => void }[] = [];
  let open = 0;
  /** Server connections being reset (SESSION_RESET): free in a moment, so nobody opens another. */
  let resetting = 0;
  let peak = 0;
  let closing = false;
  const clients = new Set<net.Socket>();
  const cancelKeys = new Map<string, () => ServerConnection | null>();
  let serverParameters: [string, string][] = [];

  /** A new server connection, logged in through pg (any auth method, TLS), then taken over raw. */
  async function connectServer(): Promise<ServerConnection> {
    const client = new pg.Client({
      connectionString: options.upstreamUrl,
      application_name: POOLER_APPLICATION_NAME,
    });
    const parameters: [string, string][] = [];
    const connection = (client as unknown as { connection: pg.Connection & { stream: net.Socket } })
      .connection;
    connection.on('parameterStatus', (m: { parameterName: string; parameterValue: string }) =>
      parameters.push([m.parameterName, m.parameterValue]),
    );
    client.on('error', () => undefined);
    await client.connect();
    if (!serverParameters.length) serverParameters = parameters;
    const socket = connection.stream;
    socket.removeAllListeners('data');
    const server: ServerConnection = {
      socket,
      processId: (client as unknown as { processID: number }).processID,
      secretKey: (client as unknown as { secretKey: number }).secretKey,
      onMessage: () => undefined,
      onLost: () => undefined,
    };
    socket.on(
      'data',
      messageReader((type, bytes) => server.onMessage(type, bytes)),
    );
    const lost = () => {
      if (!socket.destroyed) socket.destroy();
      server.onLost();
      server.onLost = () => undefined;
    };
    socket.on('close', lost);
    socket.on('error', lost);
    return server;
  }

  function dropServer(server: ServerConnection) {
    server.onLost = () => undefined;
    server.socket.destroy();
    open -= 1;
    const index = idle.indexOf(server);
    if (index >= 0) idle.splice(index, 1);
    serveWaiting();
  }

  /** Hands a free or new server connection to the longest waiting transaction. */
  function serveWaiting() {
    while (waiting.length && idle.length) waiting.shift()!.resolve(idle.shift()!);
    while (waiting.length > resetting && open < poolSize && !closing) {
      open += 1;
      peak = Math.max(peak, open);
      const next = waiting.shift()!;
      connectServer().then(
        (server) => {
          server.onLost = () => {
            open -= 1;
            serveWaiting();
          };
          next.resolve(server);
        },
        (error: Error) => {
          open -= 1;
          next.reject(error);
        },
      );
    }
  }

  function checkout(): Promise<ServerConnection> {
    return new Promise((resolve, reject) => {
      const entry = {
        resolve: (server: ServerConnection) => (clearTimeout(timer), resolve(server)),
        reject: (error: Error) => (clearTimeout(timer), reject(error)),
      };
      const timer = setTimeout(() => {
        // Already taken off the queue: a connection for it is being opened.
        const index = waiting.indexOf(entry);
        if (index < 0) return;
        waiting.splice(index, 1);
        reject(new Error('Unable to check out a server connection from the pool due to timeout'));
      }, checkoutTimeoutMs);
      waiting.push(entry);
      serveWaiting();
    });
  }

  /**
   * What DISCARD ALL does (PostgreSQL's documentation lists it as these statements) except DISCARD
   * PLANS: the plan cache is no session state a client can see, and dropping it made every
   * statement inside a PL/pgSQL function plan again in each transaction (a third of a task's
   * accept), which Supavisor, resetting nothing, never causes.
   */
  const SESSION_RESET = [
    'CLOSE ALL',
    'SET SESSION AUTHORIZATION DEFAULT',
    'RESET ALL',
    'DEALLOCATE ALL',
    'UNLISTEN *',
    'SELECT pg_advisory_unlock_all()',
    'DISCARD TEMP',
    'DISCARD SEQUENCES',
  ].join('; ');

  /** Resets a server connection's session state, then offers it to the next transaction. */
  function checkin(server: ServerConnection) {
    resetting += 1;
    server.onMessage = (type) => {
      if (type !== 'Z') return;
      resetting -= 1;
      server.onMessage = () => undefined;
      server.onLost = () => dropServer(server);
      if (closing) return dropServer(server);
      idle.push(server);
      serveWaiting();
    };
    server.onLost = () => {
      resetting -= 1;
      dropServer(server);
    };
    server.socket.write(message('Q', cstring(SESSION_RESET)));
  }

  const secureContext = options.tls ? tls.createSecureContext(options.tls) : null;

  /** The client's connection from here on in TLS: the handshake, then the same protocol. */
  function upgradeToTls(socket: net.Socket, context: tls.SecureContext) {
    socket.removeAllListeners('data');
    clients.delete(socket);
    socket.write('S');
    const secure = new tls.TLSSocket(socket, { isServer: true, secureContext: context });
    clients.add(secure);
    secure.on('error', () => socket.destroy());
    serveClient(secure, true);
  }

  function serveClient(socket: net.Socket, secured = false) {
    let started = false;
    let server: ServerConnection | null = null;
    let attaching: Promise<void> | null = null;
    /** ReadyForQuery answers still owed for what the client sent (Query, Sync, FunctionCall). */
    let owed = 0;
    const queued: Buffer[] = [];

    const fail = (code: string, text: string) => {
      socket.end(errorMessage('FATAL', code, text));
    };

    function detach(reset: boolean) {
      const held = server;
      server = null;
      if (!held) return;
      if (reset) checkin(held);
      else dropServer(held);
    }

    function attach() {
      attaching ??= checkout().then(
        (held) => {
          attaching = null;
          if (socket.destroyed) return checkin(held);
          server = held;
          held.onMessage = (type, bytes) => {
            socket.write(bytes);
            if (type === 'Z') {
              owed -= 1;
              // 'I': idle, outside any transaction block: the connection goes back to the pool.
              if (owed <= 0 && bytes[5] === 'I'.charCodeAt(0)) {
                owed = 0;
                detach(true);
                if (queued.length) attach();
              }
            }
          };
          held.onLost = () => {
            server = null;
            open -= 1;
            serveWaiting();
            fail('08006', 'The server connection behind the pooler was lost');
          };
          while (queued.length) held.socket.write(queued.shift()!);
        },
        (error: Error) => {
          attaching = null;
          fail('53300', error.message);
        },
      );
    }

    function fromClient(type: string, bytes: Buffer) {
      if (type === 'X') return socket.end();
      if (type === 'Q' || type === 'S' || type === 'F') owed += 1;
      if (server) server.socket.write(bytes);
      else {
        queued.push(bytes);
        attach();
      }
    }

    let awaitingPassword = false;
    let pending: Buffer = Buffer.alloc(0);
    const readMessages = messageReader((type, bytes) => {
      if (awaitingPassword) {
        awaitingPassword = false;
        const given = bytes.subarray(5, bytes.length - 1).toString('utf8');
        if (type !== 'p' || given !== password)
          return fail('28P01', `password authentication failed for user "${user}"`);
        const { processId, secretKey, key } = newCancelKey();
        cancelKeys.set(key, () => server);
        socket.once('close', () => cancelKeys.delete(key));
        socket.write(
          Buffer.concat([
            message('R', int32(0)),
            ...serverParameters.map(([name, value]) =>
              message('S', Buffer.concat([cstring(name), cstring(value)])),
            ),
            message('K', Buffer.concat([int32(processId), int32(secretKey)])),
            message('Z', Buffer.from('I')),
          ]),
        );
        return;
      }
      fromClient(type, bytes);
    });

    socket.on('data', (chunk: Buffer) => {
      if (started) return readMessages(chunk);
      pending = Buffer.concat([pending, chunk]);
      if (pending.length < 8) return;
      const length = pending.readInt32BE(0);
      if (pending.length < length) return;
      const body = pending.subarray(0, length);
      const rest = pending.subarray(length);
      pending = Buffer.alloc(0);
      const code = body.readInt32BE(4);
      if (code === SSL_REQUEST && secureContext && !secured)
        return upgradeToTls(socket, secureContext);
      // No GSSAPI, and no TLS when the pooler is not given a certificate: the client goes on in
      // plain text (or gives up, if it insists on TLS).
      if (code === SSL_REQUEST || code === GSSENC_REQUEST) {
        socket.write('N');
        if (rest.length) socket.emit('data', rest);
        return;
      }
      if (code === CANCEL_REQUEST) {
        const target = cancelKeys.get(`${body.readInt32BE(8)}:${body.readInt32BE(12)}`)?.();
        if (target) cancelOn(target);
        return socket.end();
      }
      if (code !== PROTOCOL_3) return fail('0A000', 'Unsupported frontend protocol');
      if (secureContext && !secured) return fail('28000', 'SSL connection is required');
      const params = startupParameters(body);
      if (params.user !== user || (params.database ?? params.user) !== database)
        return fail(
          '28000',
          `The local pooler serves only the database "${database}" as "${user}", not "${params.database}" as "${params.user}"`,
        );
      if (clients.size > maxClients) return fail('53300', 'Max client connections reached');
      started = true;
      awaitingPassword = true;
      socket.write(message('R', int32(3)));
      if (rest.length) readMessages(rest);
    });

    socket.on('error', () => undefined);
    socket.on('close', () => {
      clients.delete(socket);
      // Cut off inside a transaction or mid-statement: that connection's state is unknown.
      if (server) detach(false);
    });
  }

  function newCancelKey() {
    const random = randomBytes(8);
    const processId = random.readInt32BE(0) & 0x7fffffff;
    const secretKey = random.readInt32BE(4);
    return { processId, secretKey, key: `${processId}:${secretKey}` };
  }

  function cancelOn(server: ServerConnection) {
    const cancel = net.connect(Number(upstream.port || 5432), upstream.hostname);
    cancel.on('error', () => undefined);
    cancel.end(
      Buffer.concat([
        int32(16),
        int32(CANCEL_REQUEST),
        int32(server.processId),
        int32(server.secretKey),
      ]),
    );
  }

  // One connection up front: its parameters are what clients are told at login, and a wrong
  // upstream URL fails the stack's start instead of the first query.
  open += 1;
  peak = 1;
  const first = await connectServer();
  first.onLost = () => dropServer(first);
  idle.push(first);

  const listener = net.createServer((socket) => {
    clients.add(socket);
    socket.setNoDelay(true);
    serveClient(socket);
  });
  await new Promise<void>((resolve, reject) => {
    listener.once('error', reject);
    listener.listen(options.port, '127.0.0.1', () => resolve());
  });
  log(`[pooler] transaction mode on port ${options.port}, ${poolSize} server connections at most`);

  const url = new URL(options.upstreamUrl);
  url.port = String(options.port);
  return {
    url: url.toString(),
    stats: () => ({ serverConnections: open, peakServerConnections: peak, clients: clients.size }),
    close: async () => {
      closing = true;
      for (const entry of waiting.splice(0)) entry.reject(new Error('The pooler is shutting down'));
      for (const socket of clients) socket.destroy();
      for (const server of idle.splice(0)) dropServer(server);
      await new Promise<void>((resolve) => listener.close(() => resolve()));
    },
  };
}
