import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";

const backend = process.env.MITHAI_DEV_BACKEND ?? "http://127.0.0.1:3000";

export default defineConfig({
  plugins: [react()],
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
