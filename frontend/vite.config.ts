import { defineConfig } from "vite";

// No React plugin: production builds need only JSX transformation, which
// Vite does natively; Fast Refresh is not worth a dependency here.
export default defineConfig({
  oxc: { jsx: { runtime: "automatic" } },
  build: { outDir: "dist", emptyOutDir: true, sourcemap: false, target: "es2022" },
  test: { environment: "happy-dom", include: ["src/**/*.test.{ts,tsx}"], setupFiles: ["src/test-setup.ts"] },
});
