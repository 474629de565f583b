import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectDatabase } from "../src/db/client";
import { createJobQueue, JOB_QUEUE_SCHEMA } from "../src/db/job-queue";
import { pendingSignups } from "../src/db/schema";
import { PURGE_CRONTAB, PURGE_TASK } from "../src/maintenance";
import { eventually } from "./support/eventually";
import { createTestApp, type TestApp } from "./support/test-app";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const knownCrontabs = async () =>
  (
    await t.db.$client.query<{ identifier: string }>(
      `SELECT identifier FROM ${JOB_QUEUE_SCHEMA}._private_known_crontabs ORDER BY identifier`,
    )
  ).rows.map((row) => row.identifier);

describe("the hourly purge, on the job queue's crontab", () => {
  it("is an item the app's runner knows, and its task deletes what expired", async () => {
    await eventually(async () => (await knownCrontabs()).length > 0);
    expect(await knownCrontabs()).toEqual([PURGE_TASK]);

    await t.db.insert(pendingSignups).values({
      email: "never-confirmed@example.com",
      tiktokUsername: "never_confirmed",
      expiresAt: new Date(Date.now() - 60_000),
    });
    await t.db.$client.query(`SELECT ${JOB_QUEUE_SCHEMA}.add_job($1)`, [PURGE_TASK]);
    await eventually(async () => (await t.db.$count(pendingSignups)) === 0);
  });

  it("makes up a tick missed while no instance ran once, whichever of two starting runners takes it", async () => {
    // The app's runner stops: only the two below work the queue.
    await t.app.close();
    await t.db.$client.query(
      `UPDATE ${JOB_QUEUE_SCHEMA}._private_known_crontabs
          SET known_since = now() - interval '3 hours', last_execution = now() - interval '90 minutes'
        WHERE identifier = $1`,
      [PURGE_TASK],
    );
    const database = connectDatabase(t.databaseUrl, 4);
    const runs: string[] = [];
    const queues = ["a", "b"].map((name) => {
      const jobs = createJobQueue({ pool: database.pool, pollMs: 50 });
      jobs.define(PURGE_TASK, async () => void runs.push(name));
      jobs.cron(PURGE_CRONTAB);
      return jobs;
    });
    try {
      for (const jobs of queues) jobs.start();
      await eventually(() => runs.length > 0, 10_000);
      // Time for a second run, had both runners scheduled the tick.
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      expect(runs).toHaveLength(1);
    } finally {
      await Promise.all(queues.map((jobs) => jobs.stop()));
      await database.close();
    }
  });

  it("refuses a crontab line the queue cannot read, and one whose task nobody defines", () => {
    const jobs = createJobQueue({ pool: t.db.$client });
    expect(() => jobs.cron("every hour purge")).toThrow();
    expect(jobs.crontab()).toEqual([]);
    jobs.cron(PURGE_CRONTAB);
    expect(() => jobs.start()).toThrow(`the crontab names ${PURGE_TASK}, which no module defines`);
  });
});
