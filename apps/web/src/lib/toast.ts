import { useSyncExternalStore } from "react";

/*
 * The app's toasts. Sonner (about 10 kB gzip) is loaded the first time a toast is shown rather
 * than with the first page: a customer arriving from a live on a phone may never see one. Screens
 * call `toast.success(...)` as they would sonner's; the toaster itself is mounted by
 * `useToasterRequested` (app/providers.tsx) once the first toast asks for it.
 */

type ToastKind = "success" | "error" | "warning" | "info";
export interface ToastOptions {
  description?: string;
}

let requested = false;
const listeners = new Set<() => void>();
let markMounted: () => void = () => {};
// Sonner's toaster only shows toasts published after it subscribed: they wait for it.
const mounted = new Promise<void>((resolve) => {
  markMounted = resolve;
});

function show(kind: ToastKind, message: string, options?: ToastOptions): void {
  if (!requested) {
    requested = true;
    listeners.forEach((listener) => listener());
  }
  void Promise.all([import("sonner"), mounted]).then(([{ toast: sonner }]) => {
    sonner[kind](message, options);
  });
}

/** Takes every toast off the screen, those still waiting for the toaster included. */
function dismissAll(): void {
  if (!requested) return;
  void Promise.all([import("sonner"), mounted]).then(([{ toast: sonner }]) => {
    sonner.dismiss();
  });
}

export const toast = {
  dismissAll,
  success: (message: string, options?: ToastOptions) => show("success", message, options),
  error: (message: string, options?: ToastOptions) => show("error", message, options),
  warning: (message: string, options?: ToastOptions) => show("warning", message, options),
  info: (message: string, options?: ToastOptions) => show("info", message, options),
};

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Whether a toast was asked for, so the toaster must be on the page. */
export function useToasterRequested(): boolean {
  return useSyncExternalStore(subscribe, () => requested);
}

/** Called by the toaster once it listens: the toasts waiting for it are shown. */
export function toasterMounted(): void {
  markMounted();
}
