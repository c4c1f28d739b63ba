import assert from "node:assert/strict";
import { describe, it } from "node:test";
import { chatSetup, eventually, screenshotter, useBrowser } from "./harness.mjs";

const browser = useBrowser();

// Each screenshot is also an accessibility check: no serious or critical axe violation.
const shot = screenshotter("versions", { axe: true });

describe("Versions of a turn, not copies", () => {
  it("Regenerate then Edit keep one sidebar row with a 3-version switcher; switching shows the earlier answer", async () => {
    const s = await chatSetup(browser(), [
      [{ text: "Apples are the answer." }],
      [{ text: "Bananas are the answer." }],
      [{ text: "Carrots are the answer." }],
      [{ text: "Because apples keep." }],
    ], { approval: "ask", files: { "README.md": "x\n" } });
    try {
      const rows = s.page.getByRole("group", { name: "Sessions" }).getByRole("listitem");
      await s.send("name a fruit");
      await s.page.getByText("Apples are the answer.").waitFor();
      await eventually(async () => assert.equal(await rows.count(), 1), "one sidebar row");

      await s.page.getByRole("button", { name: "Regenerate", exact: true }).click();
      await s.page.getByText("Bananas are the answer.").waitFor();
      await s.page.getByLabel("Version 2 of 2").waitFor();

      await s.page.getByRole("button", { name: "Edit", exact: true }).click();
      await s.page.getByRole("textbox", { name: "Edited message" }).fill("name a vegetable");
      await s.page.getByRole("form", { name: "Edit message" }).locator('button[type="submit"]').click();
      await s.page.getByText("Carrots are the answer.").waitFor();
      await s.page.getByLabel("Version 3 of 3").waitFor();
      await eventually(async () => assert.equal(await rows.count(), 1, "versions added a sidebar row"), "still one sidebar row");
      await shot(s.page, "three-versions");

      const versions = s.page.getByRole("navigation", { name: "Versions of this message" });
      await versions.getByRole("button", { name: "Previous version" }).click();
      await s.page.getByText("Bananas are the answer.").waitFor();
      await versions.getByRole("button", { name: "Previous version" }).click();
      await s.page.getByText("Apples are the answer.").waitFor();
      await s.page.getByLabel("Version 1 of 3").waitFor();
      assert.equal(await s.page.getByText("Carrots are the answer.").count(), 0, "the newer answer is still shown");
      assert.equal(await s.page.getByText("name a vegetable").count(), 0, "the edited prompt is still shown");
      await shot(s.page, "first-version");

      // The next prompt continues the version shown.
      await s.send("why?");
      await s.page.getByText("Because apples keep.").waitFor();
      const sent = JSON.stringify(s.provider.requests[3].messages);
      assert.ok(sent.includes("Apples are the answer.") && !sent.includes("Carrots") && !sent.includes("vegetable"), `the next request sent ${sent}`);
      assert.equal(await rows.count(), 1, "continuing a version added a row");

      // Forking is the explicit way to a second row, named "… (fork)".
      await s.page.getByRole("button", { name: "Fork into a new conversation" }).first().click();
      await eventually(async () => assert.equal(await rows.count(), 2), "the fork's row");
      await rows.filter({ hasText: "name a fruit (fork)" }).waitFor();
      await s.page.getByText("Apples are the answer.").waitFor();
      assert.equal(await s.page.getByText("Because apples keep.").count(), 0, "the fork holds the turns after the one forked");
      await shot(s.page, "forked");
    } finally {
      await s.close();
    }
  });
});
