import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  adminOrderListMessages,
  bulkStatusSummary,
  chunked,
  orderClientContact,
  orderClientName,
  orderSearchPattern,
  type OrderClientFields,
} from "./admin-order-list";
import {
  adminOrderListQuerySchema,
  bulkOrderStatusInputSchema,
  newOrderInputSchema,
} from "./api/admin-orders";

const LIVE = "7b7c0f55-2a5e-4c57-9d4b-0d6f3f2a8e11";
const USER = "0b1c2d3e-4f50-4a6b-8c7d-8e9f0a1b2c3d";

/** What PostgreSQL's ILIKE does with a pattern, for the escaping rules this module relies on. */
function ilikeMatches(pattern: string, text: string): boolean {
  let regex = "";
  for (let index = 0; index < pattern.length; index++) {
    const character = pattern.charAt(index);
    if (character === "\\") regex += (pattern.charAt(++index) || "\\").replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    else if (character === "%") regex += "[\\s\\S]*";
    else if (character === "_") regex += "[\\s\\S]";
    else regex += character.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  }
  return new RegExp(`^${regex}$`, "i").test(text);
}

describe("orderSearchPattern", () => {
  it("searches anywhere in the text, trimmed, without the handle's leading @", () => {
    expect(orderSearchPattern("  marie ")).toBe("%marie%");
    expect(orderSearchPattern("@marie_l")).toBe("%marie\\_l%");
    expect(orderSearchPattern("HF-soldes-1")).toBe("%HF-soldes-1%");
  });

  it("has nothing to search for in blank text or a lone @", () => {
    for (const text of [undefined, "", "   ", "@", " @ "]) expect(orderSearchPattern(text)).toBeNull();
  });

  it("matches exactly the texts that contain the term, case aside, wildcards taken literally", () => {
    const searchable = (term: string) => term.trim().replace(/^@+/, "").trim();
    fc.assert(
      fc.property(
        fc.string({ minLength: 1, maxLength: 6 }).filter((term) => searchable(term) !== ""),
        fc.string({ maxLength: 10 }),
        fc.string({ maxLength: 5 }),
        (term, text, around) => {
          const pattern = orderSearchPattern(term) ?? "";
          const searched = searchable(term);
          const contains = text.toLowerCase().includes(searched.toLowerCase());
          expect(ilikeMatches(pattern, text)).toBe(contains);
          expect(ilikeMatches(pattern, `${around}${searched.toUpperCase()}${around}`)).toBe(true);
        },
      ),
    );
    expect(ilikeMatches(orderSearchPattern("50%") ?? "", "remise 50% ok")).toBe(true);
    expect(ilikeMatches(orderSearchPattern("50%") ?? "", "remise 500 ok")).toBe(false);
    expect(ilikeMatches(orderSearchPattern("a_b") ?? "", "axb")).toBe(false);
  });
});

describe("an order's client", () => {
  const client = (fields: Partial<OrderClientFields>): OrderClientFields => ({
    firstName: null,
    lastName: null,
    displayName: null,
    email: null,
    tiktokUsername: null,
    ...fields,
  });

  it("is shown by name with the @handle, or the e-mail without a handle", () => {
    const marie = client({
      firstName: "Marie",
      lastName: "Durand",
      tiktokUsername: "marie_d",
      email: "m@x.fr",
    });
    expect(orderClientName(marie)).toBe("Marie Durand");
    expect(orderClientContact(marie)).toBe("@marie_d");
    const noHandle = client({ firstName: "Léa", email: "lea@example.com" });
    expect(orderClientName(noHandle)).toBe("Léa");
    expect(orderClientContact(noHandle)).toBe("lea@example.com");
  });

  it("falls back to the display name, then to the handle or e-mail, when no name is known", () => {
    expect(orderClientName(client({ displayName: "Lili ✨", tiktokUsername: "lili" }))).toBe("Lili ✨");
    expect(orderClientName(client({ tiktokUsername: "viewer_1" }))).toBe("@viewer_1");
    expect(orderClientName(client({ firstName: " ", email: "a@b.fr" }))).toBe("a@b.fr");
  });
});

describe("bulkStatusSummary", () => {
  it("says success, partial ('x mis à jour, y échec') or failure", () => {
    expect(bulkStatusSummary(12, 0)).toEqual({ tone: "success", message: "12 commandes mises à jour" });
    expect(bulkStatusSummary(1, 0)).toEqual({ tone: "success", message: "1 commande mise à jour" });
    expect(bulkStatusSummary(8, 2)).toEqual({ tone: "partial", message: "8 mis à jour, 2 échec" });
    expect(bulkStatusSummary(0, 3)).toEqual({
      tone: "failure",
      message: "Aucune des 3 commandes n'a pu être mise à jour",
    });
    expect(bulkStatusSummary(0, 1).message).toBe("La commande n'a pas pu être mise à jour");
  });
});

describe("chunked", () => {
  it("keeps every item once, in order, in slices of at most the size", () => {
    fc.assert(
      fc.property(
        fc.array(fc.integer(), { maxLength: 300 }),
        fc.integer({ min: 1, max: 60 }),
        (items, size) => {
          const chunks = chunked(items, size);
          expect(chunks.flat()).toEqual(items);
          expect(chunks.every((chunk) => chunk.length >= 1 && chunk.length <= size)).toBe(true);
          expect(chunks.slice(0, -1).every((chunk) => chunk.length === size)).toBe(true);
        },
      ),
    );
  });

  it("refuses a size that is not a positive whole number", () => {
    expect(() => chunked([1], 0)).toThrow(RangeError);
    expect(() => chunked([1], 1.5)).toThrow(RangeError);
  });
});

describe("the orders list query", () => {
  it("defaults to the first page of 50 and reads numbers from the query string", () => {
    expect(adminOrderListQuerySchema.parse({})).toEqual({ page: 1, pageSize: 50 });
    expect(adminOrderListQuerySchema.parse({ page: "3", pageSize: "100", q: "  marie " })).toEqual({
      page: 3,
      pageSize: 100,
      q: "marie",
    });
  });

  it("asks for 3 characters of free text at least, the @ of a handle aside", () => {
    for (const q of ["ab", "@ab", " a "]) {
      expect(adminOrderListQuerySchema.safeParse({ q }).error?.issues[0]?.message).toBe(
        "La recherche doit contenir au moins 3 caractères",
      );
    }
    for (const q of ["", "  ", "abc", "@abc"])
      expect(adminOrderListQuerySchema.safeParse({ q }).success).toBe(true);
  });

  it("refuses a page size over 100, a page below 1, an unknown status", () => {
    for (const query of [
      { pageSize: "101" },
      { page: "0" },
      { page: "1.5" },
      { status: "lost" },
      { liveId: "x" },
    ]) {
      expect(adminOrderListQuerySchema.safeParse(query).success).toBe(false);
    }
  });
});

describe("the new order", () => {
  const messages = (input: unknown) =>
    newOrderInputSchema.safeParse(input).error?.issues.map((issue) => [issue.path.join("."), issue.message]);

  it("needs a live and a user, each with the spec's message, whether absent, null or empty", () => {
    const expected = [
      ["liveId", adminOrderListMessages.liveRequired],
      ["userId", adminOrderListMessages.userRequired],
    ];
    expect(messages({})).toEqual(expected);
    expect(messages({ liveId: null, userId: "" })).toEqual(expected);
    expect(adminOrderListMessages.liveRequired).toBe("La sélection d'un live est obligatoire");
    expect(adminOrderListMessages.userRequired).toBe("La sélection d'un utilisateur est obligatoire");
    expect(newOrderInputSchema.parse({ liveId: LIVE, userId: USER })).toEqual({ liveId: LIVE, userId: USER });
  });

  it("names a value that is not an id", () => {
    expect(messages({ liveId: "live-1", userId: USER })).toEqual([
      ["liveId", "Le champ « liveId » doit être un identifiant (UUID) valide."],
    ]);
  });
});

describe("the bulk status change", () => {
  const messages = (input: unknown) =>
    bulkOrderStatusInputSchema.safeParse(input).error?.issues.map((issue) => issue.message);

  it("asks for a status with the spec's message", () => {
    expect(messages({ orderIds: [LIVE] })).toEqual(["Veuillez sélectionner un statut"]);
    expect(messages({ orderIds: [LIVE], status: "" })).toEqual(["Veuillez sélectionner un statut"]);
  });

  it("takes between 1 and 1000 orders", () => {
    expect(messages({ orderIds: [], status: "paid" })).toEqual([adminOrderListMessages.selectionRequired]);
    const many = Array.from({ length: 1001 }, () => LIVE);
    expect(messages({ orderIds: many, status: "paid" })).toEqual([adminOrderListMessages.tooManyOrders]);
    expect(messages({ orderIds: many.slice(1), status: "paid" })).toBeUndefined();
  });
});
