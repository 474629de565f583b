import { describe, expect, it } from "vitest";
import { parseContentType, parseMultipart } from "./multipart";

describe("parseContentType", () => {
  it("reads the media type and its parameters, quoted or not", () => {
    expect(
      parseContentType('multipart/mixed; boundary="uuid:5d2e;x"; start="<jsonInfos>"; type=application/json'),
    ).toEqual({
      mediaType: "multipart/mixed",
      params: { boundary: "uuid:5d2e;x", start: "<jsonInfos>", type: "application/json" },
    });
    expect(parseContentType("application/json;charset=UTF-8")).toEqual({
      mediaType: "application/json",
      params: { charset: "UTF-8" },
    });
  });
});

describe("parseMultipart", () => {
  it("splits the parts and keeps binary bodies byte for byte", () => {
    const binary = Buffer.from([0x25, 0x50, 0x44, 0x46, 0x0d, 0x0a, 0x00, 0xff, 0x0d, 0x0a]);
    const body = Buffer.concat([
      Buffer.from(
        "--uuid:abc\r\nContent-Type: application/json;charset=UTF-8\r\nContent-ID: <jsonInfos>\r\n\r\n" +
          '{"messages":[]}\r\n--uuid:abc\r\nContent-Type: application/octet-stream\r\nContent-ID: <label>\r\n\r\n',
      ),
      binary,
      Buffer.from("\r\n--uuid:abc--\r\n"),
    ]);
    const parts = parseMultipart(body, "uuid:abc");
    expect(parts).toHaveLength(2);
    expect(parts[0]?.headers).toEqual({
      "content-type": "application/json;charset=UTF-8",
      "content-id": "<jsonInfos>",
    });
    expect(parts[0]?.body.toString()).toBe('{"messages":[]}');
    expect(parts[1]?.headers["content-id"]).toBe("<label>");
    expect(parts[1]?.body.equals(binary)).toBe(true);
  });

  it("finds nothing in a body without its boundary", () => {
    expect(parseMultipart(Buffer.from('{"messages":[]}'), "uuid:abc")).toEqual([]);
  });
});
