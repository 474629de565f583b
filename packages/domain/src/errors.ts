/**
 * Stable error codes shared by the API and the web client. The server maps each code to an HTTP
 * status; the client reads the code to decide what to show.
 */
export const ERROR_CODES = [
  "VALIDATION_FAILED",
  "UNAUTHENTICATED",
  "FORBIDDEN",
  "NOT_FOUND",
  "CONFLICT",
  "RATE_LIMITED",
  "ACCOUNT_NOT_FOUND",
  "ACCOUNT_ALREADY_EXISTS",
  "TIKTOK_USERNAME_TAKEN",
  // A change to an order from live comments, kept for proven handles (VERIFIED_HANDLES_ONLY).
  "HANDLE_NOT_PROVEN",
  "MAGIC_LINK_INVALID",
  "INVALID_CREDENTIALS",
  "NOT_ADMIN",
  "PAYMENT_PROVIDER_FAILED",
  "LABEL_PROVIDER_FAILED",
  "INTERNAL",
  // Live ingestion: a source's bearer token refused, the ingestion queue full, an event
  // over LIVE_INGEST_MAX_EVENT_BYTES.
  "INGEST_TOKEN_INVALID",
  "INGEST_BUSY",
  "INGEST_EVENT_TOO_LARGE",
  // A platform's webhook (Instagram's live comments): its settings absent, its verify token or a
  // delivery's signature refused.
  "WEBHOOK_NOT_CONFIGURED",
  "WEBHOOK_VERIFY_TOKEN_INVALID",
  "WEBHOOK_SIGNATURE_INVALID",
  // PostgreSQL could not be reached: the request was refused at once and nothing of it is written.
  "DATABASE_UNREACHABLE",
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export interface ApiErrorBody {
  code: ErrorCode;
  message: string;
  /** Field-level messages for form errors, keyed by the input's field name. */
  fields?: Record<string, string>;
}

/** The messages of the HTTP layer, shared by every module (auth keeps its own in authMessages). */
export const httpMessages = {
  unauthenticated: "Vous devez être connecté pour accéder à cette page.",
  forbidden: "Vous n'avez pas accès à cette ressource.",
  notFound: "Ressource introuvable.",
  invalidRequest: "Requête invalide.",
  rateLimited: "Trop de tentatives. Veuillez patienter quelques minutes avant de réessayer.",
  internal: "Une erreur interne est survenue. Veuillez réessayer plus tard.",
  unknownError: "Une erreur inconnue est survenue",
  databaseUnreachable: "La base de données est injoignable : action non enregistrée, réessayez.",
} as const;
