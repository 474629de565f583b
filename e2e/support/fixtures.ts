import { test as base, type Page } from "@playwright/test";
import {
  openAppData,
  type AppData,
  type CreatedOrder,
  type Customer,
  type OrderDetails,
  type Person,
} from "./app-data";
import { appDataAccess } from "./server";

interface SignedInFixtures {
  /** A customer with a confirmed account (fresh handle and e-mail), removed after the test. */
  customer: Customer;
  /** Another customer, with the handle or e-mail the test needs; removed after the test. */
  createCustomer: (details?: { handle?: string; email?: string }) => Promise<Customer>;
  /** An order of that customer in a live of its own; removed (with its live) after the test. */
  createOrder: (customer: Customer, details?: OrderDetails) => Promise<CreatedOrder>;
  /** A page in a browser context of its own, signed in as that person without mail or password. */
  signedInPage: (person: Person) => Promise<Page>;
  /** Signed in as `customer`. */
  customerPage: Page;
  /** Signed in as the demo administrator, with a session that carries admin rights. */
  adminPage: Page;
}

interface WorkerFixtures {
  appData: AppData;
}

/**
 * Playwright's `test` with signed-in pages, for journeys whose subject is not signing in (those
 * use the real forms: login.spec.ts, signup.spec.ts). Each page has its own context, so one test
 * can hold an admin and a customer side by side.
 */
export const test = base.extend<SignedInFixtures, WorkerFixtures>({
  appData: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's needs from this pattern
    async ({}, use) => {
      const appData = await openAppData(appDataAccess());
      await use(appData);
      await appData.close();
    },
    { scope: "worker" },
  ],

  createCustomer: async ({ appData }, use) => {
    const created: Customer[] = [];
    await use(async (details) => {
      const customer = await appData.createCustomer(details);
      created.push(customer);
      return customer;
    });
    for (const customer of created) await appData.deleteCustomer(customer);
  },

  // Depends on createCustomer so that the orders go before the customers they belong to.
  createOrder: async ({ appData, createCustomer: _customersOutliveOrders }, use) => {
    const created: CreatedOrder[] = [];
    await use(async (customer, details) => {
      const order = await appData.createOrder(customer, details);
      created.push(order);
      return order;
    });
    for (const order of created) await appData.deleteOrder(order);
  },

  customer: async ({ createCustomer }, use) => {
    await use(await createCustomer());
  },

  signedInPage: async ({ appData, browser }, use) => {
    const opened: { close: () => Promise<void>; sessionId: string }[] = [];
    await use(async (person) => {
      const context = await browser.newContext();
      const sessionId = await appData.signIn(context, person);
      opened.push({ close: () => context.close(), sessionId });
      return context.newPage();
    });
    for (const { close, sessionId } of opened) {
      await close();
      await appData.endSession(sessionId);
    }
  },

  customerPage: async ({ signedInPage, customer }, use) => {
    await use(await signedInPage(customer));
  },

  adminPage: async ({ signedInPage }, use) => {
    await use(await signedInPage("admin"));
  },
});
