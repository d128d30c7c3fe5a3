// Connections to an address through Deno (TCP, then TLS verified for the server's name), for
// requests pinned to the address their checks approved (webhooks/pinned-request.ts). Its own
// module, so code tested under Node takes a connector instead of reaching for Deno.
/** A byte stream both ways: a TCP connection, or TLS over one. */
export type Connection = {
  readable: ReadableStream<Uint8Array>;
  writable: WritableStream<Uint8Array>;
  close(): void;
};

/** Opens a connection to `address` (never a name); with `tls`, verified for `serverName`. */
export type Connect = (to: {
  address: string;
  port: number;
  serverName: string;
  tls: boolean;
}) => Promise<Connection>;

export const connectWithDeno: Connect = async ({ address, port, serverName, tls }) => {
  const tcp = await Deno.connect({ hostname: address, port });
  if (!tls) return tcp;
  // The certificate is checked against the URL's host name, never the address.
  const conn = await Deno.startTls(tcp, { hostname: serverName });
  try {
    // Done now, so a refused certificate fails with its own reason, not a closed stream later.
    await conn.handshake();
  } catch (error) {
    try {
      conn.close();
    } catch {
      // The failed handshake closed it already.
    }
    throw error;
  }
  return conn;
};
