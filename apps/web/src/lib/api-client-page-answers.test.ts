import { mailSentResponseSchema, shopResponseSchema } from "@vitrine/domain";
import { afterEach, describe, expect, it, vi } from "vitest";

const shop = { shop: { name: "Vitrine", contactEmail: "contact@vitrine.test", postalAddress: "1 rue" } };

/** api-client as it starts in a page the server wrote these answers into. */
async function apiClientInPageWith(answers: unknown) {
  vi.resetModules();
  vi.stubGlobal("document", {
    getElementById: (id: string) =>
      id === "vitrine-api-answers" ? { textContent: JSON.stringify(answers) } : null,
  });
  return import("./api-client");
}

function replyWith(status: number, body: string) {
  const fetchMock = vi.fn(async () => new Response(body, { status }));
  vi.stubGlobal("fetch", fetchMock);
  return fetchMock;
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("apiFetch in a page carrying the server's answers", () => {
  it("takes a URL's answer once, without a request, then asks the API", async () => {
    const { apiFetch } = await apiClientInPageWith({ "/api/shop": { status: 200, body: shop } });
    const fetchMock = replyWith(200, JSON.stringify(shop));
    await expect(apiFetch("/api/shop", { response: shopResponseSchema })).resolves.toEqual(shop);
    expect(fetchMock).not.toHaveBeenCalled();
    await apiFetch("/api/shop", { response: shopResponseSchema });
    expect(fetchMock).toHaveBeenCalledOnce();
  });

  it("turns a written failure into the same ApiError as a fetched one", async () => {
    const { apiFetch, ApiError } = await apiClientInPageWith({
      "/api/auth/session": { status: 401, body: { code: "UNAUTHENTICATED", message: "Connectez-vous" } },
    });
    const error: unknown = await apiFetch("/api/auth/session", { response: shopResponseSchema }).catch(
      (reason: unknown) => reason,
    );
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 401, code: "UNAUTHENTICATED", message: "Connectez-vous" });
  });

  it("checks a written answer against the schema like a fetched one", async () => {
    const { apiFetch } = await apiClientInPageWith({ "/api/shop": { status: 200, body: { shop: {} } } });
    await expect(apiFetch("/api/shop", { response: shopResponseSchema })).rejects.toMatchObject({
      code: "INTERNAL",
    });
  });

  it("drops the answers once the app writes: they may no longer hold (a sign-in changes the session)", async () => {
    const { apiFetch } = await apiClientInPageWith({ "/api/shop": { status: 200, body: shop } });
    const fetchMock = replyWith(202, JSON.stringify({ status: "sent" }));
    await apiFetch("/api/auth/magic-link", { response: mailSentResponseSchema, method: "POST", body: {} });
    fetchMock.mockImplementation(async () => new Response(JSON.stringify(shop), { status: 200 }));
    await apiFetch("/api/shop", { response: shopResponseSchema });
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});
