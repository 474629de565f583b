import { describe, expect, it } from "vitest";
import * as z from "zod/mini";
import {
  HANDLE_PLATFORMS,
  PLATFORM_HANDLE_NAME_MAX_LENGTH,
  cleanPlatformHandleName,
  platformHandleInputSchema,
  platformHandleMessages,
  platformHandleNameError,
  platformHandleNameKey,
  platformHandleParamsSchema,
  staffLiveAccountLinkSchema,
  staffViewerError,
  staffViewerKey,
} from "./platform-handles";

describe("a customer's account on another platform", () => {
  it("is named on every platform but TikTok, whose handle is the account's own", () => {
    expect(HANDLE_PLATFORMS).toEqual(["youtube", "facebook", "instagram"]);
    expect(z.safeParse(platformHandleParamsSchema, { platform: "tiktok" }).success).toBe(false);
    const twitch = z.safeParse(platformHandleParamsSchema, { platform: "twitch" });
    expect(twitch.error?.issues[0]?.message).toBe(platformHandleMessages.platformUnknown);
  });

  it("keeps the name as shown, cleaned the way people paste it", () => {
    expect(cleanPlatformHandleName("  @Léa   Martin ")).toBe("Léa Martin");
    expect(z.parse(platformHandleInputSchema, { name: " @lea.martin" })).toEqual({ name: "lea.martin" });
  });

  it("compares a comment's author name with it whatever the case, the @ or the spaces", () => {
    expect(platformHandleNameKey("@LÉA  Martin")).toBe(platformHandleNameKey("léa martin"));
    expect(platformHandleNameKey("Léa Martin")).not.toBe(platformHandleNameKey("Lea Martin"));
  });

  it("refuses a blank, too long or unstorable name, in French", () => {
    expect(platformHandleNameError("   ")).toBe(platformHandleMessages.nameRequired);
    expect(platformHandleNameError(" @ ")).toBe(platformHandleMessages.nameRequired);
    expect(platformHandleNameError("L".repeat(PLATFORM_HANDLE_NAME_MAX_LENGTH))).toBeNull();
    expect(platformHandleNameError("L".repeat(PLATFORM_HANDLE_NAME_MAX_LENGTH + 1))).toBe(
      platformHandleMessages.nameTooLong,
    );
    expect(platformHandleNameError("Léa\u0000")).toBe(platformHandleMessages.nameUnstorable);
    const missing = z.safeParse(platformHandleInputSchema, {});
    expect(missing.error?.issues[0]?.message).toBe(platformHandleMessages.nameRequired);
  });

  it("says which platform a proof is waited on, with the account's code", () => {
    expect(platformHandleMessages.toVerify("VT-7K3QX", "youtube")).toBe(
      "À vérifier : commentez VT-7K3QX pendant un live YouTube",
    );
  });
});

describe("a viewer staff link by hand", () => {
  it("is a key as the live shows it, or the platform's author id alone", () => {
    expect(staffViewerKey("youtube", " youtube:UCx9AbC ")).toBe("youtube:ucx9abc");
    expect(staffViewerKey("youtube", "YouTube:UCx9AbC")).toBe("youtube:ucx9abc");
    expect(staffViewerKey("youtube", "UCx9AbC")).toBe("youtube:ucx9abc");
    expect(staffViewerKey("facebook", "102938")).toBe("facebook:102938");
    expect(staffViewerKey("instagram", "@lea.martin")).toBe("instagram:lea.martin");
  });

  it("is refused blank or of another platform, in French, on the viewer field", () => {
    expect(staffViewerKey("youtube", "facebook:102938")).toBeNull();
    expect(staffViewerError("youtube", "facebook:102938")).toBe(
      platformHandleMessages.viewerOtherPlatform("youtube"),
    );
    expect(staffViewerError("youtube", "tiktok:lea")).toBe(
      platformHandleMessages.viewerOtherPlatform("youtube"),
    );
    expect(staffViewerError("youtube", "  ")).toBe(platformHandleMessages.viewerRequired);
    expect(staffViewerError("youtube", "youtube:")).toBe(platformHandleMessages.viewerRequired);
    expect(staffViewerError("youtube", "U".repeat(200))).toBe(platformHandleMessages.viewerTooLong);
    expect(staffViewerError("youtube", "UCx9AbC")).toBeNull();
    const refused = z.safeParse(staffLiveAccountLinkSchema, { platform: "youtube", viewer: "facebook:1" });
    expect(refused.error?.issues).toMatchObject([
      { path: ["viewer"], message: platformHandleMessages.viewerOtherPlatform("youtube") },
    ]);
  });
});
