import { lingui } from "@lingui/vite-plugin";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

const backend = process.env.MITHAI_DEV_BACKEND ?? "http://127.0.0.1:3000";

export default defineConfig({
  // Lingui's macros (`t`, `<Trans>`, `msg`) compile to message ids at build time; its plugin turns an imported
  // src/locales/<language>.po into a compiled catalogue chunk, loaded when a page needs that language.
  plugins: [react({ babel: { plugins: ["@lingui/babel-plugin-lingui-macro"] } }), lingui({ failOnMissing: true, failOnCompileError: true })],
  // The server swaps this placeholder for a fresh nonce in every page it serves (Content-Security-Policy).
  html: { cspNonce: "%CSP_NONCE%" },
  build: {
    target: "es2022",
    sourcemap: true,
    modulePreload: { polyfill: false },
    manifest: true,
  },
  server: {
    port: 5173,
    proxy: { "/trpc": backend, "/api": backend, "/images": backend },
  },
});
