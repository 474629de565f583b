import { shippingLabelMessages } from "@vitrine/domain";
import { eq, sql } from "drizzle-orm";
import { randomUUID } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { PDFDocument } from "pdf-lib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { orders } from "../src/db/schema";
import { LABEL_CLAIM_SECONDS } from "../src/modules/shipping-labels/service";
import { catalogueCallers, type Caller } from "./support/catalogue-fixtures";
import {
  deliveryAddress,
  insertCustomer,
  insertOrder,
  insertProduct,
  orderRowOf,
  type OrderOverrides,
} from "./support/factories";
import { readLabelPdf } from "./support/label-pdf";
import { startS3Server, type TestS3Server } from "./support/s3-server";
import { createTestApp, type TestApp } from "./support/test-app";

const address = deliveryAddress;

const labelUrl = (orderId: string) => `/api/admin/orders/${orderId}/label`;
const NO_LABEL = { code: "NOT_FOUND", message: "Aucune étiquette disponible" };

/** A paid order of two pieces, to the address above, unless told otherwise. */
async function orderToShip(t: TestApp, overrides: OrderOverrides = {}) {
  const customer = await insertCustomer(t.db, { firstName: "Marie", lastName: "Dupont" });
  const first = await insertProduct(t.db);
  const second = await insertProduct(t.db, { liveId: first.liveId });
  return insertOrder(t.db, {
    userId: customer.id,
    status: "paid",
    shippingAddress: address,
    products: [first, second],
    ...overrides,
  });
}

async function filesOf(storageDir: string, orderId: string): Promise<string[]> {
  const folder = path.join(storageDir, "labels", orderId);
  return existsSync(folder) ? readdir(folder) : [];
}

describe("shipping labels with the local provider", () => {
  let t: TestApp;
  let as: { admin: Caller; customer: Caller; anonymous: Caller };
  let storageDir: string;
  beforeAll(async () => {
    storageDir = await mkdtemp(path.join(tmpdir(), "vitrine-labels-"));
    t = await createTestApp({ env: { STORAGE_DIR: storageDir } });
    as = await catalogueCallers(t);
  });
  afterAll(async () => {
    await t.close();
    await rm(storageDir, { recursive: true, force: true });
  });

  it("generates an A6 PDF with sender, addressee, weight, service and a barcode of the parcel number", async () => {
    const order = await orderToShip(t);
    const response = await as.admin("POST", labelUrl(order.id));
    expect(response.statusCode).toBe(201);
    const { label } = response.json();
    expect(label).toEqual({ hasLabel: true, trackingId: expect.stringMatching(/^VT\d{11}$/) });

    const row = await orderRowOf(t.db, order.id);
    expect(row.trackingId).toBe(label.trackingId);
    expect(row.shippingLabelPath).toBe(`labels/${order.id}/${label.trackingId}.pdf`);
    expect(await filesOf(storageDir, order.id)).toEqual([`${label.trackingId}.pdf`]);

    const download = await as.admin("GET", labelUrl(order.id));
    expect(download.statusCode).toBe(200);
    expect(download.headers["content-type"]).toBe("application/pdf");
    expect(download.headers["content-disposition"]).toBe(
      `inline; filename="etiquette-${order.orderNumber}.pdf"`,
    );
    expect(download.headers["cache-control"]).toBe("no-store");
    expect(
      download.rawPayload.equals(await readFile(path.join(storageDir, row.shippingLabelPath ?? ""))),
    ).toBe(true);

    const pdf = await readLabelPdf(download.rawPayload);
    expect(pdf.pageCount).toBe(1);
    expect(pdf.pageSizeMm.width).toBeCloseTo(105, 1);
    expect(pdf.pageSizeMm.height).toBeCloseTo(148, 1);
    for (const text of [
      "Colissimo",
      "EXPÉDITEUR",
      "Vitrine",
      "12 rue des Lilas",
      "69001 Lyon",
      "DESTINATAIRE",
      "Marie Dupont",
      "8 rue de la République",
      "69002 LYON",
      "FRANCE",
      "Tél. : 06 12 34 56 78",
      "Service : Colissimo",
      // The box and two pieces: 150 g + 2 x 350 g.
      "Poids : 0,85 kg",
      `Commande : ${order.orderNumber}`,
      `N° de colis : ${label.trackingId}`,
    ]) {
      expect(pdf.text).toContain(text);
    }
    expect(pdf.barcodes).toEqual([label.trackingId]);
  });

  it("numbers every parcel differently, even when labels are made at once", async () => {
    const batch = await Promise.all(Array.from({ length: 5 }, () => orderToShip(t)));
    const responses = await Promise.all(batch.map((order) => as.admin("POST", labelUrl(order.id))));
    const numbers = responses.map((response) => response.json().label.trackingId);
    expect(responses.map((response) => response.statusCode)).toEqual([201, 201, 201, 201, 201]);
    expect(new Set(numbers).size).toBe(5);
  });

  it("refuses a second label while one exists, and changes nothing", async () => {
    const order = await orderToShip(t);
    await as.admin("POST", labelUrl(order.id));
    const before = await orderRowOf(t.db, order.id);
    const again = await as.admin("POST", labelUrl(order.id));
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ code: "CONFLICT", message: shippingLabelMessages.alreadyGenerated });
    expect(await orderRowOf(t.db, order.id)).toEqual(before);
    expect(await filesOf(storageDir, order.id)).toHaveLength(1);
  });

  it("keeps one label and one file when two are asked for at once", async () => {
    const order = await orderToShip(t);
    const responses = await Promise.all([
      as.admin("POST", labelUrl(order.id)),
      as.admin("POST", labelUrl(order.id)),
    ]);
    expect(responses.map((response) => response.statusCode).sort()).toEqual([201, 409]);
    const winner = responses.find((response) => response.statusCode === 201)?.json().label.trackingId;
    expect((await orderRowOf(t.db, order.id)).trackingId).toBe(winner);
    expect(await filesOf(storageDir, order.id)).toEqual([`${winner}.pdf`]);
  });

  it("refuses a label while another request is making it, and takes over a claim its server left behind", async () => {
    const order = await orderToShip(t);
    await t.db.update(orders).set({ labelRequestedAt: new Date() }).where(eq(orders.id, order.id));
    const during = await as.admin("POST", labelUrl(order.id));
    expect(during.statusCode).toBe(409);
    expect(during.json()).toEqual({ code: "CONFLICT", message: shippingLabelMessages.generationInProgress });
    expect(await filesOf(storageDir, order.id)).toEqual([]);
    const longAgo = new Date(Date.now() - (LABEL_CLAIM_SECONDS + 60) * 1000);
    await t.db.update(orders).set({ labelRequestedAt: longAgo }).where(eq(orders.id, order.id));
    const after = await as.admin("POST", labelUrl(order.id));
    expect(after.statusCode).toBe(201);
    expect(await orderRowOf(t.db, order.id)).toMatchObject({
      trackingId: after.json().label.trackingId,
      labelRequestedAt: null,
    });
  });

  it("refuses an order without a shipping address, or with an unusable one, and writes nothing", async () => {
    for (const shippingAddress of [null, { ...address, zip: "" }]) {
      const order = await orderToShip(t, { shippingAddress });
      const response = await as.admin("POST", labelUrl(order.id));
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(
        shippingAddress ? shippingLabelMessages.addressIncomplete : shippingLabelMessages.addressMissing,
      );
      expect(await orderRowOf(t.db, order.id)).toMatchObject({
        shippingLabelPath: null,
        trackingId: null,
        labelRequestedAt: null,
      });
      expect(await filesOf(storageDir, order.id)).toEqual([]);
    }
  });

  it("answers 'Commande introuvable' for an unknown order", async () => {
    const response = await as.admin("POST", labelUrl(randomUUID()));
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ code: "NOT_FOUND", message: "Commande introuvable" });
  });

  it("removes the stored file when the order cannot record it", async () => {
    const order = await orderToShip(t);
    await t.db.execute(sql`
      CREATE FUNCTION fail_label_record() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN RAISE EXCEPTION 'label record refused for the test'; END $$;
      CREATE TRIGGER fail_label_record BEFORE UPDATE ON orders FOR EACH ROW
        WHEN (NEW.shipping_label_path IS NOT NULL AND OLD.id = ${sql.raw(`'${order.id}'`)})
        EXECUTE FUNCTION fail_label_record();
    `);
    try {
      const response = await as.admin("POST", labelUrl(order.id));
      expect(response.statusCode).toBe(500);
    } finally {
      await t.db.execute(sql`DROP TRIGGER fail_label_record ON orders; DROP FUNCTION fail_label_record();`);
    }
    expect(await orderRowOf(t.db, order.id)).toMatchObject({
      shippingLabelPath: null,
      trackingId: null,
      labelRequestedAt: null,
    });
    expect(await filesOf(storageDir, order.id)).toEqual([]);
  });

  it("deletes a label: both columns cleared and the file removed", async () => {
    const order = await orderToShip(t);
    const { trackingId } = (await as.admin("POST", labelUrl(order.id))).json().label;
    expect(await filesOf(storageDir, order.id)).toEqual([`${trackingId}.pdf`]);

    const response = await as.admin("DELETE", labelUrl(order.id));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ label: { hasLabel: false, trackingId: null } });
    expect(await orderRowOf(t.db, order.id)).toMatchObject({
      shippingLabelPath: null,
      trackingId: null,
      labelRequestedAt: null,
    });
    expect(await filesOf(storageDir, order.id)).toEqual([]);
    expect((await as.admin("GET", labelUrl(order.id))).json()).toEqual(NO_LABEL);

    const regenerated = await as.admin("POST", labelUrl(order.id));
    expect(regenerated.statusCode).toBe(201);
    expect(regenerated.json().label.trackingId).not.toBe(trackingId);
  });

  it("answers 'Aucune étiquette disponible' when there is no label, or its file is gone", async () => {
    const order = await orderToShip(t);
    for (const method of ["GET", "DELETE"] as const) {
      const response = await as.admin(method, labelUrl(order.id));
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual(NO_LABEL);
    }
    await t.db
      .update(orders)
      .set({ shippingLabelPath: `labels/${order.id}/gone.pdf`, trackingId: "VT00000000000" })
      .where(eq(orders.id, order.id));
    expect((await as.admin("GET", labelUrl(order.id))).json()).toEqual(NO_LABEL);
  });

  it("is for admins only, and a refused caller changes nothing", async () => {
    const order = await orderToShip(t);
    for (const method of ["POST", "GET", "DELETE"] as const) {
      expect((await as.customer(method, labelUrl(order.id))).statusCode).toBe(403);
      expect((await as.anonymous(method, labelUrl(order.id))).statusCode).toBe(401);
    }
    expect(await orderRowOf(t.db, order.id)).toMatchObject({
      shippingLabelPath: null,
      trackingId: null,
      labelRequestedAt: null,
    });
  });
});

interface ColissimoCall {
  path: string;
  body: Record<string, unknown>;
}

/** A stand-in for Colissimo's label web service over real HTTP, answering as its documentation shows. */
function fakeColissimo(labelPdf: Uint8Array) {
  const calls: ColissimoCall[] = [];
  let next: "label" | "bad-credentials" | "not-a-pdf" = "label";
  // While held, Colissimo takes its time: answers wait for the release.
  let held: Promise<void> = Promise.resolve();
  const boundary = "uuid:3c6b1f2a-5d3e-4a8b-9c7d-1e2f3a4b5c6d";
  const multipart = (infos: unknown, label: Uint8Array | null) =>
    Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Type: application/json;charset=UTF-8\r\nContent-Transfer-Encoding: binary\r\n` +
          `Content-ID: <jsonInfos>\r\n\r\n${JSON.stringify(infos)}\r\n`,
      ),
      ...(label
        ? [
            Buffer.from(
              `--${boundary}\r\nContent-Type: application/octet-stream\r\nContent-Transfer-Encoding: binary\r\n` +
                "Content-ID: <label>\r\n\r\n",
            ),
            Buffer.from(label),
            Buffer.from("\r\n"),
          ]
        : []),
      Buffer.from(`--${boundary}--\r\n`),
    ]);
  const read = async (request: IncomingMessage) => {
    let text = "";
    for await (const chunk of request) text += String(chunk);
    return JSON.parse(text) as Record<string, unknown>;
  };
  const server: Server = createServer((request, response) => {
    void read(request).then(async (body) => {
      calls.push({ path: request.url ?? "", body });
      await held;
      response.setHeader(
        "content-type",
        `multipart/mixed; boundary="${boundary}"; type="application/json"; start="<jsonInfos>"`,
      );
      const answer = next;
      next = "label";
      if (answer === "bad-credentials") {
        response.statusCode = 400;
        response.end(
          multipart(
            {
              messages: [
                { id: "30000", type: "ERROR", messageContent: "Identifiant ou mot de passe invalide" },
              ],
            },
            null,
          ),
        );
        return;
      }
      const infos = {
        messages: [{ id: "0", type: "INFOS", messageContent: "La requête a été traitée avec succès" }],
        labelV2Response: { parcelNumber: "6A15984040331", parcelNumberPartner: null, pdfUrl: null },
      };
      response.end(multipart(infos, answer === "label" ? labelPdf : new TextEncoder().encode("^XA^XZ")));
    });
  });
  return {
    calls,
    server,
    answerNext: (answer: typeof next) => {
      next = answer;
    },
    /** Holds every answer until the returned function is called. */
    hold: () => {
      let release = () => {};
      held = new Promise((resolve) => {
        release = resolve;
      });
      return release;
    },
  };
}

describe("shipping labels stored in an S3 bucket (STORAGE=s3)", () => {
  let t: TestApp;
  let s3: TestS3Server;
  let as: { admin: Caller; customer: Caller; anonymous: Caller };
  beforeAll(async () => {
    s3 = await startS3Server();
    t = await createTestApp({ env: s3.env });
    as = await catalogueCallers(t);
  });
  afterAll(async () => {
    await t.close();
    await s3.close();
  });

  it("generates, downloads and deletes a label through the bucket, with the same routes", async () => {
    const order = await orderToShip(t);
    const generated = await as.admin("POST", labelUrl(order.id));
    expect(generated.statusCode).toBe(201);
    const { trackingId } = generated.json().label;
    const key = `labels/${order.id}/${trackingId}.pdf`;
    expect((await orderRowOf(t.db, order.id)).shippingLabelPath).toBe(key);
    expect(await s3.objectKeys()).toEqual([key]);

    const download = await as.admin("GET", labelUrl(order.id));
    expect(download.statusCode).toBe(200);
    expect(download.headers["content-type"]).toBe("application/pdf");
    const pdf = await readLabelPdf(download.rawPayload);
    expect(pdf.text).toContain(`N° de colis : ${trackingId}`);
    expect(pdf.barcodes).toEqual([trackingId]);

    const deleted = await as.admin("DELETE", labelUrl(order.id));
    expect(deleted.statusCode).toBe(200);
    expect(await s3.objectKeys()).toEqual([]);
    expect((await as.admin("GET", labelUrl(order.id))).json()).toEqual(NO_LABEL);
  });

  it("keeps one label and one object when two are asked for at once", async () => {
    const order = await orderToShip(t);
    const responses = await Promise.all([
      as.admin("POST", labelUrl(order.id)),
      as.admin("POST", labelUrl(order.id)),
    ]);
    expect(responses.map((response) => response.statusCode).sort()).toEqual([201, 409]);
    const winner = responses.find((response) => response.statusCode === 201)?.json().label.trackingId;
    expect(await s3.objectKeys()).toEqual([`labels/${order.id}/${winner}.pdf`]);
  });
});

describe("shipping labels with the Colissimo web service", () => {
  let t: TestApp;
  let as: { admin: Caller };
  let storageDir: string;
  let colissimo: ReturnType<typeof fakeColissimo>;
  let labelPdf: Uint8Array;
  beforeAll(async () => {
    const document = await PDFDocument.create();
    document.addPage([283.46, 425.2]);
    labelPdf = await document.save();
    colissimo = fakeColissimo(labelPdf);
    await new Promise<void>((resolve) => colissimo.server.listen(0, "127.0.0.1", resolve));
    const { port } = colissimo.server.address() as AddressInfo;
    storageDir = await mkdtemp(path.join(tmpdir(), "vitrine-labels-"));
    t = await createTestApp({
      env: {
        STORAGE_DIR: storageDir,
        LABEL_PROVIDER: "colissimo",
        COLISSIMO_CONTRACT_NUMBER: "123456",
        COLISSIMO_PASSWORD: "colissimo-test-password",
        COLISSIMO_API_URL: `http://127.0.0.1:${port}/sls-ws/SlsServiceWSRest/2.0`,
      },
    });
    as = await catalogueCallers(t);
  });
  afterAll(async () => {
    await t.close();
    await new Promise((resolve) => colissimo.server.close(resolve));
    await rm(storageDir, { recursive: true, force: true });
  });

  it("asks generateLabel for a home delivery and stores the PDF part under Colissimo's parcel number", async () => {
    const order = await orderToShip(t);
    const response = await as.admin("POST", labelUrl(order.id));
    expect(response.statusCode).toBe(201);
    expect(response.json().label).toEqual({ hasLabel: true, trackingId: "6A15984040331" });

    const [call] = colissimo.calls.slice(-1);
    expect(call?.path).toBe("/sls-ws/SlsServiceWSRest/2.0/generateLabel");
    expect(call?.body).toEqual({
      contractNumber: "123456",
      password: "colissimo-test-password",
      outputFormat: { x: 0, y: 0, outputPrintingType: "PDF_10x15_300dpi" },
      letter: {
        service: {
          productCode: "DOM",
          depositDate: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/),
          orderNumber: order.orderNumber,
          commercialName: "Vitrine",
        },
        parcel: { weight: 0.85 },
        sender: {
          senderParcelRef: order.orderNumber,
          address: {
            companyName: "Vitrine",
            line2: "12 rue des Lilas",
            countryCode: "FR",
            city: "Lyon",
            zipCode: "69001",
            email: "contact@vitrine.local",
          },
        },
        addressee: {
          addresseeParcelRef: order.orderNumber,
          address: {
            lastName: "Dupont",
            firstName: "Marie",
            line2: "8 rue de la République",
            countryCode: "FR",
            city: "Lyon",
            zipCode: "69002",
            email: "marie.dupont@example.com",
            mobileNumber: "0612345678",
          },
        },
      },
    });

    const row = await orderRowOf(t.db, order.id);
    expect(row).toMatchObject({
      trackingId: "6A15984040331",
      shippingLabelPath: `labels/${order.id}/6A15984040331.pdf`,
    });
    const download = await as.admin("GET", labelUrl(order.id));
    expect(download.headers["content-type"]).toBe("application/pdf");
    expect(download.rawPayload.equals(Buffer.from(labelPdf))).toBe(true);
  });

  it("calls Colissimo once when two labels of one order are asked for at once: the second caller is told it is under way", async () => {
    const order = await orderToShip(t);
    const callsBefore = colissimo.calls.length;
    const release = colissimo.hold();
    const settled: number[] = [];
    const requests = [0, 1].map((index) =>
      as.admin("POST", labelUrl(order.id)).then((response) => {
        settled.push(index);
        return response;
      }),
    );
    try {
      // Colissimo is answering slowly: wait until both callers reached it, or until one reached it
      // and the other was answered (in either order).
      const deadline = Date.now() + 10_000;
      const calls = () => colissimo.calls.length - callsBefore;
      while (calls() < 2 && !(calls() >= 1 && settled.length >= 1) && Date.now() < deadline) {
        await new Promise((resolve) => setImmediate(resolve));
      }
      expect(colissimo.calls.length - callsBefore).toBe(1);
    } finally {
      release();
    }
    const responses = await Promise.all(requests);
    expect(responses.map((response) => response.statusCode).sort()).toEqual([201, 409]);
    const refused = responses.find((response) => response.statusCode === 409);
    expect(refused?.json()).toEqual({
      code: "CONFLICT",
      message: shippingLabelMessages.generationInProgress,
    });
    expect(colissimo.calls.length - callsBefore).toBe(1);
    expect(await orderRowOf(t.db, order.id)).toMatchObject({ trackingId: "6A15984040331" });
    expect(await filesOf(storageDir, order.id)).toEqual(["6A15984040331.pdf"]);
  });

  it("turns a refusal into 'Impossible de générer l'étiquette d'expédition' and writes nothing", async () => {
    for (const answer of ["bad-credentials", "not-a-pdf"] as const) {
      const order = await orderToShip(t);
      colissimo.answerNext(answer);
      const response = await as.admin("POST", labelUrl(order.id));
      expect(response.statusCode).toBe(502);
      expect(response.json()).toEqual({
        code: "LABEL_PROVIDER_FAILED",
        message: "Impossible de générer l'étiquette d'expédition",
      });
      expect(await orderRowOf(t.db, order.id)).toMatchObject({
        shippingLabelPath: null,
        trackingId: null,
        labelRequestedAt: null,
      });
      expect(await filesOf(storageDir, order.id)).toEqual([]);
    }
  });
});
