import { httpMessages, mailSentResponseSchema, shopResponseSchema } from "@vitrine/domain";
import { afterEach, describe, expect, it, vi } from "vitest";
import { apiFetch, ApiError, errorMessage } from "./api-client";

function replyWith(status: number, body: string) {
  const fetchMock = vi.fn(async () => new Response(body, { status }));
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

async function failure(promise: Promise<unknown>): Promise<ApiError> {
  const error: unknown = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  if (!(error instanceof ApiError)) throw new Error("expected an ApiError");
  return error;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("apiFetch", () => {
  it("sends JSON on the same origin and returns the parsed reply", async () => {
    const fetchMock = replyWith(202, JSON.stringify({ status: "sent" }));
    await expect(
      apiFetch("/api/auth/magic-link", {
        response: mailSentResponseSchema,
        method: "POST",
        body: { email: "a@b.fr" },
      }),
    ).resolves.toEqual({ status: "sent" });
    expect(fetchMock).toHaveBeenCalledWith(
      "/api/auth/magic-link",
      expect.objectContaining({
        method: "POST",
        credentials: "same-origin",
        body: JSON.stringify({ email: "a@b.fr" }),
      }),
    );
  });

  it("turns the server's error body into an ApiError with its code, message and fields", async () => {
    replyWith(
      409,
      JSON.stringify({
        code: "TIKTOK_USERNAME_TAKEN",
        message: "Ce pseudo TikTok est déjà utilisé",
        fields: { tiktokUsername: "Ce pseudo TikTok est déjà utilisé" },
      }),
    );
    const error = await failure(
      apiFetch("/api/auth/signup", { response: mailSentResponseSchema, method: "POST", body: {} }),
    );
    expect(error).toMatchObject({
      status: 409,
      code: "TIKTOK_USERNAME_TAKEN",
      message: "Ce pseudo TikTok est déjà utilisé",
      fields: { tiktokUsername: "Ce pseudo TikTok est déjà utilisé" },
    });
  });

  it("falls back to the unknown-error message and a code from the status when the body is not JSON", async () => {
    replyWith(429, "<html>Too Many Requests</html>");
    const error = await failure(apiFetch("/api/auth/magic-link", { response: mailSentResponseSchema }));
    expect(error).toMatchObject({ status: 429, code: "RATE_LIMITED", message: httpMessages.unknownError });
  });

  it("keeps the message but not an unknown code or malformed fields", async () => {
    replyWith(400, JSON.stringify({ code: "SOMETHING_NEW", message: "Message", fields: { email: 3 } }));
    const error = await failure(apiFetch("/api/x", { response: mailSentResponseSchema }));
    expect(error).toMatchObject({ code: "VALIDATION_FAILED", message: "Message", fields: undefined });
  });

  it("refuses a successful reply that is not JSON", async () => {
    replyWith(200, "<!doctype html><html></html>");
    const error = await failure(apiFetch("/api/shop", { response: shopResponseSchema }));
    expect(error.message).toBe(httpMessages.unknownError);
  });

  it("refuses a successful reply whose JSON is not the agreed shape", async () => {
    replyWith(200, JSON.stringify({ shop: { name: "Vitrine" } }));
    const error = await failure(apiFetch("/api/shop", { response: shopResponseSchema }));
    expect(error).toMatchObject({ code: "INTERNAL", message: httpMessages.unknownError });
  });
});

describe("errorMessage", () => {
  it("shows the server's French message, and a French fallback for anything else", () => {
    expect(errorMessage(new ApiError(404, { code: "ACCOUNT_NOT_FOUND", message: "Aucun compte" }))).toBe(
      "Aucun compte",
    );
    expect(errorMessage(new TypeError("Failed to fetch"))).toBe(httpMessages.unknownError);
  });
});
