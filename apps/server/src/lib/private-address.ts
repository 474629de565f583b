import type { LookupAddress } from "node:dns";
import { lookup as systemLookup } from "node:dns/promises";
import { isIPv4, isIPv6, type LookupFunction } from "node:net";

/*
 * Addresses the server must never be made to call on someone else's word (a customer's push
 * endpoint): the machine itself, the networks it sits in, and the clouds' metadata services,
 * which hand out the machine's credentials to whoever asks from inside.
 */

type Range = readonly [base: string, prefix: number];

const PRIVATE_IPV4: readonly Range[] = [
  ["0.0.0.0", 8], // "this network"; 0.0.0.0 reaches the machine itself
  ["10.0.0.0", 8],
  ["100.64.0.0", 10], // carrier-grade NAT; Alibaba Cloud's metadata (100.100.100.200)
  ["127.0.0.0", 8],
  ["169.254.0.0", 16], // link-local: AWS, GCP, Azure and others' metadata (169.254.169.254)
  ["172.16.0.0", 12],
  ["192.0.0.0", 24], // IETF protocol assignments; Oracle Cloud's metadata (192.0.0.192)
  ["192.0.2.0", 24],
  ["192.88.99.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4], // multicast
  ["240.0.0.0", 4], // reserved, broadcast
  ["168.63.129.16", 32], // Azure's host services, reachable from every Azure machine
];

const PRIVATE_IPV6: readonly Range[] = [
  ["::", 96], // unspecified, loopback, and the old IPv4-compatible forms (::127.0.0.1)
  ["64:ff9b:1::", 48], // local-use NAT64
  ["100::", 64], // discard
  ["2001::", 32], // Teredo
  ["2001:db8::", 32],
  ["2002::", 16], // 6to4, an IPv4 address inside
  ["3fff::", 20],
  ["fc00::", 7], // unique-local; AWS's metadata over IPv6 (fd00:ec2::254)
  ["fe80::", 10], // link-local
  ["fec0::", 10], // site-local
  ["ff00::", 8], // multicast
];

/** Prefixes whose last 32 bits are an IPv4 address, judged as that address. */
const IPV4_INSIDE_IPV6: readonly Range[] = [
  ["::ffff:0:0", 96], // IPv4-mapped: ::ffff:127.0.0.1
  ["::ffff:0:0:0", 96], // IPv4-translated
  ["64:ff9b::", 96], // NAT64: a public IPv4 address seen from an IPv6-only network
];

/**
 * Names that by convention never leave the machine or its network (RFC 6761, 6762, 8375, and
 * ICANN's .internal): refused before any resolver is asked.
 */
const LOCAL_NAME = /(^|\.)(localhost|local|internal|home\.arpa)$/i;

function ipv4Number(address: string): number {
  return address.split(".").reduce((value, part) => value * 256 + Number(part), 0);
}

function inIpv4Range(value: number, [base, prefix]: Range): boolean {
  const size = 2 ** (32 - prefix);
  return Math.floor(value / size) === Math.floor(ipv4Number(base) / size);
}

/** The address as a 128-bit number; IPv6 text in any of its spellings (zone index dropped). */
function ipv6Number(address: string): bigint {
  let text = address.toLowerCase().replace(/%.*$/, "");
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text)?.[1];
  if (dotted) {
    const value = ipv4Number(dotted);
    const high = Math.floor(value / 65536).toString(16);
    text = `${text.slice(0, -dotted.length)}${high}:${(value % 65536).toString(16)}`;
  }
  const [head = "", tail] = text.split("::");
  const headWords = head === "" ? [] : head.split(":");
  const tailWords = tail === undefined || tail === "" ? [] : tail.split(":");
  const zeros = Array.from({ length: 8 - headWords.length - tailWords.length }, () => "0");
  return [...headWords, ...zeros, ...tailWords].reduce(
    (value, word) => (value << 16n) | BigInt(Number.parseInt(word, 16)),
    0n,
  );
}

function inIpv6Range(value: bigint, [base, prefix]: Range): boolean {
  const shift = BigInt(128 - prefix);
  return value >> shift === ipv6Number(base) >> shift;
}

function isPrivateIpv4(address: string): boolean {
  const value = ipv4Number(address);
  return PRIVATE_IPV4.some((range) => inIpv4Range(value, range));
}

/**
 * Whether the IP address (IPv4 dotted, or IPv6 in any spelling, brackets allowed) is one the
 * server must not call: private, loopback, link-local, unique-local, shared (CGNAT), reserved or
 * a cloud's metadata service. Anything that is not an IP address at all counts as private: a
 * caller that mistakes a name for an address is refused rather than let through.
 */
export function isPrivateAddress(address: string): boolean {
  const bare = address.replace(/^\[(.*)\]$/, "$1");
  if (isIPv4(bare)) return isPrivateIpv4(bare);
  if (!isIPv6(bare)) return true;
  const value = ipv6Number(bare);
  if (IPV4_INSIDE_IPV6.some((range) => inIpv6Range(value, range))) {
    const embedded = Number(value & 0xffffffffn);
    return isPrivateIpv4([24, 16, 8, 0].map((shift) => (embedded >>> shift) & 255).join("."));
  }
  return PRIVATE_IPV6.some((range) => inIpv6Range(value, range));
}

/**
 * Whether a URL's host (as `new URL` gives it: IPv4 in dotted decimal whatever its spelling,
 * IPv6 in brackets, names lowercased) names a private address or a local-only name.
 */
export function isPrivateHost(hostname: string): boolean {
  const host = hostname.replace(/\.$/, "");
  if (isIPv4(host) || host.startsWith("[")) return isPrivateAddress(host);
  return host === "" || LOCAL_NAME.test(host);
}

/** Every address a name resolves to (a test puts its own answers here). */
export type ResolveHost = (hostname: string) => Promise<LookupAddress[]>;

export const resolveWithSystem: ResolveHost = (hostname) =>
  systemLookup(hostname, { all: true, verbatim: true });

/**
 * A lookup for a connection (http.request's `lookup`) that resolves with `resolve` and, unless
 * `allowPrivate`, fails when any answer is a private address: the check is made on the very
 * answer the socket connects to, so a name that resolved elsewhere a moment before (or one
 * pointed inside on purpose) cannot slip through. IP literals are never looked up: their
 * caller checks them with isPrivateHost first.
 */
export function connectionLookup(resolve: ResolveHost, { allowPrivate }: { allowPrivate: boolean }) {
  const lookup: LookupFunction = (hostname, options, callback) => {
    const family = options.family === "IPv4" ? 4 : options.family === "IPv6" ? 6 : options.family;
    resolve(hostname).then(
      (answers) => {
        const refused = allowPrivate ? undefined : answers.find((answer) => isPrivateAddress(answer.address));
        if (refused) {
          const error: NodeJS.ErrnoException = new Error(
            `${hostname} resolves to a private address (${refused.address}): not contacted`,
          );
          error.code = "EPRIVATEADDRESS";
          return callback(error, "", 0);
        }
        const usable = family === 4 || family === 6 ? answers.filter((a) => a.family === family) : answers;
        const first = usable[0];
        if (!first) {
          const error: NodeJS.ErrnoException = new Error(`${hostname} has no address`);
          error.code = "ENOTFOUND";
          return callback(error, "", 0);
        }
        if (options.all) callback(null, usable);
        else callback(null, first.address, first.family);
      },
      (error: NodeJS.ErrnoException) => callback(error, "", 0),
    );
  };
  return lookup;
}
