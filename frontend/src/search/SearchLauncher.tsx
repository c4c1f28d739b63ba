import { lazy, Suspense, useEffect, useState } from "react";
import type { SearchHit, ShellBackend } from "../bridge/shell";
import { matchShortcut } from "../shell/shortcuts";

// The panel (and the highlighter its results use) loads when first opened.
const SearchPanel = lazy(() => import("./SearchPanel").then((m) => ({ default: m.SearchPanel })));

interface Props {
  shell: ShellBackend;
  /** enabled is false while no folder is open: there is no index to search. */
  enabled: boolean;
  /** onOpen routes a picked result; without it the panel copies the result's path:line. */
  onOpen?: (hit: SearchHit) => void;
}

/** SearchLauncher opens the search panel on Ctrl/⌘+Shift+F and closes it after a routed pick. */
export function SearchLauncher({ shell, enabled, onOpen }: Props) {
  const [open, setOpen] = useState(false);

  useEffect(() => {
    if (!enabled) return;
    const onKey = (e: KeyboardEvent) => {
      if (matchShortcut(e) !== "search") return;
      e.preventDefault();
      setOpen(true);
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [enabled]);

  if (!open || !enabled) return null;
  return (
    <Suspense fallback={null}>
      <SearchPanel
        shell={shell}
        onClose={() => setOpen(false)}
        onOpen={
          onOpen &&
          ((hit) => {
            setOpen(false);
            onOpen(hit);
          })
        }
      />
    </Suspense>
  );
}
