import { Command } from "cmdk";
import { useEffect, useState } from "react";
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

/** fileValue is a file item's cmdk value: it holds the query so the item always matches it. */
const fileValue = (path: string, query: string) => `file ${path} ${query}`;

export { CHOICE_EVENT };

/**
 * CommandPalette (Ctrl/⌘+K): commands, files, conversations, settings and
 * models in one filtered list, built on cmdk (its dialog is Radix's:
 * focus kept inside, Esc closes, the list read out as options).
 */
export function CommandPalette({ open, onClose, commands, conversations, onOpenConversation, findFiles, onOpenFile, backend }: Props) {
  const [query, setQuery] = useState("");
  // The highlighted item's value, held here: cmdk selects nothing when the
  // only matches are files that arrive after the query, so Enter did nothing.
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
        .then((f) => {
          if (!live) return;
          setFiles(f);
          const first = f[0];
          if (first) setSelected((cur) => (cur === "" ? fileValue(first.path, query) : cur));
        })
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

  return (
    <Command.Dialog
      open={open}
      onOpenChange={(o) => !o && close()}
      label="Command palette"
      value={selected}
      onValueChange={setSelected}
      className="palette"
      overlayClassName="palette-overlay"
      contentClassName="palette-content"
    >
      <Command.Input value={query} onValueChange={setQuery} placeholder="Type a command, a file, a conversation or a model…" />
      <Command.List>
        {/* cmdk counts no match while the only matches are files fetched after the query. */}
        {shownFiles.length === 0 && <Command.Empty>Nothing matches.</Command.Empty>}
        <Command.Group heading="Commands">
          {commands.map((c) => (
            <Command.Item key={c.id} value={`command ${c.label}`} onSelect={act(c.run)}>
              <span>{c.label}</span>
              {c.keys && <kbd>{c.keys}</kbd>}
            </Command.Item>
          ))}
        </Command.Group>
        {shownFiles.length > 0 && (
          <Command.Group heading="Files" forceMount>
            {shownFiles.map((f) => (
              <Command.Item key={`${f.source ?? ""}:${f.path}`} value={fileValue(f.path, query)} onSelect={act(() => onOpenFile(f.path))}>
                {f.path}
              </Command.Item>
            ))}
          </Command.Group>
        )}
        {conversations.length > 0 && (
          <Command.Group heading="Conversations">
            {conversations.slice(0, 50).map((s) => (
              <Command.Item key={s.id} value={`conversation ${s.title} ${s.id}`} onSelect={act(() => onOpenConversation(s.id))}>
                {s.title || "Untitled"}
              </Command.Item>
            ))}
          </Command.Group>
        )}
        {models.names.length > 0 && (
          <Command.Group heading="Models">
            {models.names.slice(0, 50).map((m) => (
              <Command.Item key={m} value={`model ${m}`} onSelect={act(() => switchModel(m))}>
                Use {m}
              </Command.Item>
            ))}
          </Command.Group>
        )}
      </Command.List>
    </Command.Dialog>
  );
}
