import tailwindcss from "@tailwindcss/vite";
import react from "@vitejs/plugin-react";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";
import { prerenderPlugin } from "./prerender-plugin.ts";

const root = fileURLToPath(new URL(".", import.meta.url));

export default defineConfig({
  root,
  plugins: [react(), tailwindcss(), prerenderPlugin()],
  resolve: {
    alias: { "@shared": fileURLToPath(new URL("../src/shared", import.meta.url)) },
  },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    sourcemap: false,
  },
  server: {
    proxy: { "/api": "http://localhost:3000", "/trpc": "http://localhost:3000" },
  },
});
