import * as z from "zod/mini";

/*
 * One French error map for every schema without a message of its own (wrong types, sizes, formats),
 * so an API caller never reads zod's English defaults. Each message names the field by its path.
 * Messages written on a schema (the spec's texts) keep priority over this map.
 */

const typeNames: Record<string, string> = {
  string: "un texte",
  number: "un nombre",
  int: "un nombre entier",
  boolean: "un booléen (true ou false)",
  bigint: "un nombre entier",
  date: "une date",
  array: "une liste",
  object: "un objet",
  null: "null",
  undefined: "absent",
  nan: "un nombre",
};

const formatNames: Record<string, string> = {
  email: "une adresse email valide",
  url: "une URL valide",
  uuid: "un identifiant (UUID) valide",
  datetime: "une date et heure ISO 8601 valide",
  date: "une date ISO (AAAA-MM-JJ) valide",
  time: "une heure ISO valide",
  regex: "au format attendu",
};

type Issue = z.core.$ZodRawIssue;

function describeType(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return typeNames.array ?? "une liste";
  if (typeof value === "number" && Number.isNaN(value)) return typeNames.nan ?? "un nombre";
  return typeNames[typeof value] ?? typeof value;
}

function fieldOf(path: readonly PropertyKey[] | undefined): string | null {
  if (!path || path.length === 0) return null;
  return path.map(String).join(".");
}

function sizeLimit(issue: Issue, bound: "maximum" | "minimum"): string {
  const limit = String(bound in issue ? issue[bound as keyof Issue] : "");
  switch ("origin" in issue ? issue.origin : undefined) {
    case "string":
      return `${limit} caractère${limit === "1" ? "" : "s"}`;
    case "array":
    case "set":
      return `${limit} élément${limit === "1" ? "" : "s"}`;
    default:
      return limit;
  }
}

function isSized(issue: Issue): boolean {
  const origin = "origin" in issue ? issue.origin : undefined;
  return origin === "string" || origin === "array" || origin === "set";
}

/** The French message of an issue that carries no message of its own. */
export function frenchIssueMessage(issue: Issue): string {
  const field = fieldOf(issue.path);
  const subject = field ? `Le champ « ${field} »` : "La requête";
  switch (issue.code) {
    case "invalid_type": {
      if (!field && issue.expected === "object") return "Le corps de la requête doit être un objet JSON.";
      if (issue.input === undefined) return `${subject} est requis.`;
      const expected = typeNames[issue.expected] ?? issue.expected;
      return `${subject} doit être ${expected} (reçu : ${describeType(issue.input)}).`;
    }
    case "too_big": {
      const inclusive = "inclusive" in issue && issue.inclusive === false ? "moins de" : "au plus";
      if (isSized(issue)) return `${subject} doit contenir ${inclusive} ${sizeLimit(issue, "maximum")}.`;
      const comparison =
        "inclusive" in issue && issue.inclusive === false ? "inférieur à" : "inférieur ou égal à";
      return `${subject} doit être ${comparison} ${sizeLimit(issue, "maximum")}.`;
    }
    case "too_small": {
      if (isSized(issue)) {
        const minimum = "minimum" in issue ? Number(issue.minimum) : 0;
        if (issue.origin === "string" && minimum === 1) return `${subject} ne doit pas être vide.`;
        const inclusive = "inclusive" in issue && issue.inclusive === false ? "plus de" : "au moins";
        return `${subject} doit contenir ${inclusive} ${sizeLimit(issue, "minimum")}.`;
      }
      const comparison =
        "inclusive" in issue && issue.inclusive === false ? "supérieur à" : "supérieur ou égal à";
      return `${subject} doit être ${comparison} ${sizeLimit(issue, "minimum")}.`;
    }
    case "invalid_format": {
      const expected = formatNames[issue.format] ?? "au format attendu";
      return `${subject} doit être ${expected}.`;
    }
    case "invalid_value":
      return `${subject} doit valoir ${issue.values.map((value) => `« ${String(value)} »`).join(" ou ")}.`;
    case "not_multiple_of":
      return `${subject} doit être un multiple de ${String(issue.divisor)}.`;
    case "unrecognized_keys":
      return `Champ${issue.keys.length > 1 ? "s" : ""} non reconnu${issue.keys.length > 1 ? "s" : ""} : ${issue.keys.join(", ")}.`;
    default:
      return `${subject} est invalide.`;
  }
}

// Installed when the domain package is loaded: server, web and tests all validate through it.
z.config({ customError: frenchIssueMessage });
