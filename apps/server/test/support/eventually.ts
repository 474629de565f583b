/**
 * Waits until `check` holds, polling, or fails after `timeoutMs`. For what the app learns of
 * asynchronously, as in production: a change written straight in the database reaches the
 * session cache by a notification, a moment after its commit.
 */
export async function eventually(check: () => Promise<boolean> | boolean, timeoutMs = 5_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`not true within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
