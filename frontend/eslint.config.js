import js from "@eslint/js";
import tseslint from "typescript-eslint";
import reactHooks from "eslint-plugin-react-hooks";

export default tseslint.config(
  { ignores: ["dist", "wailsjs", "node_modules", "e2e/out"] },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    files: ["src/**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "@typescript-eslint/no-explicit-any": "error",
    },
  },
  {
    // public/theme.js runs as a plain script in <head>, before the app.
    files: ["public/**/*.js"],
    languageOptions: { globals: { window: "readonly", document: "readonly", localStorage: "readonly" } },
  },
  {
    files: ["e2e/**/*.mjs"],
    languageOptions: { globals: { process: "readonly", console: "readonly", URL: "readonly", setTimeout: "readonly", fetch: "readonly", window: "readonly", document: "readonly" } },
  },
);
