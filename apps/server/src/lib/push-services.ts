/*
 * The push services of the browsers customers use: a browser's PushSubscription endpoint is an
 * address at one of them, so a subscription anywhere else did not come from a browser and the
 * server never posts to it. PUSH_SERVICE_HOSTS adds hosts (a browser not listed here).
 */

/** `*.` covers every subdomain (not the name itself). */
export const BROWSER_PUSH_SERVICE_HOSTS: readonly string[] = [
  // Chrome, Chromium-based browsers but Edge (Opera, Samsung Internet, Brave, Vivaldi), Android.
  "fcm.googleapis.com",
  // Firefox, desktop and Android.
  "updates.push.services.mozilla.com",
  // Safari on macOS 13+ and on iOS 16.4+ home-screen apps (web.push.apple.com today).
  "*.push.apple.com",
  // Edge, through the Windows Push Notification Services (wns2-xxx.notify.windows.com).
  "*.notify.windows.com",
];

/** A host name, or `*.` and a domain; lower case (config.ts lowers what it reads). */
export const PUSH_SERVICE_HOST_PATTERN =
  /^(\*\.)?[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/;

/** Whether `hostname` (as `new URL` gives it) is one of `hosts`. */
export function isPushServiceHost(hostname: string, hosts: readonly string[]): boolean {
  return hosts.some((host) => (host.startsWith("*.") ? hostname.endsWith(host.slice(1)) : hostname === host));
}

/** Whether `url` is an address at one of `hosts`; anything that is not a URL is not. */
export function isPushServiceUrl(url: string, hosts: readonly string[]): boolean {
  try {
    return isPushServiceHost(new URL(url).hostname, hosts);
  } catch {
    return false;
  }
}
