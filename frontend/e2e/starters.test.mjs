// Issue 26, the empty chat's starter prompts: a folder with TODO comments
// offers "Find TODOs", and one click sends it and shows the answer.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { chatSetup, screenshotter, useBrowser } from "./harness.mjs";

const browser = useBrowser();

// Each screenshot is also an accessibility check: no serious or critical axe violation.
const shot = screenshotter("starters", { axe: true, fullPage: true });

describe("Starter prompts", () => {
  it("a folder with TODO comments offers Find TODOs, which sends its prompt and answers from the files", async () => {
    const s = await chatSetup(browser(), [
      [{ tool: { id: "g1", name: "grep", args: { pattern: "TODO" } } }],
      [{ text: "One TODO: main.go line 3, handle the error." }],
    ], { files: { "main.go": "package main\n\n// TODO: handle the error\nfunc main() {}\n", "README.md": "# demo\n" } });
    try {
      const find = s.page.getByRole("list", { name: "Suggestions" }).getByRole("button", { name: "Find TODOs" });
      // The suggestion needs the index, which builds as the folder opens: the
      // suggestions load again when it is ready, with no New chat.
      await find.waitFor({ timeout: 10000 });
      await shot(s.page, "find-todos");
      await find.click();
      await s.page.getByText("One TODO: main.go line 3, handle the error.").waitFor();
      const first = JSON.stringify(s.provider.requests[0].messages);
      assert.match(first, /Find the TODO comments in this project/);
      // The grep ran on the real files: its result went back to the model.
      assert.match(JSON.stringify(s.provider.requests[1].messages), /main\.go:3.*TODO: handle the error/);
      await shot(s.page, "find-todos-answered");
    } finally {
      await s.close();
    }
  });
});
