import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { compression } from "vite-plugin-compression2";

// The API and the dev mail outbox live on the Node server; proxying them keeps one origin, so the
// session cookie works in development exactly as in production.
const apiServer = "http://127.0.0.1:3000";
const proxy = { "/api": apiServer, "/dev": apiServer };

export default defineConfig({
  plugins: [
    react(),
    tailwindcss(),
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
      // Everything the entry imports statically, the pages customers land on included (/login and
      // /customer/orders, see their routes), ships in the entry file itself rather than in chunks
      // loaded one by one: on a phone's network each request costs a round trip, and one gzip
      // stream compresses better (decision 013).
      output: { codeSplitting: { groups: [{ name: "entry", tags: ["$initial"] }] } },
    },
  },
});
