/**
 * The V8 settings the server runs with, wherever it starts: `npm start` (package.json), the image
 * (Dockerfile), the benchmarks' and tests' server processes. node-flags.test.ts checks they agree.
 *
 * A 64 MB semi-space: with Node's default (16 MB) the young generation filled every 50 ms under
 * load, so a page of orders still being answered was copied twice and promoted to the old
 * generation, then freed by full collections; each scavenge took 4 to 6 ms and the orders list
 * served 20 % fewer requests per second (decision 028). At 64 MB nothing is promoted. The cost:
 * up to about 190 MB more memory reserved for new objects under load.
 */
export const SERVER_NODE_FLAGS = ["--max-semi-space-size=64"] as const;
