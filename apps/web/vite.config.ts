import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig, type Plugin } from "vite";
import { compression } from "vite-plugin-compression2";

// The API and the dev mail outbox live on the Node server; proxying them keeps one origin, so the
// session cookie works in development exactly as in production.
const apiServer = "http://127.0.0.1:3000";
const proxy = { "/api": apiServer, "/dev": apiServer };

/**
 * The pages a customer coming from a live opens first (issue 14; bench/bundle-size.mjs counts the
 * same two). index.html preloads their chunks, so they download beside the entry instead of after
 * it has run and the router has matched the URL: one round trip less on a phone.
 */
const customerFirstPages = [
  "src/features/auth/pages/login-page.tsx",
  "src/features/customer/pages/orders-page.tsx",
];

function preloadCustomerFirstPages(): Plugin {
  return {
    name: "vitrine:preload-customer-first-pages",
    apply: "build",
    transformIndexHtml: {
      order: "post",
      handler(_html, { bundle }) {
        if (!bundle) return [];
        const files = new Set<string>();
        const visit = (fileName: string) => {
          const chunk = bundle[fileName];
          if (files.has(fileName) || chunk?.type !== "chunk" || chunk.isEntry) return;
          files.add(fileName);
          chunk.imports.forEach(visit);
        };
        for (const page of customerFirstPages) {
          const chunk = Object.values(bundle).find(
            (output) => output.type === "chunk" && output.facadeModuleId?.endsWith(`/${page}`),
          );
          if (!chunk) throw new Error(`${page} is no longer a chunk of its own: update vite.config.ts`);
          visit(chunk.fileName);
        }
        return [...files].map((file) => ({
          tag: "link",
          attrs: { rel: "modulepreload", crossorigin: true, href: `/${file}` },
          injectTo: "head" as const,
        }));
      },
    },
  };
}

export default defineConfig({
  plugins: [
    react(),
    tailwindcss(),
    preloadCustomerFirstPages(),
    // Brotli and gzip copies made once at build time; the server sends the one the browser accepts.
    compression({
      algorithms: ["brotliCompress", "gzip"],
      include: /\.(js|css|html|svg|json)$/,
      threshold: 1024,
      skipIfLargerOrEqual: true,
    }),
  ],
  server: { proxy },
  preview: { proxy },
  // The manifest tells bench/bundle-size.mjs which chunks each page loads.
  build: {
    outDir: "dist",
    manifest: true,
    rolldownOptions: {
      // Everything the entry imports statically ships in the entry file itself rather than in
      // shared chunks that index.html would preload one by one: one request, and one gzip stream
      // that compresses better (about 3 kB less on the customer's first load).
      output: { codeSplitting: { groups: [{ name: "entry", tags: ["$initial"] }] } },
    },
  },
});
