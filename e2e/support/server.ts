export const E2E_PORT = Number(process.env.E2E_PORT ?? 3199);
export const E2E_BASE_URL = `http://localhost:${E2E_PORT}`;
/** The demo administrator that a server outside production creates on first start. */
export const DEMO_ADMIN = { email: "admin@vitrine.local", password: "vitrine-admin-demo" };
