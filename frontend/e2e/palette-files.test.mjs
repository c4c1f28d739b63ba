// The command palette's Files group (issue 26): typing part of a file's
// name lists it under Files; choosing it opens that file's preview, its
// lines read from disk.
import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { chatSetup, eventually, screenshotter, useBrowser } from "./harness.mjs";

const browser = useBrowser();
const shot = screenshotter("palette-files", { axe: true });

describe("Command palette: files", () => {
  it("lists a file by name under Files and opens its preview when chosen", async () => {
    const s = await chatSetup(browser(), [], {
      files: { "README.md": "# demo\n", "kiln-schedule.md": "# Kiln\nFires on Thursdays at 1230 degrees.\n", "glaze.txt": "celadon\n" },
    });
    try {
      await s.page.keyboard.press("Control+K");
      const palette = s.page.getByRole("dialog", { name: "Command palette" });
      const input = palette.getByPlaceholder(/Type a command/);
      await input.waitFor();
      await input.fill("kiln-sch");
      const files = palette.locator("[cmdk-group]").filter({ has: s.page.locator("[cmdk-group-heading]", { hasText: /^Files$/ }) });
      const option = files.getByRole("option", { name: "kiln-schedule.md" });
      await option.waitFor();
      await eventually(async () => assert.deepEqual(await files.getByRole("option").allTextContents(), ["kiln-schedule.md"], "Files lists other files too"), "Files to list the match alone");
      await s.page.waitForFunction(() => document.querySelector("[cmdk-item][aria-selected='true']")?.textContent === "kiln-schedule.md");
      await eventually(async () => assert.equal(await palette.getByText("Nothing matches.").count(), 0, "the palette says nothing matches beside a match"), "no \"Nothing matches\" beside a match");
      await shot(s.page, "files-group");
      await s.page.keyboard.press("Enter");
      const preview = s.page.getByRole("dialog", { name: "Preview of kiln-schedule.md" });
      await preview.getByText("Fires on Thursdays at 1230 degrees.").waitFor();
      await eventually(async () => assert.equal(await palette.count(), 0, "the palette stayed open"), "the palette to close");
      await shot(s.page, "files-preview");
      await s.page.keyboard.press("Escape");
      await preview.waitFor({ state: "detached" });
    } finally {
      await s.close();
    }
  });
});
