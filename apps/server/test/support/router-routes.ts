import type { FastifyInstance } from "fastify";

export interface RouterRoute {
  method: string;
  url: string;
}

/**
 * Every route the router holds, read from Fastify's route tree (`printRoutes`): each line is a
 * path segment under its parent, with its methods in parentheses when a route ends there.
 */
export function routerRoutes(app: FastifyInstance): RouterRoute[] {
  const routes: RouterRoute[] = [];
  const prefixes: string[] = [];
  for (const line of app.printRoutes({ commonPrefix: false }).split("\n")) {
    const match = line.match(/^([│\s]*)[├└]── (.*?)(?: \(([^)]*)\))?$/u);
    if (!match) continue;
    const depth = (match[1] ?? "").length / 4;
    const path = (prefixes[depth - 1] ?? "") + (match[2] ?? "");
    prefixes[depth] = path;
    prefixes.length = depth + 1;
    for (const method of (match[3] ?? "").split(",").map((m) => m.trim())) {
      if (method && method !== "HEAD") routes.push({ method, url: path });
    }
  }
  return routes;
}
