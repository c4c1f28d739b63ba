// The read-only marks on MCP tools, as Settings → MCP shows them per tool.

/** The marks and how to replace them. */
export interface ReadOnlyMarks {
  marks: string[];
  set: (patterns: string[]) => unknown;
}

/** globMatch matches a mark like Go's path.Match does for tool names (* and ?; [classes] as literal text). */
export function globMatch(pattern: string, name: string): boolean {
  const re = pattern.replace(/[.+^${}()|[\]\\]/g, "\\$&").replace(/\*/g, ".*").replace(/\?/g, ".");
  return new RegExp(`^${re}$`).test(name);
}

/** isMarked says whether a tool is read-only by its own mark or a pattern. */
export function isMarked(marks: string[], name: string): boolean {
  return marks.some((m) => globMatch(m, name));
}

/**
 * toggleMark marks or unmarks one tool by its exact name; a pattern that
 * covers it stays (it is shown, and removed, under Permissions).
 */
export function toggleMark(marks: string[], name: string, on: boolean): string[] {
  const rest = marks.filter((m) => m !== name);
  return on ? [...rest, name] : rest;
}
