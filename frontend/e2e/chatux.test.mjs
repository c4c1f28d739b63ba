// Issue 26, the chat's everyday controls: approval cards answered by the
// keyboard with a highlighted diff, revoking a grant from the permissions
// view, and Stop pausing the queued prompts.
import assert from "node:assert/strict";
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, it } from "node:test";
import { chatSetup as harnessSetup, eventually, screenshotter, useBrowser } from "./harness.mjs";

const browser = useBrowser();

// Each screenshot is also an accessibility check: no serious or critical axe violation.
const shot = screenshotter("chatux", { axe: true, fullPage: true });

const chatSetup = (replies, files) => harnessSetup(browser(), replies, { files });

const goFile = "package main\n\nfunc greet() string {\n\treturn \"hi\"\n}\n";

describe("Approval cards", () => {
  it("show a plain headline and a highlighted diff; Enter allows, Esc denies", async () => {
    const s = await chatSetup([
      [{ tool: { id: "r1", name: "read_file", args: { path: "main.go" } } }],
      [{ tool: { id: "e1", name: "edit_file", args: { path: "main.go", edits: [{ search: "\treturn \"hi\"", replace: "\treturn \"hello, world\"" }] } } }],
      [{ text: "Changed the greeting." }],
      [{ tool: { id: "w2", name: "write_file", args: { path: "nope.txt", content: "no\n" } } }],
      [{ text: "Left it alone." }],
    ], { "main.go": goFile });
    try {
      await s.send("greet the world");
      const card = s.page.getByRole("group", { name: /Approval needed/ });
      await card.getByText("This writes main.go").waitFor();
      const added = card.locator("tr.diff-add").filter({ hasText: 'return "hello, world"' });
      await added.waitFor();
      await eventually(async () => assert.equal(await added.locator(".diff-num").nth(1).getAttribute("data-n"), "4", "the added line is not numbered 4"), "the added line numbered 4");
      await eventually(async () => assert.ok(await added.locator(".hljs-keyword").count() > 0, "the Go line is not highlighted"), "the Go line highlighted");
      await shot(s.page, "approval-unified");
      await card.getByRole("button", { name: "Split" }).click();
      await card.locator("td.diff-del + td.diff-num + td.diff-add").first().waitFor();
      await shot(s.page, "approval-split");
      // Back to the card's primary action: Enter on it allows once.
      await card.getByRole("button", { name: "Allow once" }).focus();
      await s.page.keyboard.press("Enter");
      await s.page.getByText("Changed the greeting.").waitFor();
      assert.match(readFileSync(path.join(s.ws, "main.go"), "utf8"), /hello, world/);

      await s.send("write nope.txt");
      const again = s.page.getByRole("group", { name: /Approval needed/ });
      await again.getByText("This creates nope.txt").waitFor();
      // The card takes the keyboard when it appears (the composer is empty).
      await s.page.waitForFunction(() => document.activeElement?.closest(".approval") !== null);
      await s.page.keyboard.press("Escape");
      await s.page.getByText("Left it alone.").waitFor();
      assert.ok(!existsSync(path.join(s.ws, "nope.txt")), "Esc did not deny the write");
      await s.page.getByText(/Denied: This creates nope.txt/).waitFor();
      await shot(s.page, "approval-denied");
    } finally {
      await s.close();
    }
  });
});

describe("Permissions view", () => {
  it("lists this chat's grant; Revoke makes the next write ask again", async () => {
    const s = await chatSetup([
      [{ tool: { id: "w1", name: "write_file", args: { path: "a.txt", content: "a\n" } } }],
      [{ text: "Wrote a." }],
      [{ tool: { id: "w2", name: "write_file", args: { path: "b.txt", content: "b\n" } } }],
      [{ text: "Did not write b." }],
    ]);
    try {
      await s.send("write a");
      await s.page.getByRole("group", { name: /Approval needed/ }).getByRole("button", { name: "Allow for session" }).click();
      await s.page.getByText("Wrote a.").waitFor();
      await s.page.getByRole("button", { name: "Permissions" }).click();
      const dialog = s.page.getByRole("dialog", { name: "Permissions" });
      await dialog.getByText("Edit any file").waitFor();
      await shot(s.page, "permissions");
      await dialog.getByRole("button", { name: "Revoke: Edit any file" }).click();
      await dialog.getByText(/Nothing allowed for this chat yet/).waitFor();
      await s.page.keyboard.press("Escape");
      await dialog.waitFor({ state: "detached" });
      await s.send("write b");
      const card = s.page.getByRole("group", { name: /Approval needed/ });
      await card.waitFor();
      await s.page.waitForFunction(() => document.activeElement?.closest(".approval") !== null);
      await s.page.keyboard.press("Escape");
      await s.page.getByText("Did not write b.").waitFor();
      assert.ok(!existsSync(path.join(s.ws, "b.txt")), "the write ran with a revoked grant");
    } finally {
      await s.close();
    }
  });
});

describe("Stop", () => {
  it("pauses the queued prompts: Remove drops one, Resume runs the rest", async () => {
    const s = await chatSetup([
      [{ text: "Thinking" }, { hold: true }],
      [{ text: "Answer to the kept prompt." }],
    ]);
    try {
      await s.send("a long one");
      await s.page.getByText("Thinking").waitFor();
      await s.send("keep this");
      await s.send("drop this");
      await s.page.getByText("Queued: waits for the current reply.").nth(1).waitFor();
      await s.page.getByRole("button", { name: "Stop" }).click();
      const paused = s.page.getByRole("group", { name: "Paused prompt" });
      await paused.nth(1).waitFor();
      assert.equal(s.provider.requests.length, 1, "a queued prompt ran after Stop");
      await shot(s.page, "queue-paused");
      await paused.nth(1).getByRole("button", { name: "Remove" }).click();
      await s.page.getByText("drop this").waitFor({ state: "detached" });
      await paused.first().getByRole("button", { name: "Resume" }).click();
      await s.page.getByText("Answer to the kept prompt.").waitFor();
      assert.equal(s.provider.requests.length, 2, "the removed prompt ran");
      await shot(s.page, "queue-resumed");
    } finally {
      await s.close();
    }
  });
});

describe("Starter prompts", () => {
  it("an empty chat in a Go module offers to run its tests, and sends it on click", async () => {
    const s = await chatSetup([[{ text: "All tests pass." }]], { "go.mod": "module demo\n", "main.go": goFile });
    try {
      const run = s.page.getByRole("list", { name: "Suggestions" }).getByRole("button", { name: "Run the tests" });
      await run.waitFor();
      await shot(s.page, "starters");
      await run.click();
      await s.page.getByText("All tests pass.").waitFor();
      assert.match(JSON.stringify(s.provider.requests[0].messages), /go test \.\/\.\.\./);
    } finally {
      await s.close();
    }
  });
});

describe("Sidebar", () => {
  it("a visible Search files button opens the workspace search", async () => {
    const s = await chatSetup([]);
    try {
      await s.page.getByRole("navigation", { name: "Conversations" }).getByRole("button", { name: "Search files" }).click();
      const dialog = s.page.getByRole("dialog", { name: "Search the workspace" });
      await dialog.waitFor();
      await shot(s.page, "sidebar-search");
      await s.page.keyboard.press("Escape");
      await dialog.waitFor({ state: "detached" });
    } finally {
      await s.close();
    }
  });
});
