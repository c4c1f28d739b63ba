import assert from "node:assert/strict";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, it } from "node:test";
import { chatSetup as harnessSetup, eventually, openWorkspace, screenshotter, startApp, useBrowser } from "./harness.mjs";

const browser = useBrowser();

/** A fresh app, config dir and workspace wired to a scripted provider. */
const chatSetup = (replies, { approval = "ask", files } = {}) =>
  harnessSetup(browser(), replies, { approval, files, viewport: { width: 1200, height: 800 } });

// Each screenshot is also an accessibility check: no serious or critical axe violation.
const shot = screenshotter("chat", { axe: true });

describe("Chat against the real backend and a scripted provider", () => {
  it("streams a reply as it arrives, renders Markdown, and reports the turn", async () => {
    const s = await chatSetup([[
      { text: "First part. " }, { wait: 1500 },
      { text: "Second part with a table:\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n```go\nfunc main() {}\n```\n" },
    ]]);
    try {
      await s.send("hello");
      const log = s.page.getByRole("log", { name: "Messages" });
      await log.getByText("First part.").waitFor();
      assert.equal(await log.getByText("Second part").count(), 0, "the second chunk showed before it was sent");
      await s.page.getByText("Working").first().waitFor();
      await log.getByRole("table").waitFor();
      await log.locator("code").filter({ hasText: "func main()" }).first().waitFor();
      await s.page.getByText(/Worked for/).waitFor();
      await shot(s.page, "stream");
      assert.equal(s.provider.requests.length, 1);
      const sent = JSON.stringify(s.provider.requests[0].messages);
      assert.ok(sent.includes("hello"), "the prompt was not sent");
    } finally {
      await s.close();
    }
  });

  it("Stop ends a stream at once and keeps the partial text", async () => {
    const s = await chatSetup([[{ text: "Partial answer" }, { hold: true }, { text: " never shown" }]]);
    try {
      await s.send("go");
      await s.page.getByText("Partial answer").waitFor();
      await s.page.getByRole("button", { name: "Stop" }).click();
      await s.page.getByText(/Stopped after/).waitFor({ timeout: 5000 });
      await s.page.getByRole("button", { name: "Send" }).waitFor();
      assert.equal(await s.page.getByText("never shown").count(), 0);
      await s.page.getByText("Partial answer").waitFor();
      await shot(s.page, "stopped");
    } finally {
      await s.close();
    }
  });

  it("asks before a write, shows the diff, and writes the file once allowed", async () => {
    const s = await chatSetup([
      [{ text: "Creating it." }, { tool: { id: "call_w1", name: "write_file", args: { path: "notes/hello.txt", content: "hi from e2e\n" } } }],
      [{ text: "Done: wrote notes/hello.txt." }],
    ]);
    try {
      await s.send("create notes/hello.txt");
      const card = s.page.getByRole("group", { name: /Approval needed/ });
      await card.waitFor();
      await card.locator("tr.diff-add").filter({ hasText: "hi from e2e" }).waitFor();
      await card.getByText("This creates notes/hello.txt").waitFor();
      await shot(s.page, "approval");
      assert.ok(!existsSync(path.join(s.ws, "notes/hello.txt")), "written before approval");
      await card.getByRole("button", { name: "Allow once" }).click();
      await s.page.getByText("Done: wrote notes/hello.txt.").waitFor();
      assert.equal(readFileSync(path.join(s.ws, "notes/hello.txt"), "utf8"), "hi from e2e\n");
      const results = JSON.stringify(s.provider.requests[1].messages);
      assert.ok(results.includes("call_w1"), "the tool result was not sent back under its call id");
      await shot(s.page, "approved");
    } finally {
      await s.close();
    }
  });

  it("a denial with a note reaches the model and nothing is written", async () => {
    const s = await chatSetup([
      [{ tool: { id: "call_d1", name: "shell", args: { command: "rm -rf build" } } }],
      [{ text: "Understood, I will not delete it." }],
    ]);
    try {
      await s.send("clean up");
      const card = s.page.getByRole("group", { name: /Approval needed/ });
      await card.getByText("rm -rf build").waitFor();
      await card.getByRole("button", { name: /Deny/ }).click();
      await s.page.getByPlaceholder(/Why not/).fill("keep the build folder");
      await shot(s.page, "denial-note");
      await s.page.getByPlaceholder(/Why not/).press("Enter");
      await s.page.getByText("Understood, I will not delete it.").waitFor();
      const sent = JSON.stringify(s.provider.requests[1].messages);
      assert.ok(sent.includes("keep the build folder"), `the note did not reach the model: ${sent}`);
    } finally {
      await s.close();
    }
  });

  it("a missing key is explained and Settings opens at that provider's key", async () => {
    const s = await chatSetup([]);
    try {
      // Point the active provider at OpenAI, for which no key is set anywhere
      // (written while the app is down, so it cannot save over it).
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
      await alert.waitFor();
      await alert.getByRole("button", { name: "Add the API key" }).click();
      await s.page.getByRole("dialog", { name: "Settings" }).waitFor();
      await s.page.waitForFunction(() => document.activeElement?.id === "key-openai");
      await shot(s.page, "no-key");
      assert.equal(s.provider.requests.length, 0, "a request went out without a key");
    } finally {
      await s.close();
    }
  });

  it("search panel finds words in the workspace index", async () => {
    const s = await chatSetup([], { files: { "server.go": "package server\n\n// no such container here\nfunc findContainer() {}\n", "README.md": "Call findContainer to look.\n" } });
    try {
      await s.page.getByText(/Indexed 2 files/).waitFor({ timeout: 20000 });
      await s.page.keyboard.press("Control+Shift+F");
      const box = s.page.getByRole("combobox", { name: "Search the workspace" });
      await box.fill('"no such container"');
      const results = s.page.getByRole("listbox", { name: "Results" });
      await results.getByText("server.go").first().waitFor();
      await shot(s.page, "search");
      // Enter opens the hit's snippet, read from disk, the matching line marked.
      await box.press("Enter");
      const preview = s.page.getByRole("dialog", { name: /Preview of server.go/ });
      await preview.locator(".snippet-line.focus").filter({ hasText: "no such container here" }).waitFor();
      await shot(s.page, "search-preview");
      await s.page.keyboard.press("Escape");
      await preview.waitFor({ state: "detached" });
      // A word still being typed, no file's word, finds the words it starts.
      await s.page.keyboard.press("Control+Shift+F");
      await box.fill("findCont");
      await s.page.getByRole("status").filter({ hasText: "2 results for words starting with “findCont”" }).waitFor();
      await results.getByText("server.go").first().waitFor();
      // A name's defining file says so, at the line that defines it.
      await box.fill("findContainer");
      const defining = results.getByRole("option").filter({ hasText: "definition" });
      await defining.filter({ hasText: "func findContainer() {}" }).waitFor();
      await eventually(async () => assert.equal(await defining.locator(".search-lineno").textContent(), "4"), "the definition's line number");
      await s.page.getByRole("status").filter({ hasText: /^2 results in/ }).waitFor();
      // def: keeps the defining file only.
      await box.fill("def:findContainer");
      await s.page.getByRole("status").filter({ hasText: /^1 result in/ }).waitFor();
      await defining.filter({ hasText: "func findContainer() {}" }).waitFor();
      await eventually(async () => assert.equal(await results.getByRole("option").count(), 1), "def: to keep the defining file only");
    } finally {
      await s.close();
    }
  });

  it("a conversation is saved, renamed, and still there after a restart", async () => {
    const s = await chatSetup([[{ text: "Saved answer." }], [{ text: "Regenerated after the restart." }]]);
    try {
      await s.send("remember this conversation");
      await s.page.getByText("Saved answer.").waitFor();
      const row = s.page.getByRole("group", { name: "Sessions" }).getByText("remember this conversation");
      await row.waitFor();
      await row.dblclick();
      const input = s.page.getByRole("textbox", { name: /Rename/ });
      await input.fill("Renamed by e2e");
      await input.press("Enter");
      await s.page.getByRole("group", { name: "Sessions" }).getByText("Renamed by e2e").waitFor();

      await s.app.stop();
      const app2 = await startApp({ configDir: s.configDir });
      s.app = app2;
      await s.page.goto(app2.url);
      // The last folder reopens by itself.
      await s.page.getByRole("region", { name: `Chat in ${path.basename(s.ws)}` }).waitFor();
      const again = s.page.getByRole("group", { name: "Sessions" }).getByText("Renamed by e2e");
      await again.waitFor();
      await again.click();
      await s.page.getByText("Saved answer.").waitFor();
      await shot(s.page, "session-restored");
      // A stored turn can be regenerated: the conversation continues from before it.
      await s.page.getByRole("button", { name: "Regenerate", exact: true }).click();
      await s.page.getByText("Regenerated after the restart.").waitFor();
      const sent = JSON.stringify(s.provider.requests[1].messages);
      assert.equal(sent.split("remember this conversation").length - 1, 1, `regenerate resent ${sent}`);
      assert.ok(!sent.includes("Saved answer."), "the replaced answer was sent back");
    } finally {
      await s.page.close();
      await s.app.stop();
      await s.provider.close();
    }
  });
});
