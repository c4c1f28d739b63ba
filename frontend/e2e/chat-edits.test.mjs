import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, it } from "node:test";
import { chatSetup, eventually, screenshotter, useBrowser } from "./harness.mjs";

const browser = useBrowser();

const setup = (replies, files, approval = "edits", viewport = { width: 1200, height: 800 }) =>
  chatSetup(browser(), replies, { approval, files, viewport });

// Each screenshot is also an accessibility check: no serious or critical axe violation.
const shot = screenshotter("chat", { axe: true });

describe("Edits, undo and rewriting the conversation", () => {
  it("an edit is shown as a diff and Undo turn restores the file on disk", async () => {
    const original = "package main\n\nfunc greet() string {\n\treturn \"hello\"\n}\n";
    const s = await setup([
      [{ tool: { id: "r1", name: "read_file", args: { path: "main.go" } } }],
      [{ tool: { id: "e1", name: "edit_file", args: { path: "main.go", edits: [{ search: "\treturn \"hello\"", replace: "\treturn \"hello, world\"" }] } } }],
      [{ text: "Changed the greeting." }],
    ], { "main.go": original });
    try {
      await s.send("make the greeting longer");
      await s.page.getByText("Changed the greeting.").waitFor();
      assert.match(readFileSync(path.join(s.ws, "main.go"), "utf8"), /hello, world/);
      // The edit's row expands to its diff.
      await s.page.getByText("Edited main.go · +1 −1").click();
      await s.page.locator(".diff-view tr.diff-add").filter({ hasText: 'return "hello, world"' }).first().waitFor();
      await s.page.getByText("Changed 1 file").getByText("+1").waitFor();
      await shot(s.page, "edit-diff");
      await s.page.getByRole("button", { name: "Undo turn" }).click();
      await s.page.getByRole("button", { name: "Redo" }).waitFor();
      assert.equal(readFileSync(path.join(s.ws, "main.go"), "utf8"), original, "undo did not restore the file byte for byte");
      await shot(s.page, "undone");
      await s.page.getByRole("button", { name: "Redo" }).click();
      await s.page.getByRole("button", { name: "Undo turn" }).waitFor();
      assert.match(readFileSync(path.join(s.ws, "main.go"), "utf8"), /hello, world/);
      // Closed and reopened, the turn still lists its change and undoes it.
      await s.page.getByRole("button", { name: "New chat" }).click();
      await s.page.getByText("Changed the greeting.").waitFor({ state: "detached" });
      await s.page.getByRole("group", { name: "Sessions" }).getByText("make the greeting longer").click();
      await s.page.getByText("Changed 1 file").getByText("+1").waitFor();
      await s.page.getByRole("button", { name: "Undo turn" }).click();
      await s.page.getByRole("button", { name: "Redo" }).waitFor();
      assert.equal(readFileSync(path.join(s.ws, "main.go"), "utf8"), original, "undo of a reopened turn did not restore the file");
      await shot(s.page, "reopened-undone");
    } finally {
      await s.close();
    }
  });

  it("Regenerate replaces the answer; Edit resends a changed prompt", async () => {
    const s = await setup([
      [{ text: "First answer." }],
      [{ text: "Regenerated answer." }],
      [{ text: "Answer to the edited prompt." }],
    ], { "README.md": "x\n" });
    try {
      await s.send("original prompt");
      await s.page.getByText("First answer.").waitFor();
      await s.page.getByRole("button", { name: "Regenerate", exact: true }).click();
      await s.page.getByText("Regenerated answer.").waitFor();
      await eventually(async () => assert.equal(await s.page.getByText("First answer.").count(), 0, "the old answer is still shown"), "the old answer to go");
      const regen = JSON.stringify(s.provider.requests[1].messages);
      assert.equal(regen.split("original prompt").length - 1, 1, `regenerate resent history: ${regen}`);

      await s.page.getByRole("button", { name: "Edit", exact: true }).click();
      const edit = s.page.getByRole("textbox", { name: "Edited message" });
      await edit.fill("edited prompt");
      await s.page.getByRole("form", { name: "Edit message" }).locator('button[type="submit"]').click();
      await s.page.getByText("Answer to the edited prompt.").waitFor();
      const sent = JSON.stringify(s.provider.requests[2].messages);
      assert.ok(sent.includes("edited prompt") && !sent.includes("original prompt"), `edit-and-resend sent ${sent}`);
      await shot(s.page, "edited");
    } finally {
      await s.close();
    }
  });

  it("autoscroll follows the stream at the bottom and stays put when scrolled up", async () => {
    const long = Array.from({ length: 60 }, (_, i) => `Line ${i + 1} of a long answer.\n\n`).join("");
    const s = await setup([
      [{ text: long }],
      [{ text: "Start of the second answer.\n\n" }, { hold: true }, { text: long }, { text: "End of the second answer." }],
    ], { "README.md": "x\n" }, "ask", { width: 1000, height: 600 });
    try {
      await s.send("first");
      await s.page.getByText("Line 60 of a long answer.").first().waitFor();
      // The log sits inside the scrolling container.
      const scroller = s.page.locator(".message-scroller");
      const atBottom = () => scroller.evaluate((el) => el.scrollHeight - el.scrollTop - el.clientHeight < 40);
      assert.ok(await atBottom(), "the list did not follow the stream");
      await s.send("second");
      await s.page.getByText("Start of the second answer.").waitFor();
      await scroller.hover();
      await s.page.mouse.wheel(0, -5000);
      await s.page.waitForFunction(() => {
        const el = document.querySelector(".message-scroller");
        return el && el.scrollHeight - el.scrollTop - el.clientHeight > 200;
      });
      s.provider.release(); // the rest of the answer streams in while the user reads above
      await s.page.getByText("End of the second answer.").waitFor({ state: "attached" });
      await s.page.getByRole("button", { name: /Jump to latest/ }).waitFor();
      assert.ok(!(await atBottom()), "the list jumped while the user was reading above");
      await shot(s.page, "scrolled-up");
      await s.page.getByRole("button", { name: /Jump to latest/ }).click();
      await s.page.waitForFunction(() => {
        const el = document.querySelector(".message-scroller");
        return el && el.scrollHeight - el.scrollTop - el.clientHeight < 40;
      });
    } finally {
      await s.close();
    }
  });

  it("@ opens a file picker over the index and attaches the file", async () => {
    const s = await setup([[{ text: "Got the mention." }]], { "server_config.go": "package x\n", "README.md": "x\n" });
    try {
      await s.page.getByText(/Indexed 2 files/).waitFor({ timeout: 20000 });
      await s.composer.fill("look at @srvcfg");
      const picker = s.page.getByRole("listbox", { name: "Files" });
      await picker.getByText("server_config.go").waitFor();
      await shot(s.page, "mention");
      await s.composer.press("Enter");
      await picker.waitFor({ state: "detached" });
      await eventually(async () => assert.match(await s.composer.inputValue(), /@server_config\.go/), "the mention in the composer");
      await s.composer.press("Enter");
      await s.page.getByText("Got the mention.").waitFor();
      assert.ok(JSON.stringify(s.provider.requests[0].messages).includes("server_config.go"));
    } finally {
      await s.close();
    }
  });
});
