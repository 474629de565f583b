import { csvExportMessages } from "@vitrine/domain";
import { FileDownloadButton } from "./file-download-button";

/** "Exporter (CSV)": downloads an admin export of the server (`url`), saved under its own name. */
export function CsvExportButton({ url, fallbackName }: { url: string; fallbackName: string }) {
  return (
    <FileDownloadButton
      url={url}
      fallbackName={fallbackName}
      label={csvExportMessages.exportButton}
      busyLabel={csvExportMessages.exporting}
      failedMessage={csvExportMessages.exportFailed}
    />
  );
}
