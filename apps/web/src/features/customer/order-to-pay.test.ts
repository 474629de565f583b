import { describe, expect, it } from "vitest";
import { isOrderToPay, rememberOrderToPay } from "./order-to-pay";

function memoryStorage() {
  const values = new Map<string, string>();
  return {
    getItem: (key: string) => values.get(key) ?? null,
    setItem: (key: string, value: string) => void values.set(key, value),
  };
}

describe("the order handed to the payment page", () => {
  it("is the one remembered last", () => {
    const storage = memoryStorage();
    expect(isOrderToPay("order-1", storage)).toBe(false);
    rememberOrderToPay({ id: "order-1", totalAmountCents: 4600 }, storage);
    expect(isOrderToPay("order-1", storage)).toBe(true);
    rememberOrderToPay({ id: "order-2", totalAmountCents: 3100 }, storage);
    expect(isOrderToPay("order-1", storage)).toBe(false);
    expect(isOrderToPay("order-2", storage)).toBe(true);
  });

  it("ignores what is not a remembered order", () => {
    const storage = memoryStorage();
    storage.setItem("vitrine:order-to-pay", "{not json");
    expect(isOrderToPay("order-1", storage)).toBe(false);
    storage.setItem("vitrine:order-to-pay", JSON.stringify({ id: "order-1" }));
    expect(isOrderToPay("order-1", storage)).toBe(false);
  });

  it("lets the customer through when the browser refuses storage", () => {
    const refusing = {
      getItem: () => {
        throw new DOMException("denied", "SecurityError");
      },
      setItem: () => {
        throw new DOMException("denied", "SecurityError");
      },
    };
    expect(() => rememberOrderToPay({ id: "order-1", totalAmountCents: 4600 }, refusing)).not.toThrow();
    expect(isOrderToPay("order-1", refusing)).toBe(true);
  });
});
