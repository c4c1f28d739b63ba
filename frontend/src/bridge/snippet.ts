// A few numbered lines of a workspace file, for the search preview.
import type { app } from "../../wailsjs/go/models";
import type { Wire } from "./wire";

export type SnippetLine = Wire<app.SnippetLine>;

export type SnippetView = Wire<app.SnippetView>;

function isRec(v: unknown): v is Record<string, unknown> {
  return typeof v === "object" && v !== null;
}

export function isSnippet(v: unknown): v is SnippetView {
  return (
    isRec(v) && typeof v.path === "string" && typeof v.focus === "number" && typeof v.total === "number" &&
    Array.isArray(v.lines) && v.lines.every((l) => isRec(l) && typeof l.n === "number" && typeof l.text === "string")
  );
}
