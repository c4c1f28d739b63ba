// Settings as sections, end to end against the real backend: every section
// reachable from its tab and free of serious accessibility problems, focus
// kept inside the dialog (also after "Delete key" removes the focused
// button), Esc closing it, and the theme switching at once and at start.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import path from "node:path";
import { after, before, describe, it } from "node:test";
import { artifacts, axeViolations, eventually, launchBrowser, openSettings, startApp } from "./harness.mjs";

let browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

const sectionNames = ["General", "Models & providers", "Permissions", "Web", "Knowledge", "MCP", "Serve", "Appearance", "About"];

// The shortcut listener is attached in an effect after first render: press until the dialog shows.
const focusInDialog = (page) => page.evaluate(() => !!document.activeElement?.closest('[role="dialog"]'));
const rootBackground = (page) => page.evaluate(() => window.getComputedStyle(document.documentElement).backgroundColor);

async function shotAndAxe(page, name) {
  await page.screenshot({ path: path.join(artifacts, `e2e-settings-${name}.png`) });
  assert.deepEqual(await axeViolations(page), [], `axe on Settings → ${name}`);
}

describe("Settings sections", () => {
  it("opens every section from its tab, keeps focus inside, and Esc closes it, also after Delete key", async () => {
    const app = await startApp();
    const page = await browser.newPage({ viewport: { width: 1180, height: 780 } });
    try {
      await page.goto(app.url);
      let dialog = await openSettings(page);
      for (const name of sectionNames) {
        await dialog.getByRole("tab", { name, exact: true }).click();
        await dialog.getByRole("tabpanel", { name }).getByRole("heading", { name, exact: true }).waitFor();
        await shotAndAxe(page, name.toLowerCase().replace(/[^a-z]+/g, "-"));
      }

      // The arrow keys move between the tabs (Radix Tabs, vertical).
      await dialog.getByRole("tab", { name: "General" }).click();
      await dialog.getByRole("tab", { name: "General", selected: true }).waitFor();
      await page.keyboard.press("ArrowDown");
      await dialog.getByRole("tab", { name: "Models & providers", selected: true }).waitFor({ timeout: 5000 });

      // Tab and Shift+Tab cycle inside the dialog, never out to the page behind.
      for (let i = 0; i < 30; i++) {
        await page.keyboard.press(i < 20 ? "Tab" : "Shift+Tab");
        assert.ok(await focusInDialog(page), `focus left the dialog after ${i + 1} Tab presses`);
      }

      // Delete key removes the focused button: focus stays inside and Esc still closes.
      const card = dialog.getByTestId("provider-openai");
      await card.getByLabel("API key").fill(`sk-e2e-${Date.now()}`);
      await card.getByRole("button", { name: "Save key" }).click();
      await page.getByTestId("key-status-openai").filter({ hasText: "saved in keychain" }).waitFor();
      await dialog.getByTestId("settings-status").filter({ hasText: "Key saved in the keychain." }).waitFor();
      await card.getByRole("button", { name: "Delete key" }).click();
      await page.getByTestId("key-status-openai").filter({ hasText: "not set" }).waitFor();
      await dialog.getByTestId("settings-status").filter({ hasText: "Key deleted." }).waitFor();
      assert.ok(await focusInDialog(page), "focus dropped to the page after Delete key");
      assert.equal(await page.evaluate(() => document.activeElement?.id), "key-openai");
      await page.keyboard.press("Escape");
      await dialog.waitFor({ state: "hidden" });

      // The first Esc after opening closes it (nothing else, such as a tooltip, takes it).
      dialog = await openSettings(page);
      await page.keyboard.press("Escape");
      await dialog.waitFor({ state: "hidden" });

      // Esc works from inside a field of any section too.
      dialog = await openSettings(page);
      await dialog.getByRole("tab", { name: "General" }).click();
      await dialog.getByLabel("Max agent iterations").focus();
      await page.keyboard.press("Escape");
      await dialog.waitFor({ state: "hidden" });
    } finally {
      await page.close();
      await app.stop();
    }
  });

  it("switches the theme at once, saves it, and paints it before anything else at the next start", async () => {
    const app = await startApp();
    const context = await browser.newContext({ colorScheme: "light", viewport: { width: 1180, height: 780 } });
    const page = await context.newPage();
    try {
      await page.goto(app.url);
      const light = await rootBackground(page);
      const dialog = await openSettings(page);
      await dialog.getByRole("tab", { name: "Appearance" }).click();
      await eventually(async () => assert.ok(await dialog.getByRole("radio", { name: /System/ }).isChecked()), "the System theme chosen");

      await dialog.getByRole("radio", { name: "Dark", exact: true }).check();
      await page.waitForFunction((before) => window.getComputedStyle(document.documentElement).backgroundColor !== before, light);
      assert.equal(await rootBackground(page), "rgb(28, 27, 26)");
      await dialog.getByTestId("settings-status").filter({ hasText: "Saved." }).waitFor();
      await eventually(async () => assert.match(readFileSync(path.join(app.configDir, "Hearth", "settings.json"), "utf8"), /"theme": "dark"/), "the dark theme saved");
      await shotAndAxe(page, "appearance-dark");

      // At the next start every data-theme the page ever had is recorded: only dark, from the first script on.
      await page.addInitScript(() => {
        window.__themes = [];
        new window.MutationObserver((records) => {
          for (const r of records) window.__themes.push({ theme: r.target.getAttribute("data-theme"), body: document.body !== null });
        }).observe(document, { subtree: true, attributes: true, attributeFilter: ["data-theme"] });
      });
      await page.reload();
      await page.getByRole("navigation", { name: "Conversations" }).waitFor();
      const seen = await page.evaluate(() => window.__themes);
      assert.ok(seen.length > 0 && seen.every((t) => t.theme === "dark"), `themes painted at start: ${JSON.stringify(seen)}`);
      assert.equal(seen[0].body, false, "the theme was set only after <body> began, so a frame could show the wrong one");
      assert.equal(await rootBackground(page), "rgb(28, 27, 26)");
      await page.screenshot({ path: path.join(artifacts, "e2e-settings-dark-start.png") });

      // A fresh webview profile (nothing cached) on a light system still paints dark from the first frame.
      const fresh = await browser.newContext({ colorScheme: "light", viewport: { width: 1180, height: 780 } });
      try {
        const first = await fresh.newPage();
        await first.addInitScript(() => {
          window.__themes = [];
          new window.MutationObserver((records) => {
            for (const r of records) window.__themes.push({ theme: r.target.getAttribute("data-theme"), body: document.body !== null });
          }).observe(document, { subtree: true, attributes: true, attributeFilter: ["data-theme"] });
        });
        await first.goto(app.url);
        await first.getByRole("navigation", { name: "Conversations" }).waitFor();
        const firstSeen = await first.evaluate(() => window.__themes);
        assert.ok(firstSeen.length > 0 && firstSeen.every((t) => t.theme === "dark"), `themes painted in a fresh profile: ${JSON.stringify(firstSeen)}`);
        assert.equal(firstSeen[0].body, false, "a fresh profile set the theme only after <body> began");
      } finally {
        await fresh.close();
      }

      const again = await openSettings(page);
      await again.getByRole("tab", { name: "Appearance" }).click();
      await again.getByRole("radio", { name: "Light", exact: true }).check();
      await page.waitForFunction((c) => window.getComputedStyle(document.documentElement).backgroundColor === c, light);
      await shotAndAxe(page, "appearance-light");
    } finally {
      await context.close();
      await app.stop();
    }
  });
});
