// Conversations at once (issue 38): two conversations of one folder stream
// at the same time, each with a running badge in the sidebar; the one that
// then waits for an approval is listed under "Needs you", where the person
// opens it and answers; the other finished meanwhile, unread. Axe checks
// the sidebar in each state.
import assert from "node:assert/strict";
import { existsSync } from "node:fs";
import path from "node:path";
import { describe, it } from "node:test";
import { chatSetup, eventually, screenshotter, useBrowser } from "./harness.mjs";

const browser = useBrowser();
const shot = screenshotter("parallel", { axe: true });

describe("Conversations at once", () => {
  it("runs two conversations, badges both, and answers the one that needs you from Needs you", async () => {
    const s = await chatSetup(browser(), [
      [{ text: "Reading the first. " }, { hold: true }, { text: "First done." }],
      [{ text: "Reading the second. " }, { hold: true }, { tool: { id: "w1", name: "write_file", args: { path: "second.txt", content: "two\n" } } }],
      [{ text: "Second done." }],
    ]);
    const { page } = s;
    const sidebar = page.getByRole("group", { name: "Sessions" });
    const row = (title) => sidebar.locator(".session-open", { hasText: title });
    try {
      await s.send("first task");
      await page.getByText("Reading the first.").waitFor();
      // A new conversation while the first runs: the window does not wait for it.
      await page.getByRole("button", { name: "New chat" }).click();
      await eventually(async () => assert.equal(await page.getByText("Reading the first.").count(), 0), "the new chat to show");
      await s.send("second task");
      await page.getByText("Reading the second.").waitFor();

      await eventually(async () => assert.equal(await sidebar.locator(".session-badge.running").count(), 2), "two running badges");
      await row("first task").getByText(/^Running \d+:\d\d$/).waitFor();
      await row("second task").getByText(/^Running \d+:\d\d$/).waitFor();
      assert.equal(s.provider.requests.length, 2, "both conversations asked the model at once");
      await shot(page, "two-running");

      // Both go on: the first finishes unseen, the second asks to write.
      s.provider.release();
      // Said with the rows' own words, so a failure shows what they said instead.
      const says = (title, badge) =>
        eventually(async () => {
          const text = await row(title).textContent({ timeout: 1000 });
          assert.ok(text.includes(badge), `the row says ${JSON.stringify(text)}; requests so far: ${s.provider.requests.length}; the app's log ends: ${s.app.log().slice(-1500)}`);
        }, `${title}: ${badge}`);
      await says("first task", "Done, unread");
      await says("second task", "Needs your approval");
      const filter = page.locator(".needs-you-filter");
      await eventually(async () => assert.equal(await filter.textContent(), "Needs you 1"), "the Needs you count");
      assert.match(await filter.getAttribute("title"), /J/);

      await filter.click();
      await eventually(async () => assert.equal(await sidebar.locator(".session-open").count(), 1), "only what needs you listed");
      await shot(page, "needs-you");
      await row("second task").click();
      const card = page.getByRole("group", { name: /Approval needed/ });
      await card.getByRole("button", { name: "Allow once" }).click();
      await page.getByText("Second done.").waitFor();
      assert.ok(existsSync(path.join(s.ws, "second.txt")), "the approved write did not land");
      await page.getByText("Nothing waits for you.").waitFor();

      // The first conversation kept its own answer.
      await filter.click();
      await row("first task").click();
      await page.getByText("First done.").waitFor();
      await shot(page, "first-read");

      // Each conversation keeps its own unsent text across switches.
      await s.composer.fill("a note for the first");
      await row("second task").click();
      await page.getByText("Second done.").waitFor();
      await eventually(async () => assert.equal(await s.composer.inputValue(), ""), "the second's empty composer");
      await row("first task").click();
      await page.getByText("First done.").waitFor();
      await eventually(async () => assert.equal(await s.composer.inputValue(), "a note for the first"), "the first's draft back");
    } finally {
      await s.close();
    }
  });
});
