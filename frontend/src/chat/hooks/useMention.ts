import { useEffect, useState } from "react";
import type { McpResource } from "../../bridge/mcp";
import { mentionAt, pick, type Mention } from "../state/mention";

/** Finds workspace files by a fuzzy name pattern (the knowledge index's FindFiles). */
export type FindFiles = (pattern: string, limit: number) => Promise<{ path: string }[]>;

/** A resource an MCP server offers (Settings → MCP's servers), attachable as "@server:uri". */
export type MentionResource = Pick<McpResource, "server" | "uri" | "name" | "description">;

/** Lists the connected MCP servers' resources. */
export type ListResources = () => Promise<MentionResource[]>;

/** One entry of the @ picker: a workspace file or an MCP resource. */
export type MentionItem = { kind: "file"; path: string } | ({ kind: "resource" } & MentionResource);

const LIMIT = 8;
const DEBOUNCE_MS = 80;

/** mentionText is what picking an item writes after the "@". */
export function mentionText(item: MentionItem): string {
  return item.kind === "file" ? item.path : `${item.server}:${item.uri}`;
}

/** matchResources keeps the resources whose server, name or URI holds the query, at most LIMIT. */
export function matchResources(all: MentionResource[], query: string): MentionResource[] {
  const q = query.toLowerCase();
  return all
    .filter((r) => q === "" || `${r.server}:${r.uri}`.toLowerCase().includes(q) || r.name.toLowerCase().includes(q))
    .slice(0, LIMIT);
}

/**
 * useMention runs the @ picker for a textarea: it looks files up as the
 * token changes (latest answer wins), lists the MCP servers' resources
 * once per mention, and offers the keys to move through and pick.
 */
export function useMention(find: FindFiles | undefined, text: string, caret: number, listResources?: ListResources) {
  const [files, setFiles] = useState<string[]>([]);
  const [resources, setResources] = useState<MentionResource[] | null>(null);
  const [active, setActive] = useState(0);
  const [closedAt, setClosedAt] = useState<number | null>(null);
  const found = find || listResources ? mentionAt(text, caret) : null;
  const mention: Mention | null = found && found.start !== closedAt ? found : null;
  const query = mention?.query ?? null;
  const start = mention?.start ?? null;

  useEffect(() => {
    if (query === null || !find) return;
    let live = true;
    const t = setTimeout(() => {
      find(query, LIMIT)
        .then((ms) => {
          if (!live) return;
          setFiles(ms.map((m) => m.path));
          setActive(0);
        })
        .catch(() => live && setFiles([]));
    }, DEBOUNCE_MS);
    return () => {
      live = false;
      clearTimeout(t);
    };
  }, [find, query]);

  // Resources are few and change rarely: one listing per "@" typed.
  useEffect(() => {
    if (start === null || !listResources) return;
    let live = true;
    listResources().then(
      (rs) => live && setResources(rs),
      () => live && setResources([]),
    );
    return () => {
      live = false;
    };
  }, [listResources, start]);

  const results: MentionItem[] = [
    ...files.map((path) => ({ kind: "file" as const, path })),
    ...matchResources(resources ?? [], query ?? "").map((r) => ({ kind: "resource" as const, ...r })),
  ];
  const open = mention !== null && results.length > 0;
  const at = Math.min(active, Math.max(0, results.length - 1));

  /** choose applies a pick; the caller sets the text and caret it returns. */
  const choose = (i: number) => {
    const item = results[i];
    if (!mention || item === undefined) return null;
    setFiles([]);
    return pick(text, caret, mention, mentionText(item));
  };

  /** onKey handles the picker's keys; true when it used the key. */
  const onKey = (key: string): boolean | { text: string; caret: number } => {
    if (!open) return false;
    if (key === "ArrowDown") setActive((at + 1) % results.length);
    else if (key === "ArrowUp") setActive((at - 1 + results.length) % results.length);
    else if (key === "Escape") setClosedAt(mention.start);
    else if (key === "Enter" || key === "Tab") return choose(at) ?? true;
    else return false;
    return true;
  };

  return { open, results, active: at, choose, onKey };
}
