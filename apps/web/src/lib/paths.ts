/**
 * A page of the app: call it for the URL of a link, a redirect or a navigation; its `pattern` is
 * what the router matches, so both always agree.
 */
export type AppPath<Args extends readonly unknown[] = []> = ((...args: Args) => string) & {
  readonly pattern: string;
};

type Query<Name extends string> = Partial<Record<Name, string>>;

function page(pattern: string): AppPath {
  return Object.assign(() => pattern, { pattern });
}

/** A page of one record, named by its id in the last segment. */
function recordPage(pattern: `${string}/:id`): AppPath<[id: string]> {
  // A replacer function: the id is data, never a replacement pattern such as `$&`.
  return Object.assign((id: string) => pattern.replace(":id", () => encodeURIComponent(id)), { pattern });
}

/** A back-office page published by its code (`/p/livraison`). */
function codePage(pattern: `${string}/:code`): AppPath<[code: string]> {
  return Object.assign((code: string) => pattern.replace(":code", () => encodeURIComponent(code)), {
    pattern,
  });
}

/** A page that reads optional query parameters; empty ones are left out of the URL. */
function pageWithQuery<Name extends string>(pattern: string): AppPath<[query?: Query<Name>]> {
  const build = (query: Query<Name> = {}) => {
    const search = new URLSearchParams();
    for (const [name, value] of Object.entries<string | undefined>(query)) {
      if (value) search.set(name, value);
    }
    const text = search.toString();
    return text ? `${pattern}?${text}` : pattern;
  };
  return Object.assign(build, { pattern });
}

/** Every page of the app (spec: customer-and-auth.md and back-office.md, section 2). */
export const paths = {
  home: page("/"),
  legalNotice: page("/mentions-legales"),
  termsOfSale: page("/cgv"),
  publishedPage: codePage("/p/:code"),
  contact: page("/contact"),
  /** `next`: the customer's page to return to once signed in (checked by `safeReturnPath`). */
  login: pageWithQuery<"email" | "next">("/login"),
  logout: page("/logout"),
  signup: page("/signup"),
  /** The page the sign-in e-mail links to; the server writes that link. */
  verifyMagicLink: pageWithQuery<"token" | "next">("/auth/verify"),
  payment: recordPage("/payment/:id"),
  customer: {
    home: page("/customer"),
    orders: page("/customer/orders"),
    live: page("/customer/live"),
    order: recordPage("/customer/order/:id"),
    profile: page("/customer/profile"),
    faq: page("/customer/faq"),
  },
  admin: {
    login: page("/admin/login"),
    home: page("/admin"),
    users: page("/admin/users"),
    userMerge: pageWithQuery<"source" | "destination">("/admin/user-merge"),
    auditLog: pageWithQuery<"page">("/admin/audit-log"),
    products: page("/admin/products"),
    bulkProducts: page("/admin/bulk-products"),
    orders: page("/admin/orders"),
    order: recordPage("/admin/orders/:id"),
    paymentReviews: page("/admin/payment-reviews"),
    ordersPreparation: page("/admin/orders-preparation"),
    lives: page("/admin/lives"),
    live: recordPage("/admin/lives/:id"),
    liveOrderSidebar: page("/admin/live-order-sidebar"),
    colors: page("/admin/colors"),
    faqs: page("/admin/faqs"),
    messageTemplates: page("/admin/message-templates"),
    pages: page("/admin/pages"),
    settings: page("/admin/settings"),
  },
} as const;
