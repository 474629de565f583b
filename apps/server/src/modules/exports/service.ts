import {
  csvExportMessages,
  exportFileName,
  LIVE_SALES_EXPORT_HEADERS,
  liveFiguresMessages,
  ORDER_EXPORT_HEADERS,
  USER_EXPORT_HEADERS,
  type AdminOrderFilters,
} from "@vitrine/domain";
import type { FastifyReply } from "fastify";
import type { AppContext } from "../module";
import { connectSidePool } from "../../db/client";
import { DomainError } from "../../http/errors";
import { orderListStatements, type OrderExportRow } from "../admin-orders";
import { sendCsv, type CsvSendOptions } from "./csv-stream";
import { LIVE_SALES_SQL, liveSaleRecord, orderRecord, USERS_SQL, userRecord } from "./queries";

/**
 * Exports an instance runs at once, each on a connection of the exports' pool for as long as its
 * client takes to download the file; another one asked meanwhile is refused.
 */
export const EXPORTS_AT_ONCE = 2;

export function createExportService({ db, config }: Pick<AppContext, "db" | "config">) {
  // However slow their clients, exports never take a connection the app's requests wait for.
  const pool = connectSidePool(db.$client, EXPORTS_AT_ONCE);
  const stallMs = config.exportStallSeconds * 1000;
  let running = 0;

  /** Runs an export in one of the instance's slots, freed once its connection is back. */
  async function inSlot(send: (options: CsvSendOptions) => Promise<FastifyReply>) {
    if (running >= EXPORTS_AT_ONCE) throw new DomainError("RATE_LIMITED", csvExportMessages.busy);
    running += 1;
    let left = false;
    const onDone = () => {
      if (left) return;
      left = true;
      running -= 1;
    };
    try {
      return await send({ stallMs, onDone });
    } catch (error) {
      onDone();
      throw error;
    }
  }

  return {
    /** The orders the orders page's filters keep, every page of them. */
    sendOrders(reply: FastifyReply, filters: AdminOrderFilters) {
      const { all } = orderListStatements(filters);
      return inSlot((options) =>
        sendCsv<OrderExportRow>(
          pool,
          reply,
          {
            text: all.text,
            values: all.values,
            headers: ORDER_EXPORT_HEADERS,
            toRecord: orderRecord,
            fileName: exportFileName(["commandes"], new Date()),
          },
          options,
        ),
      );
    },

    /** Every piece of a live: its buyer, price and what became of it. */
    sendLiveSales(reply: FastifyReply, liveId: string) {
      return inSlot(async (options) => {
        const { rows } = await pool.query<{ ref: string }>("SELECT ref FROM lives WHERE id = $1", [liveId]);
        const live = rows[0];
        if (!live) throw new DomainError("NOT_FOUND", liveFiguresMessages.liveNotFound);
        return sendCsv(
          pool,
          reply,
          {
            text: LIVE_SALES_SQL,
            values: [liveId],
            headers: LIVE_SALES_EXPORT_HEADERS,
            toRecord: liveSaleRecord,
            fileName: exportFileName(["ventes", live.ref], new Date()),
          },
          options,
        );
      });
    },

    /** The users page's customers. */
    sendUsers(reply: FastifyReply) {
      return inSlot((options) =>
        sendCsv(
          pool,
          reply,
          {
            text: USERS_SQL,
            values: [],
            headers: USER_EXPORT_HEADERS,
            toRecord: userRecord,
            fileName: exportFileName(["utilisateurs"], new Date()),
          },
          options,
        ),
      );
    },

    /** Ends the exports' pool once the server has stopped (its downloads are over by then). */
    close: () => pool.end(),
  };
}

export type ExportService = ReturnType<typeof createExportService>;
