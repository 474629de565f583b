export const LIVE_REF_MAX_LENGTH = 10;

/** Live ref derived from its title: lowercased, non-alphanumerics to hyphens, trimmed, 10 chars. */
export function liveRefFromTitle(title: string): string {
  return (
    title
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, "-")
      .replace(/^-+|-+$/g, "")
      .slice(0, LIVE_REF_MAX_LENGTH)
      // The cut can land on a hyphen, which lives.ref's CHECK refuses at the end.
      .replace(/-+$/, "")
  );
}

export function orderNumber(liveRef: string, sequence: number): string {
  return `HF-${liveRef}-${sequence}`;
}
