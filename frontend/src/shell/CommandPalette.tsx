import { Command, defaultFilter } from "cmdk";
import { useEffect, useState, type ReactNode } from "react";
import type { Backend } from "../bridge";
import type { FileMatch, SessionView } from "../bridge/shell";
import { CHOICE_EVENT } from "./choiceEvent";

/** One thing the palette can do. */
export interface PaletteCommand {
  id: string;
  label: string;
  /** the keys that do it too, shown at the right */
  keys?: string;
  run: () => void;
}

interface Props {
  open: boolean;
  onClose: () => void;
  commands: PaletteCommand[];
  /** the open folder's conversations, newest first */
  conversations: SessionView[];
  onOpenConversation: (id: string) => void;
  /** the workspace's files by name; absent while no folder is open */
  findFiles?: (pattern: string, limit: number) => Promise<FileMatch[]>;
  onOpenFile: (path: string) => void;
  /** models of the conversation's provider, to switch to */
  backend: Backend;
}

/** fileValue is a file row's cmdk value. */
const fileValue = (f: FileMatch) => `file ${f.source ?? ""}:${f.path}`;

/** One row of the list: its cmdk value, what it shows, what choosing it does. */
interface Row {
  value: string;
  label: ReactNode;
  select: () => void;
}

interface Section {
  heading: string;
  rows: Row[];
  /** the rows came matched (files, by the index): each stays */
  matched?: boolean;
}

/**
 * ranked keeps the rows that match query, best first, and the sections
 * with the best match first, as cmdk would. The palette filters itself: cmdk's own filter runs
 * after the items render, which on the Preact compat layer is a render too
 * late to choose the first match.
 */
function ranked(sections: Section[], query: string): Section[] {
  const q = query.trim();
  if (q === "") return sections.filter((s) => s.rows.length > 0);
  const scored = sections.map((s) => {
    const rows = s.rows
      .map((r) => ({ r, score: s.matched ? 1 : defaultFilter(r.value, q) }))
      .filter((x) => x.score > 0)
      .sort((a, b) => b.score - a.score);
    return { heading: s.heading, rows: rows.map((x) => x.r), best: rows[0]?.score ?? 0 };
  });
  return scored.filter((s) => s.rows.length > 0).sort((a, b) => b.best - a.best);
}

export { CHOICE_EVENT };

/**
 * CommandPalette (Ctrl/⌘+K): commands, files, conversations, settings and
 * models in one filtered list, built on cmdk (its dialog is Radix's:
 * focus kept inside, Esc closes, the list read out as options).
 */
export function CommandPalette({ open, onClose, commands, conversations, onOpenConversation, findFiles, onOpenFile, backend }: Props) {
  const [query, setQuery] = useState("");
  // The highlighted row's value, held here so a row that stops matching
  // hands the highlight to the first that does (files arrive after the query).
  const [selected, setSelected] = useState("");
  const [files, setFiles] = useState<FileMatch[]>([]);
  const [models, setModels] = useState<{ provider: string; names: string[] }>({ provider: "", names: [] });

  useEffect(() => {
    if (!open) return;
    let live = true;
    backend
      .chatChoice()
      .then(async (c) => {
        const names = await backend.listModels(c.provider).catch(() => [] as string[]);
        if (live) setModels({ provider: c.provider, names });
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [open, backend]);

  useEffect(() => {
    if (!open || !findFiles || query.trim() === "") return;
    let live = true;
    const t = setTimeout(() => {
      findFiles(query.trim(), 8)
        .then((f) => live && setFiles(f))
        .catch(() => live && setFiles([]));
    }, 80);
    return () => {
      live = false;
      clearTimeout(t);
    };
  }, [open, findFiles, query]);

  const close = () => {
    setQuery("");
    setFiles([]);
    setSelected("");
    onClose();
  };
  const act = (fn: () => void) => () => {
    close();
    fn();
  };
  const shownFiles = query.trim() !== "" && findFiles ? files : [];
  const switchModel = (name: string) => {
    void backend.chatChoice().then((c) =>
      backend.setChatChoice({ provider: c.provider, model: name, effort: c.effort, mode: "" }).then(() => window.dispatchEvent(new Event(CHOICE_EVENT))),
    );
  };

  const sections = ranked(
    [
      { heading: "Commands", rows: commands.map((c) => ({ value: `command ${c.label}`, label: <><span>{c.label}</span>{c.keys && <kbd>{c.keys}</kbd>}</>, select: act(c.run) })) },
      { heading: "Files", matched: true, rows: shownFiles.map((f) => ({ value: fileValue(f), label: f.path, select: act(() => onOpenFile(f.path)) })) },
      { heading: "Conversations", rows: conversations.slice(0, 50).map((s) => ({ value: `conversation ${s.title} ${s.id}`, label: s.title || "Untitled", select: act(() => onOpenConversation(s.id)) })) },
      { heading: "Models", rows: models.names.slice(0, 50).map((m) => ({ value: `model ${m}`, label: `Use ${m}`, select: act(() => switchModel(m)) })) },
    ],
    query,
  );
  const values = sections.flatMap((s) => s.rows.map((r) => r.value));
  // The highlighted row stays while it matches; otherwise the first does.
  const value = values.includes(selected) ? selected : (values[0] ?? "");

  return (
    <Command.Dialog
      open={open}
      onOpenChange={(o) => !o && close()}
      label="Command palette"
      shouldFilter={false}
      value={value}
      onValueChange={setSelected}
      className="palette"
      overlayClassName="palette-overlay"
      contentClassName="palette-content"
    >
      <Command.Input value={query} onValueChange={setQuery} placeholder="Type a command, a file, a conversation or a model…" />
      <Command.List>
        {values.length === 0 && <Command.Empty>Nothing matches.</Command.Empty>}
        {sections.map((s) => (
          <Command.Group key={s.heading} heading={s.heading}>
            {s.rows.map((r) => (
              <Command.Item key={r.value} value={r.value} onSelect={r.select}>
                {r.label}
              </Command.Item>
            ))}
          </Command.Group>
        ))}
      </Command.List>
    </Command.Dialog>
  );
}
