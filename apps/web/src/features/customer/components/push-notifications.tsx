import { pushMessages, pushSubscriptionRequestSchema } from "@vitrine/domain";
import { useEffect, useState } from "react";
import { BusyButton } from "../../../components/ui/busy-button";
import { Card, CardContent, CardHeader, CardTitle } from "../../../components/ui/card";
import { isApiError } from "../../../lib/api-client";
import { toast } from "../../../lib/toast";
import { deleteSubscription, fetchPushKey, saveSubscription } from "../api/push";

/** Where the service worker is served: the site's root, so that it may show any page's notices. */
const SERVICE_WORKER_URL = "/sw.js";

type PushState = "checking" | "unsupported" | "denied" | "enabled" | "disabled";

function supportsPush(): boolean {
  return (
    typeof window !== "undefined" &&
    "serviceWorker" in navigator &&
    "PushManager" in window &&
    "Notification" in window
  );
}

async function currentSubscription(): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker.getRegistration(SERVICE_WORKER_URL);
  return (await registration?.pushManager.getSubscription()) ?? null;
}

async function readState(): Promise<PushState> {
  if (!supportsPush()) return "unsupported";
  if (Notification.permission === "denied") return "denied";
  return (await currentSubscription()) ? "enabled" : "disabled";
}

/** The VAPID key as PushManager wants it: bytes, from the server's base64url. */
function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, "+").replace(/_/g, "/");
  const binary = atob(base64 + "=".repeat((4 - (base64.length % 4)) % 4));
  const bytes = new Uint8Array(new ArrayBuffer(binary.length));
  for (let i = 0; i < binary.length; i++) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

async function enable(): Promise<PushState> {
  const registration = await navigator.serviceWorker.register(SERVICE_WORKER_URL);
  const permission = await Notification.requestPermission();
  if (permission === "denied") return "denied";
  if (permission !== "granted") return "disabled";
  const { publicKey } = await fetchPushKey();
  const subscription = await registration.pushManager.subscribe({
    userVisibleOnly: true,
    applicationServerKey: keyBytes(publicKey),
  });
  // The browser's own shape, checked as the server will check it.
  await saveSubscription(pushSubscriptionRequestSchema.parse(subscription.toJSON()));
  return "enabled";
}

async function disable(): Promise<PushState> {
  const subscription = await currentSubscription();
  if (subscription) {
    await deleteSubscription(subscription.endpoint);
    await subscription.unsubscribe();
  }
  return "disabled";
}

const stateText: Record<Exclude<PushState, "checking">, string> = {
  unsupported: pushMessages.unsupported,
  denied: pushMessages.denied,
  enabled: pushMessages.enabled,
  disabled: pushMessages.disabled,
};

/**
 * The profile's "Notifications" section: this device's web push for the customer's claims, on or
 * off, and why it cannot be when the browser says no.
 */
export function PushNotifications() {
  const [state, setState] = useState<PushState>("checking");
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    let current = true;
    readState().then(
      (read) => current && setState(read),
      () => current && setState("unsupported"),
    );
    return () => {
      current = false;
    };
  }, []);

  const change = async (action: () => Promise<PushState>) => {
    setBusy(true);
    try {
      const next = await action();
      setState(next);
      if (next === "enabled") toast.success(pushMessages.enabled);
      else if (next === "denied") toast.error(pushMessages.denied);
      else if (state === "enabled") toast.success(pushMessages.disabled);
    } catch (error) {
      // This browser's subscription is another account's (a shared device): the server says so,
      // and this account does not get its notifications here.
      if (isApiError(error) && error.code === "CONFLICT") {
        toast.error(error.message);
        setState("disabled");
        return;
      }
      toast.error(pushMessages.failed);
      setState(await readState().catch((): PushState => "unsupported"));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card>
      <CardHeader>
        <CardTitle>Notifications</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col items-start gap-4">
        <p className="text-sm text-muted-foreground">
          Recevez sur cet appareil une notification quand un article vous est réservé, avant la fin de sa
          réservation, et quand elle prend fin.
        </p>
        <p role="status" className="font-medium">
          {state === "checking" ? "" : stateText[state]}
        </p>
        {state === "enabled" ? (
          <BusyButton type="button" variant="outline" busy={busy} onClick={() => void change(disable)}>
            Désactiver les notifications
          </BusyButton>
        ) : state === "disabled" ? (
          <BusyButton type="button" busy={busy} onClick={() => void change(enable)}>
            Activer les notifications
          </BusyButton>
        ) : null}
      </CardContent>
    </Card>
  );
}
