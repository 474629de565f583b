import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

/** One SQL file as the database applies it: its path (for messages and order) and its text. */
export interface SqlFile {
  path: string;
  text: string;
}

/**
 * Every `.sql` file under `dir`, in the order the database applies them: the migrations by their
 * number, then the other files (the functions applied after them) by path.
 */
export function readSqlFiles(dir: string): SqlFile[] {
  const walk = (folder: string): string[] =>
    readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
      const file = path.join(folder, entry.name);
      if (entry.isDirectory()) return walk(file);
      return entry.name.endsWith(".sql") ? [file] : [];
    });
  const isMigration = (file: string) => path.basename(path.dirname(file)) === "migrations";
  return walk(dir)
    .map((file) => ({ file, relative: path.relative(dir, file) }))
    .sort(
      (a, b) =>
        Number(isMigration(b.file)) - Number(isMigration(a.file)) || a.relative.localeCompare(b.relative),
    )
    .map(({ file, relative }) => ({ path: relative, text: readFileSync(file, "utf8") }));
}

/** A function's current body: the last `CREATE [OR REPLACE] FUNCTION` of that name not dropped since. */
export interface SqlFunction {
  name: string;
  body: string;
  path: string;
}

const withoutComments = (text: string) => text.replace(/--[^\n]*/g, "");

/**
 * The functions the database holds once every file is applied, each with its newest body. A
 * definition replaced or dropped by a later file is not read: its refusals and jobs are gone.
 */
export function currentFunctions(files: readonly SqlFile[]): SqlFunction[] {
  const functions = new Map<string, SqlFunction>();
  const statement =
    /CREATE\s+(?:OR\s+REPLACE\s+)?FUNCTION\s+([\w.]+)\s*\([\s\S]*?\$(\w*)\$([\s\S]*?)\$\2\$|DROP\s+FUNCTION\s+(?:IF\s+EXISTS\s+)?([\w.]+)/gi;
  for (const file of files) {
    for (const match of withoutComments(file.text).matchAll(statement)) {
      const [, created, , body, dropped] = match;
      if (created && body !== undefined)
        functions.set(created.toLowerCase(), { name: created, body, path: file.path });
      else if (dropped) functions.delete(dropped.toLowerCase());
    }
  }
  return [...functions.values()];
}

/** A refusal SQL raises: `RAISE EXCEPTION '<prefix>:<reason>'`, with where it is raised. */
export interface SqlRefusal {
  /** `claim:not-found`: what the server's maps read from the error's message. */
  raised: string;
  /** `USING ERRCODE = '…'` (a condition name such as unique_violation), when it sets one. */
  errcode?: string;
  /** `USING CONSTRAINT = '…'`: a refusal dressed as that constraint's violation. */
  constraint?: string;
  where: string;
}

/** A NOTIFY SQL sends: its channel and a payload of the shape it writes (sample values). */
export interface SqlNotification {
  channel: string;
  payload: string;
  where: string;
}

/** What SQL expects of the TypeScript side. */
export interface SqlContracts {
  /** The keys read from the server's rules (`p_rules ->> 'key'`, `p_rules -> 'key'`). */
  ruleKeys: Map<string, string[]>;
  refusals: SqlRefusal[];
  /** The tasks of the jobs SQL adds (`graphile_worker.add_job('task', …)`), with where. */
  jobs: Map<string, string[]>;
  notifications: SqlNotification[];
}

const SAMPLE_ID = "00000000-0000-4000-8000-000000000000";

/** A payload like the one `expression` builds: literals kept, anything computed given a sample id. */
function samplePayload(expression: string): string | undefined {
  const json = /^json_build_object\(([\s\S]*)\)(?:::\w+)?$/i.exec(expression.trim());
  if (json?.[1] !== undefined) {
    const parts = json[1].split(",").map((part) => part.trim());
    const value: Record<string, string> = {};
    for (let i = 0; i + 1 < parts.length; i += 2) {
      const key = /^'([^']*)'$/.exec(parts[i] ?? "")?.[1];
      if (key === undefined) return undefined;
      value[key] = /^'([^']*)'$/.exec(parts[i + 1] ?? "")?.[1] ?? SAMPLE_ID;
    }
    return JSON.stringify(value);
  }
  // Text joined with ||: its literals, each computed part a sample id.
  return expression
    .split("||")
    .map((part) => /^\s*'([^']*)'\s*$/.exec(part)?.[1] ?? SAMPLE_ID)
    .join("");
}

/** Reads the contracts out of the functions the database holds once `files` are applied. */
export function readSqlContracts(files: readonly SqlFile[]): SqlContracts {
  const functions = currentFunctions(files);
  const contracts: SqlContracts = { ruleKeys: new Map(), refusals: [], jobs: new Map(), notifications: [] };
  const note = (map: Map<string, string[]>, key: string, where: string) =>
    map.set(key, [...(map.get(key) ?? []), where]);

  for (const fn of functions) {
    const where = `${fn.name} (${fn.path})`;
    for (const [, key] of fn.body.matchAll(/\bp_rules\s*->>?\s*'(\w+)'/g))
      if (key) note(contracts.ruleKeys, key, where);
    for (const [, task] of fn.body.matchAll(/graphile_worker\.add_job\(\s*'([^']+)'/g))
      if (task) note(contracts.jobs, task, where);
    for (const [, raised, dynamic, using] of fn.body.matchAll(
      /RAISE\s+EXCEPTION\s+'([^'%]*)(%?)'([^;]*);/gi,
    )) {
      if (raised === undefined) continue;
      if (!dynamic) {
        const errcode = /ERRCODE\s*=\s*'([^']+)'/i.exec(using ?? "")?.[1];
        const constraint = /CONSTRAINT\s*=\s*'([^']+)'/i.exec(using ?? "")?.[1];
        contracts.refusals.push({
          raised,
          where,
          ...(errcode && { errcode }),
          ...(constraint && { constraint }),
        });
        continue;
      }
      // 'claim:%', p_reason: the reasons are the last literal of each call of this function.
      const calls = new RegExp(`\\b${fn.name}\\s*\\(([^;]*?)\\)\\s*;`, "gi");
      for (const caller of functions)
        for (const [, args] of caller.body.matchAll(calls)) {
          const reason = [...(args ?? "").matchAll(/'([^']*)'/g)].at(-1)?.[1];
          contracts.refusals.push({
            raised: `${raised}${reason ?? "?"}`,
            where: `${caller.name} (${caller.path})`,
          });
        }
    }
    for (const [, channel, expression] of fn.body.matchAll(/pg_notify\(\s*'([^']+)'\s*,\s*([^;]*)\)\s*;/gi)) {
      if (!channel || expression === undefined) continue;
      contracts.notifications.push({ channel, payload: samplePayload(expression) ?? expression, where });
    }
  }
  return contracts;
}

/** What the TypeScript side offers: each question answered by the code that owns it. */
export interface TypeScriptSide {
  /** The keys of the zod schema that builds the rules the server passes. */
  ruleKeys: readonly string[];
  /** The tasks the app's job queue defines. */
  taskNames: readonly string[];
  /** Whether a raised refusal reaches the person as a French message (its map gives one). */
  mapsRefusal: (refusal: SqlRefusal) => boolean;
  /** Refusals only a bug can raise (a guard under the server's own checks), by name. */
  backstops: readonly string[];
  /** Whether a listener of `channel` understands `payload`. */
  hears: (channel: string, payload: string) => boolean;
}

/** Every place where SQL expects what TypeScript does not provide; empty when they agree. */
export function contractBreaches(contracts: SqlContracts, ts: TypeScriptSide): string[] {
  const breaches: string[] = [];
  for (const [key, where] of contracts.ruleKeys)
    if (!ts.ruleKeys.includes(key))
      breaches.push(`rule key '${key}' is not in the rules schema (${where.join(", ")})`);
  for (const key of ts.ruleKeys)
    if (!contracts.ruleKeys.has(key))
      breaches.push(`rule key '${key}' of the rules schema is read by no SQL`);
  for (const refusal of contracts.refusals) {
    const { raised, where } = refusal;
    if (!ts.mapsRefusal(refusal) && !ts.backstops.includes(raised))
      breaches.push(`refusal '${raised}' has no French message and is no backstop (${where})`);
  }
  for (const [task, where] of contracts.jobs)
    if (!ts.taskNames.includes(task)) breaches.push(`job '${task}' has no task (${where.join(", ")})`);
  for (const { channel, payload, where } of contracts.notifications)
    if (!ts.hears(channel, payload))
      breaches.push(`notification ${payload} on '${channel}' has no listener (${where})`);
  return breaches;
}
