import net from "node:net";

export interface TcpProxy {
  port: number;
  /** Stops answering: the listener closes and every connection through it is cut. */
  stop: () => Promise<void>;
  /** Answers again on the same port. */
  start: () => Promise<void>;
  /**
   * Cuts every connection and keeps the new ones without a word (a server out of reach, not
   * stopped): whoever connects waits; `start` cuts them and answers again.
   */
  silence: () => Promise<void>;
}

/**
 * A TCP relay to `target` on a port of its own: stopping it makes the target unreachable for
 * whoever talks through it (a database that stopped, a server that went away) without touching
 * the target, which other tests may share.
 */
export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  const sockets = new Set<net.Socket>();
  let server: net.Server | null = null;
  let port = 0;
  let silent = false;

  const listen = () =>
    new Promise<void>((resolve, reject) => {
      const next = net.createServer((client) => {
        if (silent) {
          sockets.add(client);
          client.on("close", () => sockets.delete(client));
          client.on("error", () => client.destroy());
          return;
        }
        const upstream = net.connect(target.port, target.host);
        for (const socket of [client, upstream]) {
          sockets.add(socket);
          socket.on("close", () => sockets.delete(socket));
          socket.on("error", () => {
            client.destroy();
            upstream.destroy();
          });
        }
        client.pipe(upstream);
        upstream.pipe(client);
      });
      next.once("error", reject);
      next.listen(port, "127.0.0.1", () => {
        port = (next.address() as net.AddressInfo).port;
        server = next;
        resolve();
      });
    });

  const cutAll = () => {
    for (const socket of sockets) socket.destroy();
    sockets.clear();
  };

  await listen();
  return {
    get port() {
      return port;
    },
    stop: async () => {
      const closing = server;
      server = null;
      // Stops accepting first, so no connection slips in after the others are cut.
      const closed = closing ? new Promise<void>((resolve) => closing.close(() => resolve())) : null;
      for (const socket of sockets) socket.destroy();
      sockets.clear();
      await closed;
    },
    start: () => {
      if (silent) {
        silent = false;
        cutAll();
      }
      return server ? Promise.resolve() : listen();
    },
    silence: async () => {
      silent = true;
      cutAll();
      if (!server) await listen();
    },
  };
}
