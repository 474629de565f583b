import { BACK_OFFICE_TEMPLATE_SCOPE, SHIPPING_COUNTRY, type ShippingAddress } from "@vitrine/domain";
import { eq, sql } from "drizzle-orm";
import type { Database, Transaction } from "./client";
import {
  faqs,
  liveUsers,
  lives,
  messageTemplates,
  orders,
  pages,
  productColors,
  products,
  tiktokEvents,
  users,
} from "./schema";
import { addItem, createOrder } from "../modules/orders";
import { DEFAULT_MESSAGE_TEMPLATES } from "./default-message-templates";

const DEMO_SEED_LOCK = "vitrine:demo-seed";
const DAY_MS = 24 * 3600 * 1000;
const daysAgo = (days: number) => new Date(Date.now() - days * DAY_MS);

type ColorRow = typeof productColors.$inferSelect;
type ProductRow = typeof products.$inferSelect;

interface DemoLive {
  ref: string;
  title: string;
  liveDate: Date;
  isActive: boolean;
  /** Name, price in cents, colour name. */
  products: readonly (readonly [string, number, string])[];
}

type DemoOrder = Pick<
  typeof orders.$inferInsert,
  "userId" | "status" | "orderDate" | "shippingAddress" | "paymentStatus" | "paymentDate" | "trackingId"
> & { sold: readonly ProductRow[] };

async function insertDemoLive(tx: Transaction, demo: DemoLive, colors: readonly ColorRow[]) {
  const [live] = await tx
    .insert(lives)
    .values({ ref: demo.ref, title: demo.title, liveDate: demo.liveDate, isActive: demo.isActive })
    .returning();
  if (!live) throw new Error(`demo live ${demo.ref} not created`);
  const sold = await tx
    .insert(products)
    .values(
      demo.products.map(([name, priceCents, colorName], index) => ({
        liveId: live.id,
        ref: index + 1,
        name,
        priceCents,
        size: ["S", "M", "L", "TU"][index % 4] ?? null,
        colorId: colors.find((color) => color.name === colorName)?.id ?? null,
      })),
    )
    .returning();
  return { live, products: sold };
}

/**
 * Orders of one live as the app makes them (the orders core: numbered from the live's counter, a
 * line per piece through the one add-item path, the total kept by the database), then moved to
 * the status and dates of the story.
 */
async function insertDemoOrders(tx: Transaction, live: { id: string }, demoOrders: readonly DemoOrder[]) {
  for (const { sold, userId, ...columns } of demoOrders) {
    const order = await createOrder(tx, { liveId: live.id, userId });
    for (const product of sold) await addItem(tx, order.id, product.id);
    await tx.update(orders).set(columns).where(eq(orders.id, order.id));
  }
}

/**
 * The running live's audience, so the live-order sidebar and the live detail open on a
 * few viewers and comments (claims among them) rather than on empty lists.
 */
async function insertDemoLiveAudience(tx: Transaction, liveId: string) {
  const lea = { tiktokUsername: "lea_live", displayName: "Léa", tiktokUserId: "6900000000000000001" };
  const camille = {
    tiktokUsername: "camille_mode",
    displayName: "Camille",
    tiktokUserId: "6900000000000000002",
  };
  const ines = { tiktokUsername: "ines.shop", displayName: "Inès", tiktokUserId: "6900000000000000003" };
  const nath = { tiktokUsername: "nath_92", displayName: "Nathalie", tiktokUserId: "6900000000000000004" };
  await tx.insert(liveUsers).values([lea, camille, ines, nath].map((viewer) => ({ ...viewer, liveId })));
  const said = [
    [camille, null],
    [camille, "Bonsoir tout le monde !"],
    [ines, "je prends le 5"],
    [nath, "le 6 en M svp"],
    [lea, "c'est combien le 2 ?"],
    [nath, "Trop belle la veste 😍"],
  ] as const;
  const now = Date.now();
  await tx.insert(tiktokEvents).values(
    said.map(([viewer, comment], index) => {
      const createTime = now - (said.length - index) * 45_000;
      return {
        liveId,
        eventType: comment === null ? "member" : "chat",
        tiktokUserId: viewer.tiktokUserId,
        userNickname: viewer.displayName,
        userUniqueId: viewer.tiktokUsername,
        comment,
        createTime,
        msgId: `demo-${index + 1}`,
        payload: { demo: true, uniqueId: viewer.tiktokUsername, comment },
        insertedAt: new Date(createTime),
      };
    }),
  );
}

const legalNotice = `<h2>Éditeur du site</h2>
<p>Vitrine SAS, 12 rue des Lilas, 69001 Lyon. Capital social : 10 000 €. RCS Lyon 000 000 000.</p>
<h2>Hébergement</h2><p>Le site est hébergé par la boutique elle-même ou par son prestataire.</p>
<h2>Contact</h2><p>Pour toute question : <a href="mailto:contact@vitrine.local">contact@vitrine.local</a>.</p>`;

const termsOfSale = `<h2>Commandes</h2>
<p>Les commandes sont passées pendant nos lives. Le minimum de commande est de 15 € HT (18 € TTC), hors frais de livraison.</p>
<h2>Livraison</h2><p>Livraison en France par Colissimo, 6 € par commande. Expédition habituellement sous 24 heures ouvrées après le paiement.</p>
<h2>Rétractation et remboursement</h2>
<p>Vous disposez de 14 jours pour vous rétracter ; le remboursement intervient sous 14 jours. Un produit indisponible est remboursé sous 30 jours.</p>`;

/**
 * The default message templates, one per order status. The migrations insert them already; the
 * demo puts back any a database lost, so that the send-message dialog offers every type.
 */
async function insertDemoMessageTemplates(tx: Transaction) {
  await tx
    .insert(messageTemplates)
    .values(
      DEFAULT_MESSAGE_TEMPLATES.map((template) => ({ ...template, scope: [BACK_OFFICE_TEMPLATE_SCOPE] })),
    )
    .onConflictDoNothing({ target: messageTemplates.type });
}

/**
 * Demo data for a first start: a few customers (one from a live, without an account yet), an
 * active live and three past ones with products and colours, orders of Marie (the demo customer)
 * at every step from to-validate to shipped, one of the live viewer, a paid one of Sophie to prepare,
 * FAQs and the legal pages.
 * Runs once: it does nothing when the shop already has a live or a page.
 */
export async function seedDemoData(db: Database): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext(${DEMO_SEED_LOCK}))`);
    const [{ count }] = (
      await tx.execute<{ count: number }>(
        sql`SELECT (SELECT count(*) FROM lives) + (SELECT count(*) FROM pages) AS count`,
      )
    ).rows as [{ count: number }];
    if (Number(count) > 0) return false;

    await tx.insert(pages).values([
      { code: "mentions-legales", title: "Mentions légales", content: legalNotice, isActive: true },
      { code: "cgv", title: "Conditions générales de vente", content: termsOfSale, isActive: true },
    ]);
    await tx.insert(faqs).values([
      {
        rank: 0,
        title: "Comment commander pendant un live ?",
        content:
          "<p>Commentez la référence du produit pendant le live : nous l'ajoutons à votre commande.</p>",
      },
      {
        rank: 1,
        title: "Comment payer ma commande ?",
        content: "<p>Connectez-vous, validez votre adresse de livraison puis payez par carte bancaire.</p>",
      },
      {
        rank: 2,
        title: "Quels sont les délais de livraison ?",
        content: "<p>Nous expédions sous 24 heures ouvrées après le paiement, par Colissimo.</p>",
      },
    ]);
    const colors = await tx
      .insert(productColors)
      .values([
        { name: "Noir", hexCode: "#000000" },
        { name: "Blanc", hexCode: "#FFFFFF" },
        { name: "Rouge", hexCode: "#DC2626" },
        { name: "Bleu marine", hexCode: "#1E3A8A" },
        { name: "Beige", hexCode: "#D6C6A8" },
      ])
      .returning();
    const current = await insertDemoLive(
      tx,
      {
        ref: "nouveautes",
        title: "Nouveautés de la semaine",
        liveDate: new Date(),
        isActive: true,
        products: [
          ["Robe fleurie", 1990, "Noir"],
          ["Pull en maille", 2490, "Blanc"],
          ["Jean droit", 2990, "Rouge"],
          ["Blouse légère", 3490, "Bleu marine"],
          ["Veste en jean", 3990, "Beige"],
          ["Jupe plissée", 4490, "Noir"],
        ],
      },
      colors,
    );
    const spring = await insertDemoLive(
      tx,
      {
        ref: "printemps",
        title: "Spécial printemps",
        liveDate: daysAgo(2),
        isActive: false,
        products: [
          ["Trench court", 5490, "Beige"],
          ["Chemisier en soie", 3490, "Blanc"],
        ],
      },
      colors,
    );
    const evening = await insertDemoLive(
      tx,
      {
        ref: "robes",
        title: "Soirée robes",
        liveDate: daysAgo(5),
        isActive: false,
        products: [
          ["Robe longue", 3990, "Rouge"],
          ["Robe pull", 2990, "Noir"],
        ],
      },
      colors,
    );
    const summer = await insertDemoLive(
      tx,
      {
        ref: "best-of",
        title: "Best of de l'été",
        liveDate: daysAgo(12),
        isActive: false,
        products: [
          ["Chemise en lin", 2490, "Blanc"],
          ["Short en jean", 1990, "Bleu marine"],
        ],
      },
      colors,
    );

    const [marie, sophie, lea] = await tx
      .insert(users)
      .values([
        {
          email: "marie.dupont@example.com",
          firstName: "Marie",
          lastName: "Dupont",
          tiktokUsername: "marie.dpt",
        },
        {
          email: "sophie.martin@example.com",
          firstName: "Sophie",
          lastName: "Martin",
          tiktokUsername: "sosso_mode",
        },
        { tiktokUsername: "lea_live", displayName: "Léa" },
      ])
      .returning();
    if (!marie || !sophie || !lea) throw new Error("demo customers not created");

    const marieAddress: ShippingAddress = {
      first_name: "Marie",
      last_name: "Dupont",
      street: "8 rue de la République",
      zip: "69002",
      city: "Lyon",
      state: "",
      country: SHIPPING_COUNTRY,
      email: "marie.dupont@example.com",
      phone: "06 12 34 56 78",
    };
    const paid = (days: number) => ({ paymentStatus: "PAID", paymentDate: daysAgo(days) });
    const [dress, jumper, , blouse] = current.products;
    const [trench] = spring.products;
    const [longDress] = evening.products;
    if (!dress || !jumper || !blouse || !trench || !longDress) throw new Error("demo products not created");
    await insertDemoOrders(tx, current.live, [
      { userId: marie.id, status: "to-validate", orderDate: new Date(), sold: [dress, jumper] },
      { userId: lea.id, status: "to-validate", orderDate: new Date(), sold: [blouse] },
    ]);
    // Sophie's paid order waits for its parcel, so the preparation page shows a card.
    const [, silkShirt] = spring.products;
    if (!silkShirt) throw new Error("demo products not created");
    const sophieAddress: ShippingAddress = {
      first_name: "Sophie",
      last_name: "Martin",
      street: "3 place Bellecour",
      zip: "69002",
      city: "Lyon",
      state: "",
      country: SHIPPING_COUNTRY,
      email: "sophie.martin@example.com",
      phone: "07 98 76 54 32",
    };
    await insertDemoOrders(tx, spring.live, [
      {
        userId: marie.id,
        status: "to-pay",
        orderDate: daysAgo(2),
        shippingAddress: marieAddress,
        sold: [trench],
      },
      {
        userId: sophie.id,
        status: "paid",
        orderDate: daysAgo(2),
        shippingAddress: sophieAddress,
        ...paid(1),
        sold: [silkShirt],
      },
    ]);
    await insertDemoOrders(tx, evening.live, [
      {
        userId: marie.id,
        status: "preparing",
        orderDate: daysAgo(5),
        shippingAddress: marieAddress,
        ...paid(4),
        sold: [longDress],
      },
    ]);
    await insertDemoOrders(tx, summer.live, [
      {
        userId: marie.id,
        status: "shipped",
        orderDate: daysAgo(12),
        shippingAddress: marieAddress,
        ...paid(11),
        trackingId: "6A12345678901",
        sold: summer.products,
      },
    ]);
    await insertDemoMessageTemplates(tx);
    await insertDemoLiveAudience(tx, current.live.id);
    return true;
  });
}
