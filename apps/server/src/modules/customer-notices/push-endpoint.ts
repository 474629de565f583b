import { pushMessages } from "@vitrine/domain";
import type { AppConfig } from "../../config";
import { isPrivateHost } from "../../lib/private-address";
import { isPushServiceHost } from "../../lib/push-services";

export type PushEndpointPolicy = Pick<AppConfig, "pushServiceHosts" | "pushAllowPrivateAddresses">;

export type PushEndpointCheck = { ok: true; url: URL } | { ok: false; message: string };

/**
 * Whether the server may post to a subscription's endpoint, checked when it is subscribed and
 * again before each send (a row kept from before a rule, or a setting changed since). A browser's
 * endpoint is an https address at its push service; anything else is someone's attempt to make
 * the shop call an address of their choosing. The host is read as `new URL` reads it, the way the
 * request will: `2130706433`, `0x7f.1` and `[::ffff:7f00:1]` are all 127.0.0.1 there.
 */
export function checkPushEndpoint(endpoint: string, policy: PushEndpointPolicy): PushEndpointCheck {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return { ok: false, message: pushMessages.invalidSubscription };
  }
  const allowPrivate = policy.pushAllowPrivateAddresses;
  if (!allowPrivate && isPrivateHost(url.hostname))
    return { ok: false, message: pushMessages.privateAddress };
  const schemeAllowed = url.protocol === "https:" || (allowPrivate && url.protocol === "http:");
  if (!schemeAllowed || !isPushServiceHost(url.hostname, policy.pushServiceHosts)) {
    return { ok: false, message: pushMessages.notPushService };
  }
  return { ok: true, url };
}
