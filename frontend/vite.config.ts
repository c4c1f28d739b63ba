import { fileURLToPath } from "node:url";
import { defineConfig } from "vite";

// No React plugin: production builds need only JSX transformation, which
// Vite does natively; Fast Refresh is not worth a dependency here.
//
// The components are written against React's API and run on Preact's
// compat layer, in the window and in the unit tests: the first chunk the
// window parses is smaller and its web process holds less (bench/startup.sh).
const toPreact = [
  { find: /^react-dom\/client$/, replacement: "preact/compat/client" },
  { find: /^react\/jsx-runtime$/, replacement: "preact/jsx-runtime" },
  { find: /^react\/jsx-dev-runtime$/, replacement: "preact/jsx-runtime" },
  { find: /^react-dom$/, replacement: "preact/compat" },
  { find: /^react$/, replacement: "preact/compat" },
];

export default defineConfig({
  resolve: { alias: toPreact },
  oxc: { jsx: { runtime: "automatic" } },
  build: { outDir: "dist", emptyOutDir: true, sourcemap: false, target: "es2022" },
  test: {
    // The tests keep React Testing Library's API, served by Preact's.
    alias: [{ find: /^@testing-library\/react$/, replacement: fileURLToPath(new URL("./src/testing/testingLibrary.ts", import.meta.url)) }],
    // Bundled through Vite, the libraries (Radix, cmdk, …) get the aliases too.
    server: { deps: { inline: true } },
    environment: "happy-dom",
    include: ["src/**/*.test.{ts,tsx}"],
    setupFiles: ["src/test-setup.ts"],
    // Vitest loads CSS only when asked: `?raw` lets the visual-system test
    // read the stylesheets as text without styling every component test.
    css: { include: [/\?raw$/] },
  },
});
