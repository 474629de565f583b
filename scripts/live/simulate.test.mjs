import { describe, expect, it } from "vitest";
import { DEMO_LIVE_INGEST_TOKEN } from "./ingest-client.mjs";
import { readSimulatorArgs } from "./simulate.mjs";

describe("live:simulate's command line", () => {
  it("targets the server the settings describe when --url is not given", () => {
    const live = ["--live", "nouveautes"];
    expect(readSimulatorArgs(live, {}).options?.url).toBe("http://localhost:3000");
    expect(readSimulatorArgs(live, { PORT: "3400" }).options?.url).toBe("http://localhost:3400");
    expect(
      readSimulatorArgs(live, { PORT: "3400", APP_URL: "https://boutique.example.fr" }).options?.url,
    ).toBe("https://boutique.example.fr");
    expect(
      readSimulatorArgs(live, { APP_URL: "https://boutique.example.fr", VITRINE_URL: "http://127.0.0.1:9" })
        .options?.url,
    ).toBe("http://127.0.0.1:9");
    expect(
      readSimulatorArgs([...live, "--url", "http://10.0.0.2:3000"], { APP_URL: "https://b.example.fr" })
        .options?.url,
    ).toBe("http://10.0.0.2:3000");
  });

  it("answers --help and -h with the usage, not an error", () => {
    expect(readSimulatorArgs(["--help"], {})).toEqual({ help: true });
    expect(readSimulatorArgs(["-h"], {})).toEqual({ help: true });
  });

  it("reads every option, with the defaults the usage promises", () => {
    expect(readSimulatorArgs(["--live", "nouveautes"], {}).options).toEqual({
      url: "http://localhost:3000",
      token: DEMO_LIVE_INGEST_TOKEN,
      liveRef: "nouveautes",
      rate: 5,
      durationSeconds: Infinity,
      viewers: 200,
      seed: 1,
    });
    expect(
      readSimulatorArgs(
        [
          "--live",
          "x",
          "--rate",
          "2.5",
          "--duration",
          "30",
          "--viewers",
          "10",
          "--seed",
          "7",
          "--token",
          "t",
        ],
        { LIVE_INGEST_TOKEN: "ignored" },
      ).options,
    ).toMatchObject({ liveRef: "x", rate: 2.5, durationSeconds: 30, viewers: 10, seed: 7, token: "t" });
    expect(readSimulatorArgs(["--live", "x"], { LIVE_INGEST_TOKEN: "from-env" }).options?.token).toBe(
      "from-env",
    );
  });

  it.each([
    [[], "--live <ref> is required"],
    [["--live", "x", "--rate", "vite"], '--rate must be a positive number, not "vite"'],
    [["--live", "x", "--rate", "0"], '--rate must be a positive number, not "0"'],
    [["--live", "x", "--duration", "0"], "--duration must be a positive number of seconds"],
    [["--live", "x", "--viewers", "1.5"], "--viewers must be a positive whole number"],
    [["--live", "x", "--url", "localhost"], "--url must be an address such as http://localhost:3000"],
    [["--live", "x", "--bogus"], "Unknown option '--bogus'"],
  ])("refuses %j with a message instead of a stack trace", (args, message) => {
    const read = readSimulatorArgs(args, {});
    expect(read.options).toBeUndefined();
    expect(read.error).toContain(message);
  });
});
