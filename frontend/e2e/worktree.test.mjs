// A conversation in a worktree: the agent's writes land in its own tree,
// the Changes view lists them, and "Apply to my folder" of one of the two
// files brings that file alone into the folder. A permission file trusted
// in the folder is trusted in the tree; changed there, the tree's
// conversation shows it against the folder's and trusts it for the tree.
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { describe, it } from "node:test";
import { chatSetup, eventually, screenshotter, useBrowser } from "./harness.mjs";

const browser = useBrowser();
const shot = screenshotter("worktree", { axe: true });

const git = (dir, ...args) => execFileSync("git", ["-c", "user.name=e2e", "-c", "user.email=e2e@localhost", ...args], { cwd: dir, encoding: "utf8" });

describe("a worktree conversation", () => {
  it("writes in its own tree and applies one of its two files to the folder", async () => {
    const s = await chatSetup(browser(), [
      [{ tool: { id: "w1", name: "write_file", args: { path: "one.txt", content: "one\n" } } }],
      [{ tool: { id: "w2", name: "write_file", args: { path: "two.txt", content: "two\n" } } }],
      [{ text: "Wrote two files." }],
    ], { approval: "edits" });
    try {
      git(s.ws, "init", "-q");
      git(s.ws, "add", "-A");
      git(s.ws, "commit", "-q", "-m", "start");
      const { page, ws } = s;

      await page.getByRole("button", { name: "New conversation in a worktree" }).click();
      const badge = page.getByText(/^Working in worktree hearth\//);
      await badge.waitFor();
      const treePath = await badge.getAttribute("title");
      assert.ok(treePath && !treePath.startsWith(ws), `the tree at ${treePath} is outside the folder`);

      await s.send("write two files");
      await page.getByText("Wrote two files.").waitFor();
      for (const f of ["one.txt", "two.txt"]) {
        assert.ok(existsSync(path.join(treePath, f)), `${f} in the worktree`);
        assert.ok(!existsSync(path.join(ws, f)), `${f} written in the folder`);
      }
      const list = page.getByRole("region", { name: "Worktrees" });
      await list.getByText(/^hearth\//).waitFor();
      await shot(page, "conversation");

      await page.getByRole("button", { name: "Review changes" }).click();
      const dialog = page.getByRole("dialog", { name: /^Changes in hearth\// });
      await dialog.getByRole("list", { name: "Changed files" }).waitFor();
      await dialog.getByRole("region", { name: "Diff of two.txt" }).waitFor();
      await dialog.getByRole("checkbox", { name: "Accept one.txt" }).check();
      await shot(page, "changes");
      await dialog.getByRole("button", { name: "Apply to my folder" }).click();
      await dialog.getByRole("status").getByText("Applied 1 file to your folder.").waitFor();
      assert.equal(readFileSync(path.join(ws, "one.txt"), "utf8"), "one\n");
      assert.ok(!existsSync(path.join(ws, "two.txt")), "two.txt, not accepted, landed in the folder");
      // What is left to land is two.txt alone; one.txt is in the folder.
      await dialog.getByText(/Already in your folder/).getByText("one.txt").waitFor();
      await eventually(async () => {
        assert.equal(await dialog.getByRole("checkbox", { name: "Accept one.txt" }).count(), 0);
        assert.equal(await dialog.getByRole("checkbox", { name: "Accept two.txt" }).count(), 1);
      }, "the Changes view to list what is left");
      await shot(page, "applied");
    } finally {
      await s.close();
    }
  });

  it("reviews a permission file changed in the tree against the folder's trust, and trusts it there", async () => {
    const s = await chatSetup(browser(), []);
    try {
      const { page, ws } = s;
      const rules = (pattern) => JSON.stringify({ rules: [{ tool: "shell", pattern, effect: "allow" }] });
      mkdirSync(path.join(ws, ".hearth"));
      writeFileSync(path.join(ws, ".hearth", "permissions.json"), rules("make *"));
      git(ws, "init", "-q");
      git(ws, "add", "-A");
      git(ws, "commit", "-q", "-m", "start");
      // Written after the folder opened: the window coming back to the front shows it.
      await page.evaluate(() => window.dispatchEvent(new window.Event("focus")));
      const banner = page.getByRole("region", { name: "Workspace trust" });
      await banner.getByText("This folder brings: .hearth/permissions.json.").waitFor();
      await banner.getByRole("button", { name: "Review and trust" }).click();
      await page.getByRole("dialog", { name: "What this folder brings" }).getByRole("button", { name: "Trust it" }).click();
      await banner.waitFor({ state: "detached" });

      // The tree carries the same file: trusted there, no strip.
      await page.getByRole("button", { name: "New conversation in a worktree" }).click();
      const badge = page.getByText(/^Working in worktree hearth\//);
      await badge.waitFor();
      const treePath = await badge.getAttribute("title");
      writeFileSync(path.join(treePath, ".hearth", "permissions.json"), rules("curl *"));
      await page.evaluate(() => window.dispatchEvent(new window.Event("focus")));
      await banner.getByText("Changed in this worktree since you trusted it in the folder: .hearth/permissions.json.").waitFor();
      await banner.getByRole("button", { name: "Review and trust" }).click();
      const review = page.getByRole("dialog", { name: "What this worktree brings" });
      const diff = review.getByLabel("What changed in .hearth/permissions.json");
      await eventually(async () => {
        const text = await diff.textContent();
        assert.ok(text.includes("make *") && text.includes("curl *"), `diff: ${text}`);
      }, "the tree's diff against the folder's trusted file");
      await shot(page, "tree-trust");
      await review.getByRole("button", { name: "Trust the change to .hearth/permissions.json" }).click();
      await banner.waitFor({ state: "detached" });

      // The folder's conversation: its own trust is as it was.
      await page.getByRole("button", { name: "New chat" }).click();
      await page.getByText(/^Working in worktree hearth\//).waitFor({ state: "detached" });
      await page.evaluate(() => window.dispatchEvent(new window.Event("focus")));
      assert.equal(readFileSync(path.join(ws, ".hearth", "permissions.json"), "utf8"), rules("make *"));
      await eventually(async () => assert.equal(await banner.count(), 0), "no strip in the folder");
    } finally {
      await s.close();
    }
  });
});
