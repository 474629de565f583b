/** One part of a multipart body: its headers (names in lower case) and its bytes, untouched. */
export interface MultipartPart {
  headers: Record<string, string>;
  body: Buffer;
}

/** A Content-Type header's media type and parameters, quoted values unquoted. */
export function parseContentType(header: string): { mediaType: string; params: Record<string, string> } {
  const [mediaType = "", ...rest] = header.split(";");
  const params: Record<string, string> = {};
  const parameter = /\s*([^=\s]+)\s*=\s*(?:"((?:[^"\\]|\\.)*)"|([^;\s]*))/y;
  const text = rest.join(";");
  let index = 0;
  while (index < text.length) {
    parameter.lastIndex = index;
    const match = parameter.exec(text);
    if (!match) break;
    const [whole, name = "", quoted, bare] = match;
    params[name.toLowerCase()] = quoted !== undefined ? quoted.replace(/\\(.)/g, "$1") : (bare ?? "");
    index += whole.length;
    while (text[index] === ";" || text[index] === " ") index++;
  }
  return { mediaType: mediaType.trim().toLowerCase(), params };
}

const CRLF = Buffer.from("\r\n");
const HEADER_END = Buffer.from("\r\n\r\n");

function parseHeaders(block: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const line of block.split("\r\n")) {
    const colon = line.indexOf(":");
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return headers;
}

/**
 * The parts of a multipart body (RFC 2046) such as Colissimo's MTOM answer. Bodies are kept as
 * bytes: the label part is a binary PDF.
 */
export function parseMultipart(body: Uint8Array, boundary: string): MultipartPart[] {
  const bytes = Buffer.from(body.buffer, body.byteOffset, body.byteLength);
  const delimiter = Buffer.from(`--${boundary}`);
  const parts: MultipartPart[] = [];
  let position = bytes.indexOf(delimiter);
  while (position !== -1) {
    const afterDelimiter = position + delimiter.length;
    if (bytes.subarray(afterDelimiter, afterDelimiter + 2).toString("latin1") === "--") break;
    const lineEnd = bytes.indexOf(CRLF, afterDelimiter);
    if (lineEnd === -1) break;
    const start = lineEnd + CRLF.length;
    const next = bytes.indexOf(delimiter, start);
    if (next === -1) break;
    // The line break before a delimiter belongs to the delimiter, not to the part.
    const end = next >= start + 2 && bytes.subarray(next - 2, next).equals(CRLF) ? next - 2 : next;
    const part = bytes.subarray(start, end);
    const headerEnd = part.subarray(0, 2).equals(CRLF) ? 0 : part.indexOf(HEADER_END);
    if (headerEnd === -1) {
      parts.push({ headers: {}, body: part });
    } else {
      const bodyStart = headerEnd === 0 ? CRLF.length : headerEnd + HEADER_END.length;
      parts.push({
        headers: parseHeaders(part.subarray(0, headerEnd).toString("utf8")),
        body: part.subarray(bodyStart),
      });
    }
    position = next;
  }
  return parts;
}
