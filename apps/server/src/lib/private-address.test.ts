import type { LookupAddress } from "node:dns";
import { describe, expect, it } from "vitest";
import { connectionLookup, isPrivateAddress, isPrivateHost } from "./private-address";

describe("isPrivateAddress", () => {
  it.each([
    "127.0.0.1",
    "127.255.255.254",
    "0.0.0.0",
    "10.1.2.3",
    "100.64.0.1",
    "100.127.255.255",
    "169.254.169.254",
    "172.16.0.1",
    "172.31.255.255",
    "192.168.0.1",
    "192.0.0.192",
    "198.18.0.1",
    "224.0.0.1",
    "255.255.255.255",
    "168.63.129.16",
    "::",
    "::1",
    "[::1]",
    "::ffff:127.0.0.1",
    "::ffff:7f00:1",
    "0:0:0:0:0:ffff:a9fe:a9fe",
    "::ffff:0:a9fe:a9fe",
    "::127.0.0.1",
    "64:ff9b::10.0.0.1",
    "fc00::1",
    "fd00:ec2::254",
    "fe80::1",
    "fe80::1%eth0",
    "febf::1",
    "ff02::1",
    "2001:db8::1",
    "2002:7f00:1::1",
    "not an address",
  ])("refuses %s", (address) => {
    expect(isPrivateAddress(address)).toBe(true);
  });

  it.each([
    "142.250.74.106",
    "100.128.0.1",
    "172.32.0.1",
    "169.255.0.1",
    "8.8.8.8",
    "2a00:1450:4007:80e::200a",
    "2600:1f18::1",
    "::ffff:142.250.74.106",
    "64:ff9b::8.8.8.8",
  ])("lets %s through", (address) => {
    expect(isPrivateAddress(address)).toBe(false);
  });
});

describe("isPrivateHost", () => {
  it("reads a URL's host: addresses by their value, local-only names by their suffix", () => {
    for (const host of [
      "127.0.0.1",
      "[::ffff:7f00:1]",
      "localhost",
      "localhost.",
      "a.localhost",
      "x.internal",
    ]) {
      expect(isPrivateHost(host), host).toBe(true);
    }
    for (const host of ["fcm.googleapis.com", "localhost.example.com", "8.8.8.8", "[2a00:1450::1]"]) {
      expect(isPrivateHost(host), host).toBe(false);
    }
  });
});

/** What the lookup hands the socket, or the error it fails with. */
function lookUp(answers: LookupAddress[], options: { all?: boolean; family?: number }, allowPrivate = false) {
  const lookup = connectionLookup(async () => answers, { allowPrivate });
  return new Promise<{ error: NodeJS.ErrnoException | null; address: unknown; family?: number }>((resolve) =>
    lookup("push.example", options, (error, address, family) => resolve({ error, address, family })),
  );
}

describe("connectionLookup", () => {
  it("hands the socket the answers, one or all, of the family asked", async () => {
    const answers = [
      { address: "2a00:1450::1", family: 6 },
      { address: "142.250.74.106", family: 4 },
    ];
    expect(await lookUp(answers, { all: true })).toEqual({
      error: null,
      address: answers,
      family: undefined,
    });
    expect(await lookUp(answers, {})).toEqual({ error: null, address: "2a00:1450::1", family: 6 });
    expect(await lookUp(answers, { family: 4 })).toEqual({
      error: null,
      address: "142.250.74.106",
      family: 4,
    });
  });

  it("fails when any answer is private, unless private addresses are allowed", async () => {
    const answers = [
      { address: "142.250.74.106", family: 4 },
      { address: "10.0.0.7", family: 4 },
    ];
    const refused = await lookUp(answers, { all: true });
    expect(refused.error?.code).toBe("EPRIVATEADDRESS");
    expect(refused.error?.message).toContain("10.0.0.7");
    expect((await lookUp(answers, { all: true }, true)).address).toEqual(answers);
  });
});
