const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/** A method that asks for something without changing it (RFC 9110 §9.2.1). */
export function isSafeMethod(method: string): boolean {
  return SAFE_METHODS.has(method);
}
