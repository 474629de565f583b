// The floor of bench/label-batch.mjs, in a process of its own as the app's server is: the local
// provider's own PDF maker draws the same number of labels (pdf-lib and bwip-js, no database,
// no storage, no queue), then pdf-lib merges them as the live's labels PDF is. Prints one JSON line.
import { renderLabelPdf } from "../../apps/server/src/integrations/labels/local-label-provider.ts";
import { localParcelNumber } from "../../apps/server/src/integrations/labels/parcel.ts";
import { PDFDocument } from "pdf-lib";

/** pdf-lib's page copy, as the live's labels PDF is merged. */
async function mergeLabelPdfs(files) {
  const merged = await PDFDocument.create();
  for (const file of files) {
    const source = await PDFDocument.load(file);
    for (const page of await merged.copyPages(source, source.getPageIndices())) merged.addPage(page);
  }
  return merged.save();
}

const count = Number(process.argv[2] ?? 500);
const sender = {
  name: "Boutique Vitrine",
  lines: ["12 rue du Commerce", "69002 Lyon"],
  email: "contact@vitrine.local",
  street: "12 rue du Commerce",
  zip: "69002",
  city: "Lyon",
};
const started = performance.now();
const files = [];
for (let n = 1; n <= count; n++) {
  files.push(
    await renderLabelPdf(
      {
        orderNumber: `HF-bench-${n}`,
        addressee: {
          first_name: "Prénom",
          last_name: "Nom",
          street: `${n} rue des Lilas`,
          zip: "69001",
          city: "Lyon",
          state: "",
          country: "France",
          email: `client${n}@example.com`,
          phone: "0612345678",
        },
        weightGrams: 500,
        depositDate: new Date(),
      },
      sender,
      localParcelNumber(n),
    ),
  );
}
const rendered = performance.now();
const merged = await mergeLabelPdfs(files);
const done = performance.now();
console.log(
  JSON.stringify({
    renderMs: rendered - started,
    mergeMs: done - rendered,
    bytes: merged.length,
    pages: count,
  }),
);
