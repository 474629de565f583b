import { describe, expect, it } from "vitest";
import { LIVE_PLATFORMS, livePlatformLabels, viewerKey, viewerPlatform } from "./live-selling";

describe("a viewer's key across platforms", () => {
  it("keeps a TikTok handle as the sidebar always had it", () => {
    expect(viewerKey("tiktok", " @Marie_Dupont ")).toBe("marie_dupont");
    expect(viewerPlatform("marie_dupont")).toBe("tiktok");
  });

  it("puts another platform's author id behind the platform's name, lowercased", () => {
    expect(viewerKey("youtube", "UCx9AbC")).toBe("youtube:ucx9abc");
    expect(viewerKey("facebook", "102938")).toBe("facebook:102938");
    expect(viewerKey("instagram", "17841400")).toBe("instagram:17841400");
  });

  it("gives each key its platform back, and no two platforms one key", () => {
    for (const platform of LIVE_PLATFORMS) expect(viewerPlatform(viewerKey(platform, "Lea"))).toBe(platform);
    const keys = LIVE_PLATFORMS.map((platform) => viewerKey(platform, "lea"));
    expect(new Set(keys).size).toBe(LIVE_PLATFORMS.length);
  });

  it("leaves nothing of a blank author, which no claim is read from", () => {
    expect(viewerKey("youtube", "  ")).toBe("");
  });

  it("names every platform in French as the platform writes itself", () => {
    expect(LIVE_PLATFORMS.map((platform) => livePlatformLabels[platform])).toEqual([
      "TikTok",
      "YouTube",
      "Facebook",
      "Instagram",
    ]);
  });
});
