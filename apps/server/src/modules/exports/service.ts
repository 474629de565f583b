import {
  exportFileName,
  LIVE_SALES_EXPORT_HEADERS,
  liveFiguresMessages,
  ORDER_EXPORT_HEADERS,
  USER_EXPORT_HEADERS,
  type AdminOrderFilters,
} from "@vitrine/domain";
import type { FastifyReply } from "fastify";
import type { AppContext } from "../module";
import { DomainError } from "../../http/errors";
import { orderListStatements, type OrderExportRow } from "../admin-orders";
import { sendCsv } from "./csv-stream";
import { LIVE_SALES_SQL, liveSaleRecord, orderRecord, USERS_SQL, userRecord } from "./queries";

export function createExportService({ db }: Pick<AppContext, "db">) {
  const pool = db.$client;
  return {
    /** The orders the orders page's filters keep, every page of them. */
    async sendOrders(reply: FastifyReply, filters: AdminOrderFilters) {
      const { all } = orderListStatements(filters);
      return sendCsv<OrderExportRow>(pool, reply, {
        text: all.text,
        values: all.values,
        headers: ORDER_EXPORT_HEADERS,
        toRecord: orderRecord,
        fileName: exportFileName(["commandes"], new Date()),
      });
    },

    /** Every piece of a live: its buyer, price and what became of it. */
    async sendLiveSales(reply: FastifyReply, liveId: string) {
      const { rows } = await pool.query<{ ref: string }>("SELECT ref FROM lives WHERE id = $1", [liveId]);
      const live = rows[0];
      if (!live) throw new DomainError("NOT_FOUND", liveFiguresMessages.liveNotFound);
      return sendCsv(pool, reply, {
        text: LIVE_SALES_SQL,
        values: [liveId],
        headers: LIVE_SALES_EXPORT_HEADERS,
        toRecord: liveSaleRecord,
        fileName: exportFileName(["ventes", live.ref], new Date()),
      });
    },

    /** The users page's customers. */
    async sendUsers(reply: FastifyReply) {
      return sendCsv(pool, reply, {
        text: USERS_SQL,
        values: [],
        headers: USER_EXPORT_HEADERS,
        toRecord: userRecord,
        fileName: exportFileName(["utilisateurs"], new Date()),
      });
    },
  };
}

export type ExportService = ReturnType<typeof createExportService>;
