import { describe, expect, it } from "vitest";
import { orderListQueryOf } from "./order-filters";

const LIVE = "7b7c0f55-2a5e-4c57-9d4b-0d6f3f2a8e11";
const empty = { status: "", liveId: "", userId: "", q: "", page: "", pageSize: "" };

describe("orderListQueryOf", () => {
  it("turns the URL's values into the API's query", () => {
    expect(orderListQueryOf(empty)).toEqual({ page: 1, pageSize: 50 });
    expect(
      orderListQueryOf({
        status: "paid",
        liveId: LIVE,
        userId: LIVE,
        q: " @marie ",
        page: "3",
        pageSize: "100",
      }),
    ).toEqual({ status: "paid", liveId: LIVE, userId: LIVE, q: "marie", page: 3, pageSize: 100 });
  });

  it("leaves out what the API would refuse, and a search too short to send", () => {
    expect(
      orderListQueryOf({
        status: "lost",
        liveId: "live-1",
        userId: "42",
        q: "ma",
        page: "-2",
        pageSize: "500",
      }),
    ).toEqual({ page: 1, pageSize: 50 });
  });

  it("checks a live and a user as the API does: a hex id of no UUID version is left out", () => {
    // Shaped like a UUID, but its version digit is 0: the API answers 400 to it.
    const noVersion = "7b7c0f55-2a5e-0c57-9d4b-0d6f3f2a8e11";
    expect(orderListQueryOf({ ...empty, liveId: noVersion, userId: noVersion })).toEqual({
      page: 1,
      pageSize: 50,
    });
  });
});
