import { afterEach, describe, expect, it, vi } from "vitest";
import { readErrorReporting, reportError } from "./error-reporting";

const DSN = "https://publickey@o42.ingest.example.io/7";

/** A page whose error reporting element holds this text (none when undefined). */
const pageWith = (text: string | undefined) =>
  ({
    getElementById: (id: string) =>
      id === "vitrine-error-reporting" && text !== undefined ? { textContent: text } : null,
  }) as unknown as Document;

afterEach(() => vi.restoreAllMocks());

describe("readErrorReporting", () => {
  it("reads the DSN and environment the server wrote into the page", () => {
    expect(readErrorReporting(pageWith(JSON.stringify({ dsn: DSN, environment: "production" })))).toEqual({
      dsn: DSN,
      environment: "production",
    });
  });

  it("is off without the element, with an empty DSN, or with text that is not JSON", () => {
    expect(readErrorReporting(pageWith(undefined))).toBeUndefined();
    expect(readErrorReporting(pageWith(JSON.stringify({ dsn: "", environment: "test" })))).toBeUndefined();
    expect(readErrorReporting(pageWith("{not json"))).toBeUndefined();
  });
});

describe("reportError without error reporting", () => {
  it("logs the error for the developer, as React would have", () => {
    const logged = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const error = new Error("page crashed");
    reportError(error, "at OrderPage");
    expect(logged).toHaveBeenCalledWith(error);
  });
});
