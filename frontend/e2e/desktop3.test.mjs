// Issue 42, the desktop's third pass: the mode menu (item 5), focus that
// comes back to the composer (8), plain words (9) and small untruths (10),
// each in the real window, each screenshot also an axe check.
import assert from "node:assert/strict";
import { writeFileSync } from "node:fs";
import path from "node:path";
import { describe, it } from "node:test";
import { chatSetup, openSettings, openWorkspace, screenshotter, startApp, useBrowser } from "./harness.mjs";

const browser = useBrowser();
const shot = screenshotter("desktop3", { axe: true });
const setup = (replies, opts = {}) => chatSetup(browser(), replies, { viewport: { width: 1200, height: 800 }, ...opts });

// The element that has the keyboard, as a short description.
const focused = (page) => page.evaluate(() => {
  const a = document.activeElement;
  return a ? `${a.tagName.toLowerCase()}#${a.id}` : "none";
});
const composerFocused = (page) => page.waitForFunction(() => document.activeElement?.id === "composer-input");

describe("The mode menu (#42 item 5)", () => {
  it("lists the four modes with what each allows; Full auto asks once per conversation", async () => {
    const s = await setup([]);
    try {
      await s.page.getByRole("button", { name: /^Mode: Ask/ }).click();
      const menu = s.page.getByRole("menu");
      await menu.waitFor();
      const items = menu.getByRole("menuitemradio");
      await items.nth(3).waitFor();
      assert.deepEqual(await items.locator(".mode-item-label").allTextContents(), ["Plan", "Ask", "Auto-accept edits", "Full auto"]);
      for (const d of await items.locator(".mode-item-desc").allTextContents()) assert.ok(d.length > 10, `a mode has no description: ${d}`);
      await menu.getByRole("menuitemradio", { name: /^Ask/, checked: true }).waitFor();
      await shot(s.page, "mode-menu");

      await menu.getByRole("menuitemradio", { name: /Full auto/ }).click();
      const confirm = s.page.getByRole("alertdialog", { name: "Switch to Full auto?" });
      await confirm.waitFor();
      await shot(s.page, "full-auto-confirm");
      await confirm.getByRole("button", { name: "Switch to Full auto" }).click();
      await s.page.getByRole("button", { name: /^Mode: Full auto/ }).waitFor();

      // Once confirmed, this conversation does not ask again.
      await s.page.getByRole("button", { name: /^Mode: Full auto/ }).click();
      await s.page.getByRole("menuitemradio", { name: /^Ask/ }).click();
      await s.page.getByRole("button", { name: /^Mode: Ask/ }).click();
      await s.page.getByRole("menuitemradio", { name: /Full auto/ }).click();
      await s.page.getByRole("button", { name: /^Mode: Full auto/ }).waitFor();
      assert.equal(await s.page.getByRole("alertdialog").count(), 0, "Full auto asked twice in one conversation");
    } finally {
      await s.close();
    }
  });
});

describe("Focus (#42 item 8)", () => {
  it("comes back to the composer after an answered approval's turn and after Stop", async () => {
    const s = await setup([
      [{ tool: { id: "w1", name: "write_file", args: { path: "a.txt", content: "a\n" } } }],
      [{ text: "Wrote a.txt." }],
      [{ text: "Partial answer" }, { hold: true }, { text: " never shown" }],
    ]);
    try {
      await s.send("write a.txt");
      const card = s.page.getByRole("group", { name: /Approval needed/ });
      await card.getByRole("button", { name: "Allow once" }).click();
      await s.page.getByText("Wrote a.txt.").waitFor();
      await s.page.getByText(/Worked for/).waitFor();
      await composerFocused(s.page).catch(async (e) => assert.fail(`focus is on ${await focused(s.page)} after the turn: ${e}`));
      // The keyboard types into the composer without a click.
      await s.page.keyboard.type("go on");
      assert.equal(await s.composer.inputValue(), "go on");
      await s.page.keyboard.press("Enter");
      await s.page.getByText("Partial answer").waitFor();
      await s.page.getByRole("button", { name: "Stop" }).click();
      await s.page.getByText(/Stopped after/).waitFor();
      await composerFocused(s.page);
    } finally {
      await s.close();
    }
  });

  it("shows a focus ring on the Settings tab panel", async () => {
    const s = await setup([]);
    try {
      const dialog = await openSettings(s.page, "General");
      await dialog.getByRole("tab", { name: "General", exact: true }).focus();
      await s.page.keyboard.press("Tab");
      await s.page.waitForFunction(() => document.activeElement?.getAttribute("role") === "tabpanel");
      const ring = await s.page.evaluate(() => {
        const st = window.getComputedStyle(document.activeElement);
        return { style: st.outlineStyle, width: parseFloat(st.outlineWidth) };
      });
      assert.notEqual(ring.style, "none", "the tab panel has no focus ring");
      assert.ok(ring.width >= 1, `the ring is ${ring.width}px wide`);
      await shot(s.page, "settings-panel-focus");
    } finally {
      await s.close();
    }
  });
});

describe("Plain words (#42 item 9) and small untruths (#42 item 10)", () => {
  it("the footer says how long the turn worked and the tokens in words; Stop leaves no zeros", async () => {
    const s = await setup([[{ text: "Here it is." }], [{ text: "Partial answer" }, { hold: true }]]);
    try {
      await s.send("hello");
      const footer = s.page.locator(".turn-footer").first();
      await footer.getByText(/Worked for/).waitFor();
      await footer.getByText("used 1.3k tokens").waitFor();
      const title = await footer.getByText("used 1.3k tokens").getAttribute("title");
      assert.match(title ?? "", /1,200 tokens read by the model/);
      assert.doesNotMatch(await footer.textContent(), /Cooked| in · /);

      await s.send("and more");
      await s.page.getByText("Partial answer").waitFor();
      await s.page.getByRole("button", { name: "Stop" }).click();
      const stopped = s.page.locator(".turn-footer").nth(1);
      await stopped.getByText(/Stopped after/).waitFor();
      assert.doesNotMatch(await stopped.textContent(), /\b0 in|0 out|0 tokens/);
      await shot(s.page, "footers");
    } finally {
      await s.close();
    }
  });

  it("names shortcuts for this platform and the sandbox and default model without jargon", async () => {
    const s = await setup([]);
    try {
      const title = await s.page.getByRole("button", { name: "Settings", exact: true }).getAttribute("title");
      assert.equal(title, "Settings (Ctrl + ,)");
      const dialog = await openSettings(s.page, "Permissions");
      const panel = dialog.getByRole("tabpanel");
      await panel.locator("#sandbox-status").waitFor();
      assert.doesNotMatch(await panel.locator("#sandbox-status").textContent(), /ABI|Landlock \(/);
      await shot(s.page, "permissions-plain");
      await dialog.getByRole("tab", { name: "Models & providers", exact: true }).click();
      // The provider's default model reads as a recommendation (an option, or a placeholder with no model list).
      await s.page.waitForFunction(() => [...document.querySelectorAll(".settings option, .settings input")]
        .some((e) => (e.textContent || e.getAttribute("placeholder") || "").includes("Recommended for this provider")));
      assert.doesNotMatch(await dialog.textContent(), /Hearth's default/);
    } finally {
      await s.close();
    }
  });

  it("Settings opened from an error keeps its title and close button in view", async () => {
    const s = await setup([], { viewport: { width: 900, height: 520 } });
    try {
      await s.app.stop();
      writeFileSync(path.join(s.configDir, "Hearth", "settings.json"), JSON.stringify({
        version: 1, activeProvider: "openai", activeModel: "gpt-4o", reasoningEffort: "off", maxIterations: 5,
        approvalMode: "ask", providers: {}, modelTitles: false,
      }));
      s.app = await startApp({ configDir: s.configDir });
      await s.page.goto(s.app.url);
      await openWorkspace(s.page, s.ws);
      await s.send("hello?");
      const alert = s.page.getByRole("alert").filter({ hasText: "no API key" });
      await alert.getByRole("button", { name: "Add the API key" }).click();
      const dialog = s.page.getByRole("dialog", { name: "Settings" });
      await dialog.waitFor();
      await s.page.waitForFunction(() => document.activeElement?.id === "key-openai");
      const where = await s.page.evaluate(() => {
        const d = document.querySelector(".settings").getBoundingClientRect();
        const h = document.querySelector(".settings-header h1").getBoundingClientRect();
        const c = document.querySelector('[aria-label="Close settings"]').getBoundingClientRect();
        return { scrolled: document.querySelector(".settings").scrollTop, dialogTop: d.top, titleTop: h.top, closeTop: c.top, closeBottom: c.bottom, height: window.innerHeight };
      });
      assert.equal(where.scrolled, 0, "the dialog itself scrolled");
      assert.ok(where.titleTop >= where.dialogTop && where.closeTop >= 0 && where.closeBottom <= where.height, `title or close off view: ${JSON.stringify(where)}`);
      await shot(s.page, "settings-from-error");
    } finally {
      await s.close();
    }
  });

  it("older turns show their actions on hover or keyboard focus", async () => {
    const s = await setup([[{ text: "One." }], [{ text: "Two." }]]);
    try {
      await s.send("first");
      await s.page.getByText("One.").waitFor();
      await s.send("second");
      await s.page.getByText("Two.").waitFor();
      const turns = s.page.locator("article.turn");
      const opacity = (i) => turns.nth(i).locator(".turn-actions").evaluate((el) => window.getComputedStyle(el).opacity);
      await turns.nth(1).locator(".turn-actions").waitFor();
      await s.page.waitForFunction(() => {
        const a = document.querySelectorAll("article.turn .turn-actions");
        return a.length === 2 && window.getComputedStyle(a[0]).opacity === "0" && window.getComputedStyle(a[1]).opacity === "1";
      }).catch(async () => assert.fail(`opacities ${await opacity(0)} / ${await opacity(1)}`));
      await shot(s.page, "older-turn-rest");
      await turns.nth(0).getByRole("button", { name: "Regenerate" }).focus();
      await s.page.waitForFunction(() => window.getComputedStyle(document.querySelector("article.turn .turn-actions")).opacity === "1");
      await s.composer.focus();
      await s.page.waitForFunction(() => window.getComputedStyle(document.querySelector("article.turn .turn-actions")).opacity === "0");
      await turns.nth(0).hover();
      await s.page.waitForFunction(() => window.getComputedStyle(document.querySelector("article.turn .turn-actions")).opacity === "1");
    } finally {
      await s.close();
    }
  });
});
