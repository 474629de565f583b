import { FAKE_VITRINE_TOKEN, startFakeVitrine } from "@vitrine/bridge-kit/fake-vitrine";
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import {
  errorFixture,
  listPage,
  scriptedChat,
  startFakeYouTube,
  textMessage,
} from "./fixtures/youtube-api.mjs";

const here = path.dirname(fileURLToPath(import.meta.url));
const cleanups = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const page = (token, ids) => ({
  status: 200,
  body: listPage({
    items: ids.map((id) => textMessage({ id, text: `je prends le ${id}` })),
    nextPageToken: token,
    pollingIntervalMillis: 20,
  }),
});

/** run.mjs with `args`, without the caller's YouTube settings: its exit code and output. */
function run(args, env = {}) {
  const child = spawn(process.execPath, [path.join(here, "run.mjs"), ...args], {
    cwd: here,
    env: {
      ...process.env,
      YOUTUBE_API_KEY: "",
      YOUTUBE_ACCESS_TOKEN: "",
      YOUTUBE_API_URL: "",
      ...env,
    },
  });
  let output = "";
  child.stdout.on("data", (chunk) => (output += chunk));
  child.stderr.on("data", (chunk) => (output += chunk));
  return new Promise((resolve) => child.on("exit", (code) => resolve({ code, output })));
}

async function fakes(pages) {
  const youtube = await startFakeYouTube(scriptedChat(pages, { pollingIntervalMillis: 20 }));
  const vitrine = await startFakeVitrine();
  const folder = mkdtempSync(path.join(tmpdir(), "vitrine-youtube-run-"));
  cleanups.push(
    () => youtube.close(),
    () => vitrine.close(),
    () => rmSync(folder, { recursive: true, force: true }),
  );
  const common = ["--live", "L1", "--url", vitrine.url, "--token", FAKE_VITRINE_TOKEN, "--spool", folder];
  return { youtube, vitrine, folder, common };
}

describe("npm run live:youtube (run.mjs)", () => {
  it("asks for an API key or an access token, in French, before doing anything", async () => {
    const { code, output } = await run(["--live", "L1", "--video", "abc"]);
    expect(code).toBe(2);
    expect(output).toContain(
      "Il faut une clé d'API YouTube (--api-key ou YOUTUBE_API_KEY) ou un jeton OAuth",
    );
  });

  it("reads a live from its video until the chat ends, then exits 0 with its counts", async () => {
    const { youtube, vitrine, folder, common } = await fakes([
      page("p1", ["h1"]),
      page("p2", ["a", "b"]),
      page("p3", ["c"]),
      errorFixture("liveChatEnded"),
    ]);
    const { code, output } = await run([...common, "--video", "fAkeVideo01", "--hours", "0.0001"], {
      YOUTUBE_API_URL: youtube.url,
      YOUTUBE_API_KEY: "env-key",
    });
    expect(code, output).toBe(0);
    expect(vitrine.stored).toEqual(["a", "b", "c"]);
    expect(youtube.listCalls().every((call) => call.params.get("key") === "env-key")).toBe(true);
    expect(output).toContain("Le live YouTube est terminé");
    expect(output).toContain("received 3, acknowledged 3");
    expect(output).toContain("1 of history");
    expect(vitrine.statuses.at(-1)).toMatchObject({ state: "stopped", source: "youtube" });
    expect(JSON.parse(readFileSync(path.join(folder, "L1", "youtube-progress.json"), "utf8"))).toMatchObject({
      pageToken: "p3",
      spent: 1 + 5 * 4,
    });
  });

  it("exits 1 when YouTube refuses the access token", async () => {
    const { youtube, common } = await fakes([errorFixture("authError")]);
    const { code, output } = await run([...common, "--chat", "chat-1", "--api-url", youtube.url], {
      YOUTUBE_ACCESS_TOKEN: "ya29.expired",
    });
    expect(code).toBe(1);
    expect(output).toContain("YouTube refuse la clé d'API ou le jeton (401 authError)");
    expect(youtube.listCalls()[0]?.headers.authorization).toBe("Bearer ya29.expired");
  });
});
