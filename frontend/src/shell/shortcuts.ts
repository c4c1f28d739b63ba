// Global keyboard shortcuts, as data so the help overlay and the handler
// cannot disagree.
import { keyNames } from "./platform";

export type ShortcutId = "settings" | "new-chat" | "search" | "help" | "palette" | "next-needs-you";

export interface Shortcut {
  id: ShortcutId;
  label: string;
  keys: string;
  matches: (e: KeyboardEvent) => boolean;
}

const mod = (e: KeyboardEvent) => e.ctrlKey || e.metaKey;

// "?" is a character people type: it is a shortcut only outside text fields.
function typing(e: KeyboardEvent): boolean {
  const t = e.target;
  if (!(t instanceof HTMLElement)) return false;
  return t.isContentEditable || t instanceof HTMLInputElement || t instanceof HTMLTextAreaElement || t instanceof HTMLSelectElement;
}

export const shortcuts: Shortcut[] = [
  { id: "palette", label: "Command palette", keys: keyNames("Ctrl/⌘ + K"), matches: (e) => mod(e) && !e.shiftKey && !e.altKey && e.key.toLowerCase() === "k" },
  { id: "new-chat", label: "New chat", keys: keyNames("Ctrl/⌘ + N"), matches: (e) => mod(e) && !e.shiftKey && !e.altKey && e.key.toLowerCase() === "n" },
  {
    id: "next-needs-you",
    label: "Next conversation that needs you",
    keys: keyNames("Ctrl/⌘ + J"),
    matches: (e) => mod(e) && !e.shiftKey && !e.altKey && e.key.toLowerCase() === "j",
  },
  { id: "search", label: "Search the workspace", keys: keyNames("Ctrl/⌘ + Shift + F"), matches: (e) => mod(e) && e.shiftKey && e.key.toLowerCase() === "f" },
  { id: "settings", label: "Open settings", keys: keyNames("Ctrl/⌘ + ,"), matches: (e) => mod(e) && e.key === "," },
  {
    id: "help",
    label: "Show keyboard shortcuts",
    keys: keyNames("? or Ctrl/⌘ + /"),
    matches: (e) => (mod(e) && e.key === "/") || (e.key === "?" && !mod(e) && !e.altKey && !typing(e)),
  },
];

export function matchShortcut(e: KeyboardEvent): ShortcutId | null {
  return shortcuts.find((s) => s.matches(e))?.id ?? null;
}

/** Keys that act where the focus is; listed in the help overlay beside the global ones. */
export interface LocalShortcut {
  area: string;
  label: string;
  keys: string;
}

export const localShortcuts: LocalShortcut[] = [
  { area: "Chat", label: "Send the message", keys: "Enter" },
  { area: "Chat", label: "New line", keys: "Shift + Enter" },
  { area: "Chat", label: "Stop the reply", keys: "Esc" },
  { area: "Chat", label: "Attach a workspace file", keys: "@" },
  { area: "Conversations", label: "Rename the focused conversation", keys: "F2" },
  { area: "Conversations", label: "Delete the focused conversation", keys: "Delete" },
  { area: "Conversations", label: "Clear the history search", keys: "Esc" },
  { area: "Search panel", label: "Move between results", keys: "↑ / ↓" },
  { area: "Search panel", label: "Open the selected result", keys: "Enter" },
  { area: "Dialogs", label: "Close", keys: "Esc" },
];
