import { defineConfig } from "vite";

// No React plugin: production builds need only JSX transformation, which
// Vite does natively; Fast Refresh is not worth a dependency here.
export default defineConfig({
  oxc: { jsx: { runtime: "automatic" } },
  build: { outDir: "dist", emptyOutDir: true, sourcemap: false, target: "es2022" },
  // Vitest loads CSS only when asked: `?raw` lets the visual-system test read
  // the stylesheets as text without styling every component test.
  test: { environment: "happy-dom", include: ["src/**/*.test.{ts,tsx}"], setupFiles: ["src/test-setup.ts"], css: { include: [/\?raw$/] } },
});
