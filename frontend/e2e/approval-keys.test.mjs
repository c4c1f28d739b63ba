// Approval cards answered by the keyboard alone (issue 26): Enter with the
// focus where the card leaves it allows once, Enter on the card itself (the
// card-level handler) allows once, and Esc denies. No step moves the focus.
import assert from "node:assert/strict";
import { existsSync } from "node:fs";
import path from "node:path";
import { describe, it } from "node:test";
import { chatSetup, screenshotter, useBrowser } from "./harness.mjs";

const browser = useBrowser();
const shot = screenshotter("approval-keys", { axe: true });

const write = (id, file) => [{ tool: { id, name: "write_file", args: { path: file, content: `${file}\n` } } }];

describe("Approval by keyboard", () => {
  it("Enter allows where the card leaves the focus and on the card itself; Esc denies", async () => {
    const s = await chatSetup(browser(), [
      write("w1", "one.txt"), [{ text: "Wrote one." }],
      write("w2", "two.txt"), [{ text: "Wrote two." }],
      write("w3", "three.txt"), [{ text: "Did not write three." }],
    ]);
    const card = s.page.getByRole("group", { name: /Approval needed/ });
    const focusInCard = () => s.page.waitForFunction(() => document.activeElement?.closest(".approval") !== null);
    try {
      // 1. The card takes the keyboard as it appears; Enter, pressed at once, allows once.
      await s.send("write one");
      await card.getByText("This creates one.txt").waitFor();
      await focusInCard();
      await shot(s.page, "card-focused");
      await s.page.keyboard.press("Enter");
      await s.page.getByText("Wrote one.").waitFor();
      assert.ok(existsSync(path.join(s.ws, "one.txt")), "Enter did not allow the write");
      await s.page.getByText(/Allowed once: This creates one.txt/).waitFor();

      // 2. Deny… then Esc from the note gives the focus back to the card
      // itself, whose own handler takes Enter as "allow once".
      await s.send("write two");
      await card.getByText("This creates two.txt").waitFor();
      await focusInCard();
      await card.getByRole("button", { name: /Deny/ }).click();
      await s.page.waitForFunction(() => document.activeElement?.matches(".approval input") === true);
      await s.page.keyboard.press("Escape");
      await s.page.waitForFunction(() => document.activeElement?.matches(".approval") === true);
      await s.page.keyboard.press("Enter");
      await s.page.getByText("Wrote two.").waitFor();
      assert.ok(existsSync(path.join(s.ws, "two.txt")), "Enter on the card did not allow the write");

      // 3. Esc denies, from where the card leaves the focus.
      await s.send("write three");
      await card.getByText("This creates three.txt").waitFor();
      await focusInCard();
      await s.page.keyboard.press("Escape");
      await s.page.getByText("Did not write three.").waitFor();
      await s.page.getByText(/Denied: This creates three.txt/).waitFor();
      assert.ok(!existsSync(path.join(s.ws, "three.txt")), "Esc did not deny the write");
      assert.equal(s.provider.requests.length, 6);
    } finally {
      await s.close();
    }
  });
});
