import { matchPath } from "react-router";
import { describe, expect, it } from "vitest";
import { paths } from "./paths";

function allPatterns(tree: object): string[] {
  return Object.values(tree).flatMap((value: unknown) => {
    if (typeof value === "function" && "pattern" in value && typeof value.pattern === "string") {
      return [value.pattern];
    }
    return typeof value === "object" && value !== null ? allPatterns(value) : [];
  });
}

describe("paths", () => {
  it("builds the public and customer URLs of the specification", () => {
    expect(paths.home()).toBe("/");
    expect(paths.legalNotice()).toBe("/mentions-legales");
    expect(paths.termsOfSale()).toBe("/cgv");
    expect(paths.contact()).toBe("/contact");
    expect(paths.login()).toBe("/login");
    expect(paths.logout()).toBe("/logout");
    expect(paths.signup()).toBe("/signup");
    expect(paths.customer.home()).toBe("/customer");
    expect(paths.customer.orders()).toBe("/customer/orders");
    expect(paths.customer.live()).toBe("/customer/live");
    expect(paths.customer.order("42")).toBe("/customer/order/42");
    expect(paths.customer.profile()).toBe("/customer/profile");
    expect(paths.customer.faq()).toBe("/customer/faq");
    expect(paths.payment("42")).toBe("/payment/42");
    expect(paths.publishedPage("page-hiver")).toBe("/p/page-hiver");
  });

  it("builds the back office URLs of the specification", () => {
    expect(paths.admin.login()).toBe("/admin/login");
    expect(paths.admin.home()).toBe("/admin");
    expect(paths.admin.users()).toBe("/admin/users");
    expect(paths.admin.userMerge()).toBe("/admin/user-merge");
    expect(paths.admin.auditLog()).toBe("/admin/audit-log");
    expect(paths.admin.products()).toBe("/admin/products");
    expect(paths.admin.bulkProducts()).toBe("/admin/bulk-products");
    expect(paths.admin.orders()).toBe("/admin/orders");
    expect(paths.admin.order("7")).toBe("/admin/orders/7");
    expect(paths.admin.paymentReviews()).toBe("/admin/payment-reviews");
    expect(paths.admin.ordersPreparation()).toBe("/admin/orders-preparation");
    expect(paths.admin.lives()).toBe("/admin/lives");
    expect(paths.admin.live("7")).toBe("/admin/lives/7");
    expect(paths.admin.liveOrderSidebar()).toBe("/admin/live-order-sidebar");
    expect(paths.admin.colors()).toBe("/admin/colors");
    expect(paths.admin.faqs()).toBe("/admin/faqs");
    expect(paths.admin.messageTemplates()).toBe("/admin/message-templates");
    expect(paths.admin.pages()).toBe("/admin/pages");
    expect(paths.admin.settings()).toBe("/admin/settings");
  });

  it("puts query parameters in the URL, encoded, and leaves out the empty ones", () => {
    expect(paths.login({ email: "marie+live@exemple.fr" })).toBe("/login?email=marie%2Blive%40exemple.fr");
    expect(paths.login({ email: "" })).toBe("/login");
    expect(paths.login({ next: "/customer/order/1?from=mail" })).toBe(
      "/login?next=%2Fcustomer%2Forder%2F1%3Ffrom%3Dmail",
    );
    expect(paths.verifyMagicLink({ token: "abc" })).toBe("/auth/verify?token=abc");
    expect(paths.admin.userMerge({ source: "u1", destination: "u2" })).toBe(
      "/admin/user-merge?source=u1&destination=u2",
    );
    expect(paths.admin.userMerge({ destination: "u2" })).toBe("/admin/user-merge?destination=u2");
    expect(paths.admin.userMerge({ source: undefined })).toBe("/admin/user-merge");
  });

  it("encodes an id so that it stays one segment, whatever it holds", () => {
    expect(paths.customer.order("a/b?c#d")).toBe("/customer/order/a%2Fb%3Fc%23d");
    expect(paths.admin.live("$&")).toBe("/admin/lives/%24%26");
  });

  it("builds URLs that the router matches with their own pattern, giving the id back", () => {
    const id = "3f0c1d2e-8d4b-4a57-9a0e-6f1c2b3d4e5f";
    expect(matchPath(paths.customer.order.pattern, paths.customer.order(id))?.params).toEqual({ id });
    expect(matchPath(paths.payment.pattern, paths.payment("a/b"))?.params).toEqual({ id: "a/b" });
    expect(matchPath(paths.admin.order.pattern, paths.admin.order(id))?.params).toEqual({ id });
    expect(matchPath(paths.admin.live.pattern, paths.admin.live(id))?.params).toEqual({ id });
    const merge = new URL(paths.admin.userMerge({ source: "u1" }), "http://localhost");
    expect(matchPath(paths.admin.userMerge.pattern, merge.pathname)).not.toBeNull();
  });

  it("gives each page its own absolute pattern", () => {
    const patterns = allPatterns(paths);
    expect(patterns).toHaveLength(35);
    expect(new Set(patterns).size).toBe(patterns.length);
    for (const pattern of patterns) expect(pattern.startsWith("/")).toBe(true);
  });
});
