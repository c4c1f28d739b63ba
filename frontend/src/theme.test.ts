import { afterEach, describe, expect, it } from "vitest";
import { applyTheme, resolveTheme, THEME_KEY } from "./theme";

describe("theme", () => {
  afterEach(() => localStorage.clear());

  it.each([
    ["system", true, "dark"],
    ["system", false, "light"],
    ["light", true, "light"],
    ["dark", false, "dark"],
  ] as const)("resolveTheme(%s, systemDark=%s) = %s", (choice, dark, want) => expect(resolveTheme(choice, dark)).toBe(want));

  it("applyTheme paints data-theme and caches the choice for the next start", () => {
    applyTheme("dark");
    expect(document.documentElement.dataset.theme).toBe("dark");
    expect(localStorage.getItem(THEME_KEY)).toBe("dark");
    applyTheme("light");
    expect(document.documentElement.dataset.theme).toBe("light");
    expect(localStorage.getItem(THEME_KEY)).toBe("light");
  });
});
