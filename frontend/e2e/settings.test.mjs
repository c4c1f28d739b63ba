import assert from "node:assert/strict";
import { existsSync, mkdirSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import path from "node:path";
import { after, before, describe, it } from "node:test";
import { axeViolations, eventually, filesContaining, launchBrowser, openSettings, screenshotter, startApp, startModelServer } from "./harness.mjs";

let browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

// The shortcut listener is attached in an effect after first render, so a
// press right after load can land before it: press until the dialog shows.
// Settings opens at General; the providers are under "Models & providers".
async function openSection(page, name) {
  await page.getByRole("tab", { name }).click();
  await page.getByRole("tabpanel", { name }).waitFor();
}

// A provider not configured yet waits behind "Add provider".
async function addProvider(page, name) {
  await page.getByRole("button", { name: "Add provider" }).click();
  await page.getByRole("list", { name: "Providers to add" }).getByRole("button", { name }).click();
}

async function waitForSetting(configDir, pattern) {
  const file = path.join(configDir, "Hearth", "settings.json");
  await eventually(async () => assert.match(readFileSync(file, "utf8"), pattern), `settings.json to match ${pattern}`);
}

// Each screenshot is also an accessibility check: no serious or critical axe violation.
const shot = screenshotter("settings", { axe: true });
const fullShot = screenshotter("settings", { axe: true, fullPage: true });

describe("Settings against the real backend", () => {
  it("saves a key in the keychain, survives a reload, never shows it, deletes it", async () => {
    const app = await startApp();
    const page = await browser.newPage();
    try {
      const secret = `sk-e2e-${Date.now()}`;
      await page.goto(app.url);
      await openSettings(page);
      await openSection(page, "Models & providers");
      const card = page.getByTestId("provider-openai");
      await card.getByLabel("API key").fill(secret);
      await card.getByRole("button", { name: "Save key" }).click();
      await page.getByTestId("key-status-openai").filter({ hasText: "saved in keychain" }).waitFor();
      await eventually(async () => assert.equal(await card.getByLabel("API key").inputValue(), ""), "the key field emptied");

      await page.reload();
      await openSettings(page);
      await openSection(page, "Models & providers");
      await page.getByTestId("key-status-openai").filter({ hasText: "saved in keychain" }).waitFor();
      await fullShot(page, "key-saved");
      assert.ok(!(await page.content()).includes(secret), "the key is in the DOM");
      assert.deepEqual(filesContaining(app.configDir, secret), [], "the key was written under the config dir");

      await page.getByTestId("provider-openai").getByRole("button", { name: "Delete key" }).click();
      await page.getByTestId("key-status-openai").filter({ hasText: "not set" }).waitFor();
    } finally {
      await page.close();
      await app.stop();
    }
  });

  it("tests a connection: missing key, bad key, then ok with the model count", async () => {
    const models = await startModelServer("sk-e2e-good");
    const app = await startApp();
    const page = await browser.newPage();
    try {
      await page.goto(app.url);
      await openSettings(page);
      await openSection(page, "Models & providers");
      await addProvider(page, "OpenRouter");
      const card = page.getByTestId("provider-openrouter");
      await card.getByLabel("Base URL").fill(models.url);
      await card.getByLabel("Base URL").press("Enter");
      await waitForSetting(app.configDir, /"openrouter"/);
      await eventually(async () => assert.equal(await card.getByLabel("Base URL").inputValue(), models.url), "the saved Base URL in its field");

      await card.getByRole("button", { name: "Test connection" }).click();
      await page.getByTestId("connection-openrouter").filter({ hasText: "needs an API key" }).waitFor();

      await card.getByLabel("API key").fill("sk-e2e-bad");
      await card.getByRole("button", { name: "Save key" }).click();
      await page.getByTestId("key-status-openrouter").filter({ hasText: "saved in keychain" }).waitFor();
      await card.getByRole("button", { name: "Test connection" }).click();
      await page.getByTestId("connection-openrouter").filter({ hasText: "rejected the API key" }).waitFor();

      await card.getByLabel("API key").fill("sk-e2e-good");
      await card.getByRole("button", { name: "Save key" }).click();
      await page.getByTestId("key-status-openrouter").filter({ hasText: "saved in keychain" }).waitFor();
      await card.getByRole("button", { name: "Test connection" }).click();
      await page.getByTestId("connection-openrouter").filter({ hasText: "Connected: 2 models available." }).waitFor();
      await fullShot(page, "connection");
      await card.getByRole("button", { name: "Delete key" }).click();
      await page.getByTestId("key-status-openrouter").filter({ hasText: "not set" }).waitFor();
    } finally {
      await page.close();
      await app.stop();
      await models.close();
    }
  });

  it("rejects an invalid value with a specific message and keeps the file unchanged", async () => {
    const app = await startApp();
    const page = await browser.newPage();
    try {
      await page.goto(app.url);
      await openSettings(page);
      await openSection(page, "Models & providers");
      await page.getByText("Advanced", { exact: true }).click();
      await page.getByLabel("Temperature").fill("5");
      await page.getByLabel("Temperature").press("Enter");
      await page.getByRole("alert").filter({ hasText: "temperature: must be between 0 and 2" }).waitFor();
      assert.deepEqual(await axeViolations(page), [], "axe on the invalid-value message");
      assert.ok(!existsSync(path.join(app.configDir, "Hearth", "settings.json")) ||
        !readFileSync(path.join(app.configDir, "Hearth", "settings.json"), "utf8").includes('"temperature": 5'));
      await page.getByLabel("Temperature").fill("0.3");
      await page.getByLabel("Temperature").press("Enter");
      await waitForSetting(app.configDir, /"temperature": 0.3/);
      await openSection(page, "General");
      await page.getByLabel("Max agent iterations").fill("12");
      await page.getByLabel("Max agent iterations").press("Tab");
      await waitForSetting(app.configDir, /"maxIterations": 12/);
      await page.getByTestId("settings-status").filter({ hasText: "Saved." }).waitFor();
      await page.reload();
      await openSettings(page);
      await eventually(async () => assert.equal(await page.getByLabel("Max agent iterations").inputValue(), "12"), "the saved iterations shown");
    } finally {
      await page.close();
      await app.stop();
    }
  });

  it("a garbage settings.json is moved aside and a warning is shown", async () => {
    const cfg = path.join(process.env.HOME, `garbage-${Date.now()}`);
    mkdirSync(path.join(cfg, "Hearth"), { recursive: true });
    writeFileSync(path.join(cfg, "Hearth", "settings.json"), "{ this is not json");
    const app = await startApp({ configDir: cfg });
    const page = await browser.newPage();
    try {
      await page.goto(app.url);
      await page.getByTestId("app-warning").filter({ hasText: "moved to settings.json.bad-" }).waitFor();
      await shot(page, "garbage-warning");
      assert.ok(readdirSync(path.join(cfg, "Hearth")).some((f) => f.startsWith("settings.json.bad-")));
    } finally {
      await page.close();
      await app.stop();
    }
  });
});
