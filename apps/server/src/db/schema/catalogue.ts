import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { createdAt, updatedAt } from "./columns";
import { lives } from "./lives";

export const productColors = pgTable(
  "product_colors",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    hexCode: text("hex_code").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex("product_colors_name_key").on(table.name),
    check("product_colors_hex_format", sql`${table.hexCode} ~ '^#[0-9A-Fa-f]{6}$'`),
  ],
);

export const products = pgTable(
  "products",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    liveId: uuid("live_id")
      .notNull()
      .references(() => lives.id, { onDelete: "restrict" }),
    ref: integer("ref").notNull(),
    name: text("name").notNull(),
    priceCents: integer("price_cents").notNull(),
    size: text("size"),
    colorId: uuid("color_id").references(() => productColors.id, { onDelete: "restrict" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex("products_live_ref_key").on(table.liveId, table.ref),
    index("products_color_idx").on(table.colorId),
    check("products_price_non_negative", sql`${table.priceCents} >= 0`),
    check("products_ref_positive", sql`${table.ref} > 0`),
  ],
);
