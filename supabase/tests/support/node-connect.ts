// The connector pinned requests use (_shared/connect.ts), over Node's sockets, for the
// functions' code tested under Node: the same bytes Deno's connections carry in the functions.
import { connect as connectTcp } from 'node:net';
import { Readable, Writable } from 'node:stream';
import { connect as connectTls } from 'node:tls';

type Connection = {
  readable: ReadableStream<Uint8Array>;
  writable: WritableStream<Uint8Array>;
  close(): void;
};

/** Opens a connection to `address`; with `tls`, verified for `serverName` (connect.ts's Connect). */
export const connectWithNode = (to: {
  address: string;
  port: number;
  serverName: string;
  tls: boolean;
}): Promise<Connection> =>
  new Promise((resolve, reject) => {
    const { address, port, serverName, tls } = to;
    const socket = tls
      ? connectTls({ host: address, port, servername: serverName })
      : connectTcp({ host: address, port });
    socket.once(tls ? 'secureConnect' : 'connect', () => {
      socket.off('error', reject);
      resolve({
        readable: Readable.toWeb(socket) as ReadableStream<Uint8Array>,
        writable: Writable.toWeb(socket) as WritableStream<Uint8Array>,
        close: () => socket.destroy(),
      });
    });
    socket.once('error', reject);
  });
