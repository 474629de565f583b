import { useEffect } from "react";
import { Toaster } from "sonner";
import { toasterMounted } from "../../lib/toast";

/** Sonner's toaster, loaded with sonner on the first toast (lib/toast.ts). */
export function AppToaster() {
  // A parent's effects run after its children's: Toaster subscribes first, then the queue flushes.
  useEffect(toasterMounted, []);
  return <Toaster richColors position="top-center" containerAriaLabel="Notifications" />;
}
