// What the unit tests need to build claims, this feature's and the areas' (a test may import a
// feature's testing.ts; the code never does).
import type { LiveClaimView } from "@vitrine/domain";

/** A claim as the server shows it, for the unit tests: pending on réf 12 unless told otherwise. */
export function claim(
  overrides: Partial<LiveClaimView> & Pick<LiveClaimView, "id" | "version">,
): LiveClaimView {
  return {
    liveId: "live",
    seq: overrides.version,
    queueRank: overrides.seq ?? overrides.version,
    eventId: `event-${overrides.id}`,
    comment: "je prends le 12",
    handle: overrides.id,
    nickname: null,
    productId: "piece-12",
    ref: 12,
    productName: "Robe fleurie",
    sizeRead: null,
    colorRead: null,
    sizeDiffers: false,
    colorDiffers: false,
    state: "pending",
    waitlistPosition: null,
    releaseReason: null,
    orderId: null,
    orderNumber: null,
    priceCents: 2500,
    heldUntil: null,
    lateUnclaimAt: null,
    createdAt: "2026-11-26T10:00:00.000Z",
    updatedAt: "2026-11-26T10:00:00.000Z",
    handleVerified: null,
    unpaidHolds: 0,
    waitsForStaff: false,
    viaSite: false,
    doubtReason: null,
    toConfirm: false,
    doubtUntil: null,
    decidedBy: null,
    pieceSale: null,
    ...overrides,
  };
}
