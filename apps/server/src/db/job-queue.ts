import {
  Logger,
  parseCrontab,
  run,
  runMigrations,
  type Runner,
  type Task,
  type TaskList,
} from "graphile-worker";
import pg from "pg";
import { errorText } from "../lib/error-text";
import { survivesLostConnections } from "./client";

/**
 * The job queue (graphile-worker) keeps its tables in the schema `graphile_worker` of the app's
 * database. Jobs are added from SQL in the transaction that decides them; a runner per server
 * instance works them (createJobQueue). Jobs survive restarts and each runs on one instance.
 */
export const JOB_QUEUE_SCHEMA = "graphile_worker";

/** The queue's warnings and errors go to `log`; its chatter does not. */
export function jobQueueLogger(log: (message: string) => void = () => {}): Logger {
  return new Logger(() => (level, message) => {
    if (level === "error" || level === "warning") log(`job queue: ${message}`);
  });
}

/**
 * A pool of the queue's own, with the settings of `pool`: the queue asks that every connection's
 * errors be handled (an idle connection the server ends is replaced on next use).
 */
export function jobQueuePool(pool: pg.Pool, max: number): pg.Pool {
  const own = new pg.Pool({ ...pool.options, max, application_name: "vitrine-jobs" });
  survivesLostConnections(own);
  return own;
}

/** Creates or updates the queue's tables (its own migrations, idempotent). */
export async function migrateJobQueue(pool: pg.Pool): Promise<void> {
  const own = jobQueuePool(pool, 1);
  try {
    await runMigrations({ pgPool: own, schema: JOB_QUEUE_SCHEMA, logger: jobQueueLogger() });
  } finally {
    await own.end();
  }
}

/** How long the queue waits before trying again to start its runner (database unreachable). */
const RUNNER_RETRY_MS = 5_000;

export interface JobQueueOptions {
  /** The app's pool: the runner gets a pool of its own with the same settings. */
  pool: pg.Pool;
  log?: (message: string) => void;
  /** How often the runner looks for jobs that came due (it is also woken by the queue's NOTIFY). */
  pollMs?: number;
}

/**
 * The instance's one job runner: modules name their tasks with `define` while they are built, the
 * app starts it once every module is registered and stops it when it closes. Jobs are added from
 * SQL (`graphile_worker.add_job`) in the transaction that decides them.
 */
export function createJobQueue({ pool, log = () => {}, pollMs = 500 }: JobQueueOptions) {
  const taskList: TaskList = {};
  const crontab: string[] = [];
  let stopped = false;
  let runner: Runner | undefined;
  let runnerPool: pg.Pool | undefined;
  let starting: Promise<void> | undefined;
  let wakeStart: () => void = () => {};
  const stopping = new AbortController();

  return {
    /**
     * Aborted as soon as the app starts closing: a long task (a live's labels) stops between two
     * steps and re-queues the rest, rather than keep the close waiting.
     */
    stopping: stopping.signal,

    define(name: string, task: Task) {
      if (taskList[name]) throw new Error(`the job task ${name} is defined twice`);
      taskList[name] = task;
    },

    /**
     * Periodic work: a crontab line of graphile-worker (`0 * * * * task ?fill=1h`), checked here.
     * Every runner reads the same lines and each tick is taken by one of them.
     */
    cron(line: string) {
      parseCrontab(line);
      crontab.push(line);
    },

    /** The lines `cron` was given, in order (what the runner schedules). */
    crontab: () => [...crontab],

    /** The tasks defined so far: a job SQL adds names one of them (test/sql-contracts.test.ts). */
    taskNames: () => Object.keys(taskList),

    /**
     * Starts the runner. A database that cannot be reached yet does not keep the app from
     * starting (its /readyz says so): the runner is started again every few seconds until it is.
     */
    start() {
      if (starting || stopped) return;
      const parsedCronItems = parseCrontab(crontab.join("\n"));
      const undefinedTask = parsedCronItems.find((item) => !taskList[item.task]);
      if (undefinedTask) throw new Error(`the crontab names ${undefinedTask.task}, which no module defines`);
      const ownPool = jobQueuePool(pool, 3);
      runnerPool = ownPool;
      starting = (async () => {
        while (!stopped) {
          try {
            runner = await run({
              pgPool: ownPool,
              schema: JOB_QUEUE_SCHEMA,
              taskList,
              // Given even when empty: without it the runner would read a `crontab` file.
              parsedCronItems,
              concurrency: 2,
              noHandleSignals: true,
              pollInterval: pollMs,
              logger: jobQueueLogger((message) => log(message)),
            });
            // Stopped while it started: stop() found no runner to stop.
            if (stopped) {
              await runner.stop();
              runner = undefined;
            }
            return;
          } catch (error) {
            if (stopped) return;
            log(`job queue: the runner could not start (${errorText(error)}), trying again`);
            await new Promise<void>((resolve) => {
              wakeStart = resolve;
              setTimeout(resolve, RUNNER_RETRY_MS).unref();
            });
          }
        }
      })();
    },

    async stop() {
      stopped = true;
      stopping.abort();
      wakeStart();
      await starting;
      await runner?.stop();
      await runnerPool?.end();
    },
  };
}

export type JobQueue = ReturnType<typeof createJobQueue>;
