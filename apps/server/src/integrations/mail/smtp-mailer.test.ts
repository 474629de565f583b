import { describe, expect, it } from "vitest";
import { smtpOptionsFromUrl } from "./smtp-mailer";

describe("smtpOptionsFromUrl", () => {
  it("reads host, port, security and credentials", () => {
    expect(smtpOptionsFromUrl("smtp://user%40shop.fr:p%40ss%3Aword@smtp.example.com:587")).toEqual({
      host: "smtp.example.com",
      port: 587,
      secure: false,
      auth: { user: "user@shop.fr", pass: "p@ss:word" },
    });
    expect(smtpOptionsFromUrl("smtps://smtp.example.com")).toEqual({
      host: "smtp.example.com",
      secure: true,
    });
  });

  it("passes ?options on as nodemailer does, tls.* nested", () => {
    expect(
      smtpOptionsFromUrl(
        "smtp://mail.internal:25?pool=true&maxConnections=3&tls.rejectUnauthorized=false&name=shop",
      ),
    ).toEqual({
      host: "mail.internal",
      port: 25,
      secure: false,
      pool: true,
      maxConnections: 3,
      name: "shop",
      tls: { rejectUnauthorized: false },
    });
  });
});
