import { DownloadIcon } from "lucide-react";
import { useState } from "react";
import { Button } from "../../../components/ui/button";
import { toast } from "../../../lib/toast";

/** The file name the server gave (Content-Disposition), else `fallback`. */
function fileNameOf(disposition: string | null, fallback: string): string {
  const encoded = disposition?.match(/filename\*=UTF-8''([^;]+)/i)?.[1];
  if (encoded) return decodeURIComponent(encoded);
  return disposition?.match(/filename="([^"]+)"/i)?.[1] ?? fallback;
}

async function refusalOf(response: Response, failed: string): Promise<string> {
  try {
    const body = (await response.json()) as { message?: unknown };
    return typeof body.message === "string" ? body.message : failed;
  } catch {
    return failed;
  }
}

export interface FileDownloadButtonProps {
  /** An admin download of the server. */
  url: string;
  /** The file's name when the server gives none. */
  fallbackName: string;
  label: string;
  /** Shown while the file comes. */
  busyLabel: string;
  /** Said when the server or the network failed without a reason of its own. */
  failedMessage: string;
}

/**
 * Downloads `url` and saves it under the name the server gave. Asked through fetch rather than
 * followed as a link, so that a refusal or a network failure is said in a toast instead of saving
 * an error as a file.
 */
export function FileDownloadButton({
  url,
  fallbackName,
  label,
  busyLabel,
  failedMessage,
}: FileDownloadButtonProps) {
  const [busy, setBusy] = useState(false);
  async function download() {
    setBusy(true);
    try {
      const response = await fetch(url, { credentials: "same-origin" });
      if (!response.ok) {
        toast.error(await refusalOf(response, failedMessage));
        return;
      }
      const blob = await response.blob();
      const link = document.createElement("a");
      link.href = URL.createObjectURL(blob);
      link.download = fileNameOf(response.headers.get("content-disposition"), fallbackName);
      document.body.append(link);
      link.click();
      link.remove();
      // The browser has taken the file by the next task.
      setTimeout(() => URL.revokeObjectURL(link.href), 0);
    } catch {
      toast.error(failedMessage);
    } finally {
      setBusy(false);
    }
  }
  return (
    <Button type="button" variant="outline" onClick={() => void download()} disabled={busy} aria-busy={busy}>
      <DownloadIcon aria-hidden />
      {busy ? busyLabel : label}
    </Button>
  );
}
