import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { SERVER_NODE_FLAGS } from "./node-flags";

const root = new URL("../../../", import.meta.url);
const read = (file: string) => readFileSync(new URL(file, root), "utf8");

describe("the server's V8 settings", () => {
  it("are the same for npm start, the image, and the benchmarks' and tests' server processes", () => {
    const startScript = (JSON.parse(read("package.json")) as { scripts: { start: string } }).scripts.start;
    const dockerCmd = read("Dockerfile").match(/^CMD (\[.*\])$/m)?.[1] ?? "[]";
    const places = {
      "npm start": startScript.split(" "),
      "the image's CMD": JSON.parse(dockerCmd) as string[],
      "bench/support/demo-server.mjs": read("bench/support/demo-server.mjs"),
    };
    for (const [place, command] of Object.entries(places)) {
      for (const flag of SERVER_NODE_FLAGS) expect(command, place).toContain(flag);
    }
    expect(read("apps/server/test/support/server-process.ts")).toContain("[...SERVER_NODE_FLAGS,");
  });
});
