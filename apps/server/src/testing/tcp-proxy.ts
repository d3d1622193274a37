// A TCP proxy in front of a backend (PostgreSQL) that a test cuts and restores, to take the backend away from
// a running server as an outage would and give it back, without touching the backend other tests share.
import net from 'node:net';

export interface TcpProxy {
  /** Where the proxy listens, on 127.0.0.1. */
  port: number;
  /** Drops every connection and stops listening: new connections are refused, as when the backend is down. */
  cut(): Promise<void>;
  /** Listens again on the same port: new connections reach the backend. */
  restore(): Promise<void>;
  close(): Promise<void>;
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const sockets = new Set<net.Socket>();
  const server = net.createServer((client) => {
    const upstream = net.connect(target.port, target.host);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
      // One side failing ends the pair, as a dropped line would.
      socket.on('error', () => {
        client.destroy();
        upstream.destroy();
      });
    }
    client.pipe(upstream).pipe(client);
  });

  const listen = (port: number) =>
    new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => {
        server.off('error', reject);
        resolve();
      });
    });
  const stop = async () => {
    for (const socket of sockets) socket.destroy();
    if (!server.listening) return;
    await new Promise<void>((resolve, reject) =>
      server.close((error) => (error ? reject(error) : resolve())),
    );
  };

  await listen(0);
  const address = server.address();
  if (!address || typeof address === 'string') throw new Error('the TCP proxy has no port');
  return { port: address.port, cut: stop, restore: () => listen(address.port), close: stop };
}
