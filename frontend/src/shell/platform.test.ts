import { describe, expect, it } from "vitest";
import { isMac, keyNames } from "./platform";
import { shortcuts } from "./shortcuts";

describe("shortcut names", () => {
  it("reads the platform the window runs on", () => {
    expect(isMac({ platform: "Linux x86_64", userAgent: "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/605.1.15" })).toBe(false);
    expect(isMac({ platform: "Win32", userAgent: "Mozilla/5.0 (Windows NT 10.0; Win64; x64)" })).toBe(false);
    expect(isMac({ platform: "MacIntel", userAgent: "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_0)" })).toBe(true);
  });

  it("names the platform's own modifier, never both", () => {
    expect(keyNames("Ctrl/⌘ + Shift + F", false)).toBe("Ctrl + Shift + F");
    expect(keyNames("? or Ctrl/⌘ + /", true)).toBe("? or ⌘ + /");
  });

  it("shows no Ctrl/⌘ in the shortcut list", () => {
    for (const s of shortcuts) expect(s.keys).not.toContain("Ctrl/⌘");
  });
});
