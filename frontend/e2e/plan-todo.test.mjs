import assert from "node:assert/strict";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { after, before, describe, it } from "node:test";
import { artifacts, axeViolations, eventually, launchBrowser, openWorkspace, startApp, writeChatSettings } from "./harness.mjs";
import { startScriptedProvider } from "./provider.mjs";

let browser;
before(async () => {
  browser = await launchBrowser();
});
after(async () => {
  await browser?.close();
});

// Each screenshot is also an accessibility check: no serious or critical axe violation.
async function shot(page, name) {
  await page.screenshot({ path: path.join(artifacts, `e2e-plan-todo-${name}.png`) });
  assert.deepEqual(await axeViolations(page), [], `axe on ${name}`);
}

const todo = (id, a, b) => [{ tool: { id, name: "todo", args: { items: [{ content: "Write notes.txt", status: a }, { content: "Say what changed", status: b }] } } }];

describe("Plan mode's todo list", () => {
  it("an approved plan fills the todo list, the model ticks it off live, and reopening the conversation brings back its list and mode", async () => {
    const plan = "## Steps\n1. Write notes.txt\n2. Say what changed\n\n## Files\n- notes.txt\n\n## Risks\n- none";
    const provider = await startScriptedProvider([
      [{ tool: { id: "p1", name: "propose_plan", args: { plan } } }],
      [{ text: "Plan ready for review." }],
      todo("t1", "in_progress", "pending"),
      // Held until the test has seen the first step in progress.
      [{ hold: true }, { tool: { id: "w1", name: "write_file", args: { path: "notes.txt", content: "planned\n" } } }],
      todo("t2", "completed", "completed"),
      [{ text: "Wrote notes.txt as planned." }],
    ]);
    const configDir = mkdtempSync(path.join(process.env.HOME, "cfg-"));
    const ws = mkdtempSync(path.join(process.env.HOME, "ws-"));
    writeFileSync(path.join(ws, "a.txt"), "a\n");
    writeChatSettings(configDir, provider.url, "ask");
    const app = await startApp({ configDir });
    const page = await browser.newPage({ viewport: { width: 1200, height: 800 } });
    try {
      await page.goto(app.url);
      await openWorkspace(page, ws);
      const composer = page.getByRole("textbox", { name: "Message", exact: true });
      await composer.waitFor();
      await page.getByRole("button", { name: /Mode: Ask/ }).waitFor();
      for (let i = 0; i < 2; i++) await composer.press("Shift+Tab"); // Ask → Auto-accept edits → Plan (Full auto is passed over until confirmed)
      await page.getByRole("button", { name: /Mode: Plan/ }).waitFor();
      await composer.fill("plan writing notes");
      await composer.press("Enter");

      const card = page.getByRole("group", { name: "Proposed plan" });
      await card.getByText("Write notes.txt").waitFor();
      const panel = page.getByRole("region", { name: "Todo list" });
      assert.equal(await panel.count(), 0, "a todo list before any plan was approved");
      await card.getByRole("button", { name: "Approve and auto-accept edits" }).click();

      // The plan's steps arrive as the list, then the model marks the first in progress.
      await panel.getByText("Write notes.txt (in progress)").waitFor();
      await panel.getByTestId("todo-progress").getByText("0 of 2 done", { exact: true }).waitFor();
      await panel.getByText("Say what changed (to do)").waitFor();
      await shot(page, "in-progress");
      provider.release();

      await page.getByText("Wrote notes.txt as planned.").waitFor();
      await panel.getByTestId("todo-progress").getByText("2 of 2 done").waitFor();
      assert.equal(readFileSync(path.join(ws, "notes.txt"), "utf8"), "planned\n");
      await panel.locator("summary").click(); // folded once all is done
      await panel.getByText("Say what changed (done)").waitFor();
      await shot(page, "done");

      // A new chat has no list; switching its mode leaves the stored conversation's alone.
      await page.getByRole("button", { name: "New chat" }).click();
      await page.getByRole("button", { name: /Mode: Auto-accept edits/ }).waitFor();
      await eventually(async () => assert.equal(await panel.count(), 0, "a new chat shows the old todo list"), "the old todo list to go in a new chat");
      await page.getByRole("button", { name: /Mode: Auto-accept edits/ }).click();
      await page.getByRole("menuitemradio", { name: /Full auto/ }).click();
      await page.getByRole("alertdialog", { name: "Switch to Full auto?" }).getByRole("button", { name: "Switch to Full auto" }).click();
      await page.getByRole("button", { name: /Mode: Full auto/ }).waitFor();

      await page.getByRole("group", { name: "Sessions" }).getByText("plan writing notes", { exact: true }).click();
      await page.getByText("Wrote notes.txt as planned.").waitFor();
      await page.getByRole("button", { name: /Mode: Auto-accept edits/ }).waitFor();
      await panel.getByTestId("todo-progress").getByText("2 of 2 done").waitFor();
      await shot(page, "reopened");
    } finally {
      await page.close();
      await app.stop();
      await provider.close();
    }
  });
});
