import assert from "node:assert/strict";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, it } from "node:test";
import { chatSetup, screenshotter, useBrowser } from "./harness.mjs";

const browser = useBrowser();

const setup = (replies, files, approval = "ask") =>
  chatSetup(browser(), replies, { approval, files, viewport: { width: 1200, height: 800 } });

// Each screenshot is also an accessibility check: no serious or critical axe violation.
const shot = screenshotter("plan", { axe: true });

describe("Plan mode and subagents", () => {
  it("Shift+Tab switches to plan mode, the plan card approves into auto-accept edits and the work follows the plan", async () => {
    const plan = "## Steps\n1. Write notes.txt\n2. Say what changed\n\n## Files\n- notes.txt\n\n## Risks\n- none";
    const s = await setup([
      [{ tool: { id: "w0", name: "write_file", args: { path: "notes.txt", content: "too early\n" } } }],
      [{ tool: { id: "p1", name: "propose_plan", args: { plan } } }],
      [{ text: "Plan ready for review." }],
      [{ tool: { id: "td", name: "todo", args: { items: [{ content: "Write notes.txt", status: "in_progress" }, { content: "Say what changed", status: "pending" }] } } }],
      [{ tool: { id: "w1", name: "write_file", args: { path: "notes.txt", content: "planned\n" } } }],
      [{ text: "Wrote notes.txt as planned." }],
    ], { "a.txt": "a\n" });
    try {
      await s.page.getByRole("button", { name: /Mode: Ask/ }).waitFor();
      for (let i = 0; i < 2; i++) await s.composer.press("Shift+Tab"); // Ask → Auto-accept edits → Plan (Full auto is passed over until confirmed)
      await s.page.getByRole("button", { name: /Mode: Plan/ }).waitFor();
      await s.send("plan writing notes");
      const card = s.page.getByRole("group", { name: "Proposed plan" });
      await card.getByText("Write notes.txt").waitFor();
      assert.equal(existsSync(path.join(s.ws, "notes.txt")), false, "plan mode wrote a file");
      await shot(s.page, "card");
      await card.getByRole("button", { name: "Approve and auto-accept edits" }).click();
      await s.page.getByText("Wrote notes.txt as planned.").waitFor();
      assert.equal(readFileSync(path.join(s.ws, "notes.txt"), "utf8"), "planned\n");
      await s.page.getByRole("button", { name: /Mode: Auto-accept edits/ }).waitFor();
      const last = s.provider.requests.at(-1);
      assert.ok(!last.tools.some((t) => t.function.name === "propose_plan"), "the approved turn still plans");
      const prompt = s.provider.requests[3].messages.at(-1).content;
      assert.match(prompt, /The user approved this plan/);
      await s.page.getByText("todo").first().waitFor();
      await shot(s.page, "approved");
    } finally {
      await s.close();
    }
  });

  it("a task row's subagent transcript expands to its own tool rows", async () => {
    const s = await setup([
      [{ tool: { id: "t1", name: "task", args: { agent: "explore", description: "find the greeting", prompt: "Where is the greeting?" } } }],
      [{ tool: { id: "g1", name: "grep", args: { pattern: "hello" } } }],
      [{ text: "It is in a.txt:1." }],
      [{ text: "The explorer found it in a.txt." }],
    ], { "a.txt": "hello\n" }, "edits");
    try {
      await s.send("find the greeting");
      await s.page.getByText("The explorer found it in a.txt.").waitFor();
      const sub = s.page.locator("details.subagent");
      await sub.getByText("find the greeting").click();
      await s.page.getByRole("list", { name: "explore transcript" }).getByText("grep").waitFor();
      await sub.getByText("It is in a.txt:1.").waitFor();
      const explore = s.provider.requests[1];
      assert.match(explore.messages[0].content, /^You are explore,/);
      assert.ok(!explore.tools.some((t) => ["write_file", "edit_file", "shell"].includes(t.function.name)), "explore could write");
      await shot(s.page, "subagent");
    } finally {
      await s.close();
    }
  });
});
