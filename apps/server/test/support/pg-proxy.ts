import net from "node:net";

export type PgProxyState = "open" | "refusing" | "silent";

/**
 * A TCP proxy in front of PostgreSQL, for the tests that cut the app off its database: `open`
 * forwards, `refusing` drops every connection at once (a stopped server), `silent` keeps new
 * connections without a word (a server out of reach). Leaving `open` drops the connections it had.
 */
export async function startPgProxy() {
  let target: { host: string; port: number } | null = null;
  let state: PgProxyState = "open";
  const sockets = new Set<net.Socket>();
  const track = (socket: net.Socket) => {
    sockets.add(socket);
    socket.on("close", () => sockets.delete(socket));
    socket.on("error", () => socket.destroy());
  };
  const server = net.createServer((client) => {
    track(client);
    if (state === "refusing" || !target) return void client.destroy();
    if (state === "silent") return;
    const upstream = net.connect(target.port, target.host);
    track(upstream);
    client.pipe(upstream);
    upstream.pipe(client);
    client.on("close", () => upstream.destroy());
    upstream.on("close", () => client.destroy());
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const address = server.address();
  if (address === null || typeof address === "string") throw new Error("the proxy has no port");

  return {
    /** The database URL through the proxy; the proxy forwards to the URL's own host and port. */
    urlFor(databaseUrl: string): string {
      const url = new URL(databaseUrl);
      target = { host: url.hostname, port: Number(url.port || 5432) };
      url.hostname = "127.0.0.1";
      url.port = String(address.port);
      return url.toString();
    },
    set(next: PgProxyState) {
      if (next !== state) for (const socket of sockets) socket.destroy();
      state = next;
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
