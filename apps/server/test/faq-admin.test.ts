import { faqMessages, richTextMessages, RICH_TEXT_MAX_LENGTH, type Faq } from "@vitrine/domain";
import { asc } from "drizzle-orm";
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { faqs } from "../src/db/schema";
import { apiKitOf, type ApiKit, type Role } from "./support/api-kit";
import { createTestApp, type TestApp } from "./support/test-app";

let t: TestApp;
let kit: ApiKit;
beforeAll(async () => {
  t = await createTestApp();
  kit = apiKitOf(t);
});
afterAll(async () => t.close());
beforeEach(async () => {
  await t.db.delete(faqs);
});

const URL = "/api/admin/faqs";

const asAdmin = {
  list: () => kit.injectAs("admin", { method: "GET", url: URL }),
  create: (payload: unknown) =>
    kit.injectAs("admin", { method: "POST", url: URL, payload: payload as object }),
  update: (id: string, payload: unknown) =>
    kit.injectAs("admin", { method: "PUT", url: `${URL}/${id}`, payload: payload as object }),
  remove: (id: string) => kit.injectAs("admin", { method: "DELETE", url: `${URL}/${id}` }),
  move: (id: string, direction: string) =>
    kit.injectAs("admin", { method: "POST", url: `${URL}/${id}/move`, payload: { direction } }),
};

/** Creates FAQs "Q1".."Qn" through the API, in that order. */
async function createFaqs(count: number): Promise<Faq[]> {
  const created: Faq[] = [];
  for (let n = 1; n <= count; n++) {
    const response = await asAdmin.create({ title: `Q${n}`, content: `<p>Réponse ${n}</p>` });
    expect(response.statusCode).toBe(201);
    created.push(response.json().faq);
  }
  return created;
}

/** The stored FAQs as [rank, title], by rank. */
async function storedRanks() {
  const rows = await t.db.select().from(faqs).orderBy(asc(faqs.rank));
  return rows.map((row) => [row.rank, row.title]);
}

const titlesInOrder = async () => (await storedRanks()).map(([, title]) => title);

describe("listing and creating FAQs", () => {
  it("gives each new FAQ the next rank, and lists them by rank", async () => {
    const created = await createFaqs(3);
    expect(created.map((faq) => [faq.rank, faq.title])).toEqual([
      [0, "Q1"],
      [1, "Q2"],
      [2, "Q3"],
    ]);
    const list = await asAdmin.list();
    expect(list.statusCode).toBe(200);
    expect(list.json().faqs.map((faq: Faq) => faq.title)).toEqual(["Q1", "Q2", "Q3"]);
    expect(list.json().faqs[0]).toEqual({
      id: created[0]?.id,
      title: "Q1",
      content: "<p>Réponse 1</p>",
      rank: 0,
    });
  });

  it("trims the title and cleans the answer of what the editor never writes", async () => {
    const response = await asAdmin.create({
      title: "  Délais ?  ",
      content:
        '<p class="x" style="color:red">Sous <strong>48 h</strong></p><div>bloc</div><img src="https://x.test/a.png">',
    });
    expect(response.statusCode).toBe(201);
    expect(response.json().faq).toMatchObject({
      title: "Délais ?",
      content: "<p>Sous <strong>48 h</strong></p>bloc",
    });
    const [stored] = await t.db.select().from(faqs);
    expect(stored?.content).toBe("<p>Sous <strong>48 h</strong></p>bloc");
  });

  it.each([
    ["a script", "<p>Oui</p><script>alert(document.cookie)</script>"],
    ["an onclick", '<p onclick="steal()">Oui</p>'],
    ["a javascript: link", '<p><a href="javascript:alert(1)">ici</a></p>'],
  ])("refuses an answer with %s, naming the field, and writes nothing", async (_, content) => {
    const response = await asAdmin.create({ title: "Question", content });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: "VALIDATION_FAILED",
      message: richTextMessages.activeContent,
      fields: { content: richTextMessages.activeContent },
    });
    expect(await storedRanks()).toEqual([]);
  });

  it.each([
    [{ title: "", content: "<p>Oui</p>" }, "title"],
    [{ title: "   ", content: "<p>Oui</p>" }, "title"],
    [{ title: "Question", content: "<p></p>" }, "content"],
    [{ title: "Question", content: "<p>&nbsp; </p>" }, "content"],
  ])("asks to fill every field (%j)", async (payload, field) => {
    const response = await asAdmin.create(payload);
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: "VALIDATION_FAILED",
      message: "Veuillez remplir tous les champs",
      fields: { [field]: "Veuillez remplir tous les champs" },
    });
    expect(await storedRanks()).toEqual([]);
  });

  it.each([
    [
      { title: 42, content: "<p>Oui</p>" },
      "title",
      "Le champ « title » doit être un texte (reçu : un nombre).",
    ],
    [{ title: "Question" }, "content", "Le champ « content » est requis."],
    [
      { title: "Question", content: ["<p>Oui</p>"] },
      "content",
      "Le champ « content » doit être un texte (reçu : une liste).",
    ],
    [
      { title: "x".repeat(201), content: "<p>Oui</p>" },
      "title",
      "Le titre ne doit pas dépasser 200 caractères",
    ],
    [
      { title: "Question", content: `<p>${"x".repeat(RICH_TEXT_MAX_LENGTH)}</p>` },
      "content",
      richTextMessages.tooLong,
    ],
  ])("refuses a malformed body in French (%#)", async (payload, field, message) => {
    const response = await asAdmin.create(payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toMatchObject({ [field]: message });
    expect(await storedRanks()).toEqual([]);
  });

  it("ranks FAQs created at the same time 0..n-1, each once", async () => {
    const responses = await Promise.all(
      Array.from({ length: 12 }, (_, n) => asAdmin.create({ title: `Q${n}`, content: "<p>R</p>" })),
    );
    expect(responses.map((response) => response.statusCode)).toEqual(Array(12).fill(201));
    expect((await storedRanks()).map(([rank]) => rank)).toEqual([...Array(12).keys()]);
  });
});

describe("editing a FAQ", () => {
  it("changes the title and the answer, not the rank", async () => {
    const [, second] = await createFaqs(3);
    const response = await asAdmin.update(second?.id ?? "", {
      title: "Q2 bis",
      content: "<p>Nouvelle réponse</p>",
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().faq).toMatchObject({
      title: "Q2 bis",
      content: "<p>Nouvelle réponse</p>",
      rank: 1,
    });
    expect(await titlesInOrder()).toEqual(["Q1", "Q2 bis", "Q3"]);
  });

  it("refuses blank fields and scripts, and keeps the FAQ as it was", async () => {
    const [faq] = await createFaqs(1);
    const blank = await asAdmin.update(faq?.id ?? "", { title: " ", content: "<p>x</p>" });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().message).toBe(faqMessages.required);
    const script = await asAdmin.update(faq?.id ?? "", {
      title: "Q",
      content: "<script>x()</script><p>x</p>",
    });
    expect(script.statusCode).toBe(400);
    expect(script.json().fields).toEqual({ content: richTextMessages.activeContent });
    expect(await t.db.select({ title: faqs.title, content: faqs.content }).from(faqs)).toEqual([
      { title: "Q1", content: "<p>Réponse 1</p>" },
    ]);
  });

  it("answers 404 for an unknown FAQ and 400 for an id that is not one", async () => {
    const unknown = await asAdmin.update(randomUUID(), { title: "Q", content: "<p>x</p>" });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ code: "NOT_FOUND", message: faqMessages.notFound });
    const malformed = await asAdmin.update("42", { title: "Q", content: "<p>x</p>" });
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().fields).toEqual({
      id: "Le champ « id » doit être un identifiant (UUID) valide.",
    });
  });
});

describe("deleting a FAQ", () => {
  it("closes the gap: the ranks stay 0..n-1", async () => {
    const [, second] = await createFaqs(4);
    const response = await asAdmin.remove(second?.id ?? "");
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: "deleted" });
    expect(await storedRanks()).toEqual([
      [0, "Q1"],
      [1, "Q3"],
      [2, "Q4"],
    ]);
    const [next] = await createFaqs(1);
    expect(next?.rank).toBe(3);
  });

  it("keeps the ranks whole when FAQs are deleted and created at the same time", async () => {
    const created = await createFaqs(8);
    const deletions = created.filter((_, index) => index % 2 === 0).map((faq) => asAdmin.remove(faq.id));
    const creations = Array.from({ length: 4 }, (_, n) =>
      asAdmin.create({ title: `N${n}`, content: "<p>R</p>" }),
    );
    const responses = await Promise.all([...deletions, ...creations]);
    expect(responses.every((response) => response.statusCode < 300)).toBe(true);
    expect((await storedRanks()).map(([rank]) => rank)).toEqual([...Array(8).keys()]);
  });

  it("answers 404 for a FAQ already deleted", async () => {
    const [faq] = await createFaqs(1);
    await asAdmin.remove(faq?.id ?? "");
    const again = await asAdmin.remove(faq?.id ?? "");
    expect(again.statusCode).toBe(404);
  });
});

describe("moving a FAQ", () => {
  it("swaps it with the neighbour above or below, and the public FAQ follows", async () => {
    const [first, second, third] = await createFaqs(3);
    const up = await asAdmin.move(third?.id ?? "", "up");
    expect(up.statusCode).toBe(200);
    expect(up.json().faqs.map((faq: Faq) => [faq.rank, faq.title])).toEqual([
      [0, "Q1"],
      [1, "Q3"],
      [2, "Q2"],
    ]);
    await asAdmin.move(first?.id ?? "", "down");
    expect(await titlesInOrder()).toEqual(["Q3", "Q1", "Q2"]);
    const publicList = await t.app.inject({ method: "GET", url: "/api/faqs" });
    expect(publicList.json().faqs.map((faq: Faq) => faq.title)).toEqual(["Q3", "Q1", "Q2"]);
    expect(second).toBeDefined();
  });

  it("never moves the first up nor the last down", async () => {
    const [first, , last] = await createFaqs(3);
    const up = await asAdmin.move(first?.id ?? "", "up");
    expect(up.statusCode).toBe(409);
    expect(up.json()).toEqual({ code: "CONFLICT", message: faqMessages.alreadyFirst });
    const down = await asAdmin.move(last?.id ?? "", "down");
    expect(down.statusCode).toBe(409);
    expect(down.json()).toEqual({ code: "CONFLICT", message: faqMessages.alreadyLast });
    expect(await titlesInOrder()).toEqual(["Q1", "Q2", "Q3"]);
  });

  it("refuses a direction other than up or down", async () => {
    const [faq] = await createFaqs(2);
    const response = await asAdmin.move(faq?.id ?? "", "sideways");
    expect(response.statusCode).toBe(400);
    expect(response.json().fields.direction).toBe("Le champ « direction » doit valoir « up » ou « down ».");
  });

  it("serializes moves sent at the same time: each applies to the order the previous one left", async () => {
    const created = await createFaqs(5);
    const last = created[4]?.id ?? "";
    // Five moves up from the last place: four reach the top, the fifth finds it already first.
    const responses = await Promise.all(Array.from({ length: 5 }, () => asAdmin.move(last, "up")));
    expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 200, 200, 200, 409]);
    expect(await titlesInOrder()).toEqual(["Q5", "Q1", "Q2", "Q3", "Q4"]);
  });

  it("keeps ranks 0..n-1, each once, under a storm of moves in both directions", async () => {
    const created = await createFaqs(6);
    const moves = Array.from({ length: 30 }, (_, n) =>
      asAdmin.move(created[n % 6]?.id ?? "", n % 3 === 0 ? "down" : "up"),
    );
    const responses = await Promise.all(moves);
    expect(responses.every((response) => [200, 409].includes(response.statusCode))).toBe(true);
    const ranks = (await storedRanks()).map(([rank]) => rank);
    expect(ranks).toEqual([...Array(6).keys()]);
  });
});

describe("who may manage FAQs", () => {
  const refused: [Role, number][] = [
    ["anonymous", 401],
    ["customer", 403],
    ["adminByMagicLink", 403],
  ];

  it.each(refused)("refuses %s (%d) on every route, and nothing changes", async (role, status) => {
    const [faq] = await createFaqs(2);
    const id = faq?.id ?? "";
    const body = { title: "Piratée", content: "<p>x</p>" };
    const calls = [
      kit.injectAs(role, { method: "GET", url: URL }),
      kit.injectAs(role, { method: "POST", url: URL, payload: body }),
      kit.injectAs(role, { method: "PUT", url: `${URL}/${id}`, payload: body }),
      kit.injectAs(role, { method: "DELETE", url: `${URL}/${id}` }),
      kit.injectAs(role, { method: "POST", url: `${URL}/${id}/move`, payload: { direction: "down" } }),
    ];
    for (const response of await Promise.all(calls)) expect(response.statusCode).toBe(status);
    expect(await storedRanks()).toEqual([
      [0, "Q1"],
      [1, "Q2"],
    ]);
  });
});
