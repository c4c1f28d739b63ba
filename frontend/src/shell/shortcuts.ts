// Global keyboard shortcuts, as data so the help overlay and the handler
// cannot disagree.
export interface Shortcut {
  id: "settings";
  label: string;
  keys: string;
  matches: (e: KeyboardEvent) => boolean;
}

const mod = (e: KeyboardEvent) => e.ctrlKey || e.metaKey;

export const shortcuts: Shortcut[] = [
  { id: "settings", label: "Open settings", keys: "Ctrl/⌘ + ,", matches: (e) => mod(e) && e.key === "," },
];

export function matchShortcut(e: KeyboardEvent): Shortcut["id"] | null {
  return shortcuts.find((s) => s.matches(e))?.id ?? null;
}
