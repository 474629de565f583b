import { describe, expect, it } from "vitest";
import { liveCreateSchema, liveUpdateSchema } from "./live";
import { viewerKey, viewerLabel, viewerName } from "./live-selling";
import { liveSourceMessages, readLiveSource, youtubeVideoIdFrom } from "./live-sources";
import { tiktokUsernameMessages } from "./tiktok-username";

describe("a live's sources as staff paste them", () => {
  it("reduces a YouTube address to its video id, and keeps an id as it is", () => {
    const id = "dQw4w9WgXcQ";
    for (const pasted of [
      id,
      ` ${id} `,
      `https://www.youtube.com/watch?v=${id}`,
      `https://www.youtube.com/watch?feature=share&v=${id}&t=42`,
      `youtube.com/live/${id}?si=abc`,
      `https://m.youtube.com/shorts/${id}`,
      `https://youtu.be/${id}`,
      `youtu.be/${id}?t=3`,
      `http://www.youtube.com/embed/${id}`,
    ]) {
      expect(youtubeVideoIdFrom(pasted), pasted).toBe(id);
    }
  });

  it("refuses what names no YouTube video, in French", () => {
    for (const pasted of [
      "dQw4w9WgXc",
      "dQw4w9WgXcQQ",
      "dQw4w9WgX!Q",
      "https://vimeo.com/dQw4w9WgXcQ",
      "https://www.youtube.com/channel/UCx9abcdefghijklmnopqrst",
      "https://www.youtube.com/watch?list=dQw4w9WgXcQ",
      "https://youtube.com.evil.example/watch?v=dQw4w9WgXcQ",
    ]) {
      expect(youtubeVideoIdFrom(pasted), pasted).toBeNull();
      expect(readLiveSource("youtubeVideoId", pasted)).toEqual({ error: liveSourceMessages.youtubeVideo });
    }
  });

  it("takes Facebook and Instagram ids as digits only", () => {
    expect(readLiveSource("facebookLiveVideoId", " 10158234567890123 ")).toEqual({
      value: "10158234567890123",
    });
    expect(readLiveSource("instagramAccountId", "17841400000000000")).toEqual({ value: "17841400000000000" });
    expect(readLiveSource("facebookLiveVideoId", "1015x")).toEqual({
      error: liveSourceMessages.facebookLiveVideo,
    });
    expect(readLiveSource("instagramAccountId", "@maboutique")).toEqual({
      error: liveSourceMessages.instagramAccount,
    });
    expect(readLiveSource("instagramAccountId", "1".repeat(33))).toEqual({
      error: liveSourceMessages.instagramAccount,
    });
  });

  it("reads the TikTok account by the sign-up's rule, stored lowercased without @", () => {
    expect(readLiveSource("tiktokUser", " @MaBoutique ")).toEqual({ value: "maboutique" });
    expect(readLiveSource("tiktokUser", "ma boutique")).toEqual({
      error: tiktokUsernameMessages.invalidCharacters,
    });
  });

  it("reads a blank field as no source on that platform", () => {
    expect(readLiveSource("youtubeVideoId", "  ")).toEqual({ value: null });
  });

  it("leaves out of an update the sources a client does not send, and clears one sent empty", () => {
    const base = { title: "Live", ref: "live", isActive: false };
    expect(liveUpdateSchema.parse(base)).not.toHaveProperty("youtubeVideoId");
    expect(
      liveUpdateSchema.parse({
        ...base,
        youtubeVideoId: "https://youtu.be/dQw4w9WgXcQ",
        instagramAccountId: "",
      }),
    ).toMatchObject({ youtubeVideoId: "dQw4w9WgXcQ", instagramAccountId: null });
    const refused = liveCreateSchema.safeParse({
      title: "Live",
      liveDate: "2026-11-29T18:00:00.000Z",
      facebookLiveVideoId: "abc",
    });
    expect(refused.success).toBe(false);
    expect(refused.error?.issues.map((issue) => [issue.path.join("."), issue.message])).toEqual([
      ["facebookLiveVideoId", liveSourceMessages.facebookLiveVideo],
    ]);
  });
});

describe("a viewer as the back office names them", () => {
  it("names a TikTok viewer by their handle, as ever", () => {
    expect(viewerLabel("marie_dupont", "Marie")).toBe("@marie_dupont");
    expect(viewerName("marie_dupont", "Marie")).toBe("@marie_dupont");
  });

  it("names another platform's viewer by their name and platform, never by their key", () => {
    const key = viewerKey("youtube", "UCx9AbCdEfGhIjKlMnOpQrSt");
    expect(viewerLabel(key, " Léa Martin ")).toBe("Léa Martin (YouTube)");
    expect(viewerName(key, "Léa Martin")).toBe("Léa Martin");
    expect(viewerLabel(viewerKey("facebook", "1029384756"), "Paul")).toBe("Paul (Facebook)");
  });

  it("says which platform a viewer without a name comes from", () => {
    expect(viewerLabel(viewerKey("instagram", "17841400"), null)).toBe("Spectateur Instagram");
    expect(viewerName(viewerKey("facebook", "42"), "  ")).toBe("Spectateur Facebook");
  });
});
