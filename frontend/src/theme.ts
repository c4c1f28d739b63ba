// The colour scheme: the choice (system, light, dark) resolved to the
// data-theme attribute the stylesheet keys on, and cached for public/theme.js,
// which applies it before the first paint.
import type { Theme } from "./bridge/types";

export const THEME_KEY = "hearth.theme";
const darkQuery = "(prefers-color-scheme: dark)";

/** resolveTheme is the scheme to paint for a choice, given whether the system is dark. */
export function resolveTheme(choice: Theme, systemDark: boolean): "light" | "dark" {
  if (choice === "system") return systemDark ? "dark" : "light";
  return choice;
}

function systemDark(): boolean {
  return typeof window.matchMedia === "function" && window.matchMedia(darkQuery).matches;
}

let current: Theme = "system";

/** applyTheme paints the choice now and remembers it for the next start. */
export function applyTheme(choice: Theme): void {
  current = choice;
  document.documentElement.dataset.theme = resolveTheme(choice, systemDark());
  try {
    localStorage.setItem(THEME_KEY, choice);
  } catch {
    // storage blocked: settings still hold the choice
  }
}

/**
 * watchSystemTheme repaints when the OS switches scheme while the choice is
 * "system"; it returns the unsubscribe.
 */
export function watchSystemTheme(): () => void {
  if (typeof window.matchMedia !== "function") return () => undefined;
  const mq = window.matchMedia(darkQuery);
  const onChange = () => current === "system" && applyTheme("system");
  mq.addEventListener("change", onChange);
  return () => mq.removeEventListener("change", onChange);
}
