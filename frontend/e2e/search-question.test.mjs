// Issue 42, point 7: a question typed into the search panel is ranked by
// the words that carry meaning, the file that defines the answer first
// among files full of common words, and each hit says why it matched.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { chatSetup, eventually, screenshotter, useBrowser } from "./harness.mjs";

const browser = useBrowser();
const shot = screenshotter("search-question", { axe: true });

const gate = `package permission

// Ask decides whether a command runs at once or waits for the person.
func (g *Gate) Ask(command string) bool { return !g.readOnly(command) }

// CheckCommand judges a shell command before it runs.
func (g *Gate) CheckCommand(command string) error { return nil }
`;

// Distractors: the question's common words, over and over.
const files = { "gate.go": gate };
for (let i = 0; i < 12; i++) {
  files[`notes${i}.md`] = "The agent is running. The agent runs the command before the next one. ".repeat(6) + `Note ${i}.\n`;
}

describe("Search panel questions", () => {
  it("ranks the defining file first and says why each hit matched", async () => {
    const s = await chatSetup(browser(), [], { files });
    try {
      await s.page.getByText(/Indexed 13 files/).waitFor();
      await s.page.getByRole("navigation", { name: "Conversations" }).getByRole("button", { name: "Search files" }).click();
      const dialog = s.page.getByRole("dialog", { name: "Search the workspace" });
      await dialog.getByRole("combobox", { name: "Search the workspace" }).fill("How does the agent decide to ask before running a command?");
      const first = dialog.getByRole("option").first();
      await eventually(async () => assert.match(await first.textContent(), /gate\.go/), "the defining file first");
      assert.match(await first.locator(".search-why").textContent(), /Matched: .*ask.*defines .*Ask/);
      assert.match(await dialog.getByRole("status").textContent(), /Ranked by the words that carry meaning/);
      assert.doesNotMatch(await first.locator(".search-why").textContent(), /\bthe\b|\bbefore\b/, "a stop word was reported as matched");
      await shot(s.page, "ranked");
    } finally {
      await s.close();
    }
  });
});
