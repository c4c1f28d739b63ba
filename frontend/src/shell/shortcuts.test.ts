import { describe, expect, it } from "vitest";
import { matchShortcut } from "./shortcuts";

describe("matchShortcut", () => {
  it.each([
    [{ key: ",", ctrlKey: true }, "settings"],
    [{ key: ",", metaKey: true }, "settings"],
    [{ key: "," }, null],
    [{ key: "k", ctrlKey: true }, "palette"],
    [{ key: "K", metaKey: true }, "palette"],
    [{ key: "k", ctrlKey: true, shiftKey: true }, null],
    [{ key: "j", ctrlKey: true }, "next-needs-you"],
    [{ key: "J", metaKey: true }, "next-needs-you"],
    [{ key: "j", ctrlKey: true, shiftKey: true }, null],
    [{ key: "n", ctrlKey: true }, "new-chat"],
    [{ key: "N", metaKey: true }, "new-chat"],
    [{ key: "n" }, null],
    [{ key: "F", ctrlKey: true, shiftKey: true }, "search"],
    [{ key: "f", metaKey: true, shiftKey: true }, "search"],
    [{ key: "f", ctrlKey: true }, null],
    [{ key: "?", shiftKey: true }, "help"],
    [{ key: "/", ctrlKey: true }, "help"],
    [{ key: "/" }, null],
  ])("%j → %s", (init, want) => expect(matchShortcut(new KeyboardEvent("keydown", init))).toBe(want));

  it("leaves ? to text fields", () => {
    for (const tag of ["input", "textarea"]) {
      const el = document.createElement(tag);
      document.body.append(el);
      let got: string | null = "unset";
      el.addEventListener("keydown", (e) => (got = matchShortcut(e)));
      el.dispatchEvent(new KeyboardEvent("keydown", { key: "?", bubbles: true }));
      expect(got).toBeNull();
      el.remove();
    }
  });
});
