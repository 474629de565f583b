import { sql } from "drizzle-orm";
import type { Database } from "./client";
import { faqs, lives, pages, productColors, products, users } from "./schema";

const DEMO_SEED_LOCK = "vitrine:demo-seed";

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
 * Demo data for a first start: a few customers (one from a live, without an account yet), an
 * active live with products and colours, FAQs and the legal pages. Runs once: it does nothing
 * when the shop already has a live or a page.
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
    const [live] = await tx
      .insert(lives)
      .values({ ref: "nouveautes", title: "Nouveautés de la semaine", liveDate: new Date(), isActive: true })
      .returning();
    if (!live) throw new Error("demo live not created");
    const names = [
      "Robe fleurie",
      "Pull en maille",
      "Jean droit",
      "Blouse légère",
      "Veste en jean",
      "Jupe plissée",
    ];
    await tx.insert(products).values(
      names.map((name, index) => ({
        liveId: live.id,
        ref: index + 1,
        name,
        priceCents: 1990 + index * 500,
        size: ["S", "M", "L", "TU"][index % 4] ?? null,
        colorId: colors[index % colors.length]?.id ?? null,
      })),
    );
    await tx.insert(users).values([
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
    ]);
    return true;
  });
}
