import { liveClaimMessages } from "@vitrine/domain";
import { fileURLToPath } from "node:url";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RAISED_EXCEPTION, UNIQUE_VIOLATION } from "../src/db/pg-error";
import { DomainError } from "../src/http/errors";
import { decodeSessionChange, SESSION_CHANGES_CHANNEL } from "../src/modules/auth/session-change-listener";
import { claimRulesSchema } from "../src/modules/live-claims/rules";
import { claimRefusal } from "../src/modules/live-claims/service";
import { orderRefusal } from "../src/modules/orders";
import { decodeNotification, LIVE_CHANNEL } from "../src/realtime/live-notify";
import {
  contractBreaches,
  readSqlContracts,
  readSqlFiles,
  type SqlFile,
  type SqlRefusal,
  type TypeScriptSide,
} from "./support/sql-contracts";
import { createTestApp, type TestApp } from "./support/test-app";

/**
 * Refusals only a bug can raise: the server checks the same first and refuses in French, and the
 * database's guard keeps the data sound if it ever did not.
 */
const BACKSTOPS = [
  // A claim action the routes do not offer (they list CLAIM_ACTIONS).
  "claim:unknown-action",
  // A parcel of parcels: the parcels module checks leads and members before it writes.
  "parcel:chain",
  // A claim move the transition table does not list (CLAIM_TRANSITIONS): the engine and the
  // routes only ask for listed moves; the guard stops a bug, not a person.
  "claim:no-such-move",
];

/** The SQLSTATE of each condition name a refusal of ours raises as. */
const SQLSTATES: Record<string, string> = { unique_violation: UNIQUE_VIOLATION };

/** An error as the pg driver gives the refusal's `RAISE EXCEPTION`, with a hint. */
function raisedError({ raised, errcode, constraint }: SqlRefusal) {
  const code = errcode ? (SQLSTATES[errcode] ?? errcode) : RAISED_EXCEPTION;
  return { code, message: raised, hint: "7", ...(constraint && { constraint }) };
}

/** Whether a map turns the raised refusal into its own French message (not a generic one). */
function mapsRefusal(refusal: SqlRefusal): boolean {
  const { raised } = refusal;
  const error = raisedError(refusal);
  if (raised.startsWith("order:")) return orderRefusal(error) instanceof DomainError;
  if (raised === "claim:already-done") {
    // Named after the staff member who did it (the service reads their first name from the hint).
    return claimRefusal(error) instanceof DomainError;
  }
  if (raised.startsWith("claim:")) {
    const refusal = claimRefusal(error);
    return refusal instanceof DomainError && refusal.message !== liveClaimMessages.actionFailed;
  }
  return false;
}

function hears(channel: string, payload: string): boolean {
  if (channel === LIVE_CHANNEL) return decodeNotification(payload) !== null;
  if (channel === SESSION_CHANGES_CHANNEL) return decodeSessionChange(payload) !== null;
  return false;
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const typeScriptSide = (): TypeScriptSide => ({
  ruleKeys: Object.keys(claimRulesSchema.shape),
  taskNames: t.app.jobs.taskNames(),
  mapsRefusal,
  backstops: BACKSTOPS,
  hears,
});

// Every SQL file, wherever it lives under src/db: migrations and the functions applied after them.
const sqlFiles = readSqlFiles(fileURLToPath(new URL("../src/db", import.meta.url)));

describe("the contracts between the SQL and the server", () => {
  it("hold: rule keys, refusals, jobs and notifications SQL uses all exist on the TypeScript side", () => {
    const contracts = readSqlContracts(sqlFiles);
    // The reading found what is there (a broken reader would find nothing and pass).
    expect(contracts.ruleKeys.size).toBeGreaterThanOrEqual(5);
    expect(contracts.refusals.length).toBeGreaterThanOrEqual(10);
    expect(contracts.jobs.size).toBeGreaterThanOrEqual(2);
    expect(contracts.notifications.length).toBeGreaterThanOrEqual(2);
    expect(contractBreaches(contracts, typeScriptSide())).toEqual([]);
  });

  it("read only the newest definition of a function: a refusal it no longer raises is not a contract", () => {
    const refusals = readSqlContracts(sqlFiles).refusals.map((refusal) => refusal.raised);
    expect(refusals).toContain("claim:not-to-confirm");
    expect(refusals.some((raised) => raised.startsWith("live-sidebar-add:"))).toBe(false);
  });

  it("catch a probe that breaks each of them", () => {
    const probe: SqlFile[] = [
      {
        path: "migrations/9998_probe.sql",
        text: `CREATE FUNCTION probe_old() RETURNS void AS $$ BEGIN RAISE EXCEPTION 'claim:replaced'; END; $$ LANGUAGE plpgsql;`,
      },
      {
        path: "functions/probe.sql",
        text: `
CREATE OR REPLACE FUNCTION probe_old() RETURNS void AS $$ BEGIN RETURN; END; $$ LANGUAGE plpgsql;
CREATE OR REPLACE FUNCTION probe(p_rules jsonb, p_reason text) RETURNS void AS $$
BEGIN
  PERFORM (p_rules ->> 'holdHours')::integer, p_rules -> 'editable';
  PERFORM graphile_worker.add_job('nobody_works_this', json_build_object('id', 1));
  PERFORM pg_notify('vitrine_live', json_build_object('from', 'db', 'kind', 'mystery', 'liveId', v_id)::text);
  PERFORM pg_notify('vitrine_elsewhere', 'x:' || v_id);
  RAISE EXCEPTION 'claim:teapot';
  RAISE EXCEPTION 'claim:%', p_reason;
END;
$$ LANGUAGE plpgsql;
CREATE OR REPLACE FUNCTION probe_caller() RETURNS void AS $$
BEGIN
  PERFORM probe('{}', 'not-waiting');
  PERFORM probe('{}', 'made-up');
END;
$$ LANGUAGE plpgsql;`,
      },
    ];
    const breaches = contractBreaches(readSqlContracts(probe), {
      ...typeScriptSide(),
      ruleKeys: ["editable", "unread"],
    });
    expect(breaches).toEqual([
      expect.stringContaining(
        "rule key 'holdHours' is not in the rules schema (probe (functions/probe.sql))",
      ),
      "rule key 'unread' of the rules schema is read by no SQL",
      expect.stringContaining("refusal 'claim:teapot' has no French message"),
      expect.stringContaining("refusal 'claim:made-up' has no French message"),
      expect.stringContaining("job 'nobody_works_this' has no task"),
      expect.stringContaining(`"kind":"mystery"`),
      expect.stringContaining("on 'vitrine_elsewhere' has no listener"),
    ]);
  });
});
