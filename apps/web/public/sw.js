/* global self */
/*
 * Vitrine's service worker, at the site's root: it shows the shop's push notifications (a piece
 * reserved, a reminder, a hold expired, a piece handed over) and opens their page on a click. It
 * caches nothing: the app works as before without it.
 */

self.addEventListener("push", (event) => {
  let notice = null;
  try {
    notice = event.data ? event.data.json() : null;
  } catch {
    notice = null;
  }
  if (!notice || typeof notice.title !== "string") return;
  event.waitUntil(
    self.registration.showNotification(notice.title, {
      body: typeof notice.body === "string" ? notice.body : "",
      tag: typeof notice.tag === "string" ? notice.tag : undefined,
      lang: "fr",
      data: { url: typeof notice.url === "string" ? notice.url : "/" },
    }),
  );
});

self.addEventListener("notificationclick", (event) => {
  event.notification.close();
  const target = new URL(event.notification.data?.url ?? "/", self.location.origin);
  // Only the shop's own pages are opened from a notification.
  const url = target.origin === self.location.origin ? target.href : self.location.origin + "/";
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: "window", includeUncontrolled: true });
      const open = windows.find((client) => client.url === url);
      if (open) return open.focus();
      return self.clients.openWindow(url);
    })(),
  );
});
