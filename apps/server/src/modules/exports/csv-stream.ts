import { attachmentDisposition, CSV_DELIMITER, CSV_RECORD_DELIMITER } from "@vitrine/domain";
import { stringify } from "csv-stringify";
import type { FastifyReply } from "fastify";
import { Transform } from "node:stream";
import { pipeline } from "node:stream";
import type pg from "pg";
import QueryStream from "pg-query-stream";

/** Rows fetched from PostgreSQL per round trip of the cursor. */
export const EXPORT_BATCH_ROWS = 500;

export interface CsvExport<Row> {
  /** SQL and its values; read through a cursor on one connection of the exports' pool. */
  text: string;
  values: unknown[];
  headers: readonly string[];
  /** One row as its cells, already written as French Excel reads them (see csv-export.ts). */
  toRecord: (row: Row) => string[];
  fileName: string;
}

export interface CsvSendOptions {
  /** The client taking nothing more for this long cuts the download (EXPORT_STALL_SECONDS). */
  stallMs: number;
  /** Called once the export's connection is back in its pool (or was never taken). */
  onDone: () => void;
}

/**
 * Sends a query's rows as a CSV download while PostgreSQL reads them: a cursor on a connection of
 * its own (EXPORT_BATCH_ROWS at a time, as fast as the client takes them), each row made a record,
 * through csv-stringify into the reply. Whatever the size, only a batch and the streams' buffers
 * are in memory. The connection goes back to the pool at the end; on an error, a client that went
 * away or one that took nothing for `stallMs`, it is destroyed, which ends the query on the server
 * too.
 */
export async function sendCsv<Row>(
  pool: pg.Pool,
  reply: FastifyReply,
  csv: CsvExport<Row>,
  { stallMs, onDone }: CsvSendOptions,
) {
  let client: pg.PoolClient;
  try {
    client = await pool.connect();
  } catch (error) {
    onDone();
    throw error;
  }
  let released = false;
  const release = (error?: Error | null) => {
    if (released) return;
    released = true;
    client.release(error ? true : undefined);
    onDone();
  };
  const rows = client.query(new QueryStream(csv.text, csv.values, { batchSize: EXPORT_BATCH_ROWS }));
  const records = new Transform({
    objectMode: true,
    transform(row: Row, _encoding, done) {
      try {
        done(null, csv.toRecord(row));
      } catch (error) {
        done(error as Error);
      }
    },
  });
  const stringifier = stringify({
    bom: true,
    delimiter: CSV_DELIMITER,
    record_delimiter: CSV_RECORD_DELIMITER,
  });
  stringifier.write([...csv.headers]);
  pipeline(rows, records, stringifier, (error) => {
    if (error) reply.log.warn({ err: error }, "CSV export stopped");
    release(error);
  });
  // A client gone before the end: stop reading (the pipeline then destroys the cursor's stream).
  const stopReading = () => {
    if (!reply.raw.writableFinished) stringifier.destroy(new Error("the client went away"));
  };
  if (reply.raw.destroyed) stopReading();
  else reply.raw.once("close", stopReading);
  // The reply pauses the file while the socket's buffer is full, and resumes it once it drained: a
  // client that takes nothing keeps it paused, and would keep the cursor and its connection. Cut it
  // as if it had gone away.
  let stalled: NodeJS.Timeout | undefined;
  const progressed = () => {
    clearTimeout(stalled);
    stalled = undefined;
  };
  stringifier.on("pause", () => {
    stalled ??= setTimeout(() => {
      reply.log.warn({ stallMs }, "CSV export cut: its client took nothing");
      reply.raw.destroy();
    }, stallMs);
  });
  stringifier.on("resume", progressed);
  reply.raw.once("close", progressed);
  return reply
    .header("content-type", "text/csv; charset=utf-8")
    .header("content-disposition", attachmentDisposition(csv.fileName))
    .header("cache-control", "no-store")
    .send(stringifier);
}
