import assert from "node:assert/strict";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { after, before, describe, it } from "node:test";
import { eventually, launchBrowser, openWorkspace, screenshotter, startApp, writeChatSettings } from "./harness.mjs";
import { startScriptedProvider } from "./provider.mjs";

let browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

/** A fresh app on a scripted provider whose model is named model. */
async function setup(replies, model, providerOptions = {}) {
  const provider = await startScriptedProvider(replies, providerOptions);
  const home = process.env.HOME;
  const configDir = mkdtempSync(path.join(home, "cfg-"));
  const ws = mkdtempSync(path.join(home, "ws-"));
  writeFileSync(path.join(ws, "README.md"), "# demo\n");
  writeChatSettings(configDir, provider.url);
  const file = path.join(configDir, "Hearth", "settings.json");
  writeFileSync(file, JSON.stringify({ ...JSON.parse(readFileSync(file, "utf8")), activeModel: model }));
  const app = await startApp({ configDir });
  const page = await browser.newPage({ viewport: { width: 1200, height: 800 } });
  await page.goto(app.url);
  await openWorkspace(page, ws);
  const composer = page.getByRole("textbox", { name: "Message", exact: true });
  await composer.waitFor();
  return {
    provider, app, page, composer,
    close: async () => {
      await page.close();
      await app.stop();
      await provider.close();
    },
  };
}

/** pastes a 64×48 red PNG drawn on a canvas, as Ctrl+V of a screenshot does. */
async function pasteScreenshot(page) {
  await page.getByRole("textbox", { name: "Message", exact: true }).evaluate(async (el) => {
    const c = document.createElement("canvas");
    c.width = 64;
    c.height = 48;
    const g = c.getContext("2d");
    g.fillStyle = "#d00";
    g.fillRect(0, 0, 64, 48);
    const blob = await new Promise((r) => c.toBlob(r, "image/png"));
    const dt = new window.DataTransfer();
    dt.items.add(new window.File([blob], "image.png", { type: "image/png" }));
    el.focus();
    el.dispatchEvent(new window.ClipboardEvent("paste", { clipboardData: dt, bubbles: true, cancelable: true }));
  });
}

// Each screenshot is also an accessibility check: no serious or critical axe violation.
const shot = screenshotter("attach", { axe: true });

describe("Attachments in the composer", () => {
  it("a pasted screenshot shows as a thumbnail, reaches the model as an image part, and stays when reopened", async () => {
    const s = await setup([[{ text: "A red rectangle." }]], "gpt-4o");
    try {
      await pasteScreenshot(s.page);
      const tray = s.page.getByRole("list", { name: "Attachments" });
      await tray.getByRole("button", { name: /^Preview image\.png .+ (bytes|KB)$/ }).waitFor();
      assert.equal(await s.page.getByRole("alert").filter({ hasText: "can't see images" }).count(), 0, "a vision model got the warning");
      // The thumbnail opens a preview.
      await tray.getByRole("button", { name: /^Preview image\.png/ }).click();
      await s.page.getByRole("dialog", { name: "Preview of image.png" }).locator("img").waitFor();
      await shot(s.page, "preview");
      await s.page.keyboard.press("Escape");
      await s.page.getByRole("dialog").waitFor({ state: "detached" });
      await shot(s.page, "thumbnail");

      await s.composer.fill("what is in the picture");
      await s.composer.press("Enter");
      await s.page.getByText("A red rectangle.").waitFor();
      const sent = s.page.getByRole("list", { name: "Attached to this message" });
      await sent.locator("img").waitFor();
      await shot(s.page, "sent");

      assert.equal(s.provider.requests.length, 1);
      const users = s.provider.requests[0].messages.filter((m) => m.role === "user");
      const content = users[users.length - 1].content;
      assert.ok(Array.isArray(content), `the prompt went as ${JSON.stringify(content).slice(0, 200)}`);
      const image = content.find((p) => p.type === "image_url");
      assert.ok(image, `no image part in ${JSON.stringify(content).slice(0, 300)}`);
      assert.match(image.image_url.url, /^data:image\/png;base64,iVBORw0KGgo/);
      assert.ok(content.some((p) => p.type === "text" && p.text.includes("what is in the picture")));

      // Closed and reopened, the message still shows the picture (from the stored attachment).
      await s.page.getByRole("button", { name: "New chat" }).click();
      await s.page.getByText("A red rectangle.").waitFor({ state: "detached" });
      await s.page.getByRole("group", { name: "Sessions" }).getByText("what is in the picture").click();
      await s.page.getByText("A red rectangle.").waitFor();
      const img = s.page.getByRole("list", { name: "Attached to this message" }).locator("img");
      await img.waitFor();
      await eventually(async () => assert.equal(await img.getAttribute("src"), image.image_url.url, "the reopened message shows another picture than the model got"), "the reopened message's picture");
      await shot(s.page, "reopened");
    } finally {
      await s.close();
    }
  });

  it("a model whose server says it cannot see images says so before sending, and Send without sends the text alone", async () => {
    const s = await setup([[{ text: "Text only, as asked." }]], "e2e-model", { modalities: { vision: false } });
    try {
      await pasteScreenshot(s.page);
      const warning = s.page.getByRole("alert").filter({ hasText: "This model can't see images: pick a vision model or send without." });
      await warning.waitFor();
      await s.composer.fill("describe it");
      await s.composer.press("Enter");
      await new Promise((r) => setTimeout(r, 300)); // nothing to wait for: time for a request that must not go out
      assert.equal(s.provider.requests.length, 0, "the image went to a model that cannot see");
      await shot(s.page, "no-vision");
      await warning.getByRole("button", { name: "Send without" }).click();
      await s.page.getByText("Text only, as asked.").waitFor();
      assert.equal(s.provider.requests.length, 1);
      assert.ok(!JSON.stringify(s.provider.requests[0]).includes("image_url"), "Send without sent the image");
    } finally {
      await s.close();
    }
  });
});
