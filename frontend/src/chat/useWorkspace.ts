import { useCallback, useEffect, useState } from "react";
import { BridgeError, type Backend } from "../bridge";
import type { WorkspaceView } from "./protocol";

function messageOf(e: unknown): string {
  return e instanceof BridgeError || e instanceof Error ? e.message : String(e);
}

/** useWorkspace tracks the open folder: the one open at start, a picked one, a dropped one. */
export function useWorkspace(backend: Backend) {
  const [workspace, setWorkspace] = useState<WorkspaceView | null>(null);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState("");

  useEffect(() => {
    let live = true;
    backend
      .currentWorkspace()
      .then((w) => live && setWorkspace(w))
      .catch((e: unknown) => live && setError(messageOf(e)))
      .finally(() => live && setLoading(false));
    return () => {
      live = false;
    };
  }, [backend]);

  const run = useCallback(async (p: () => Promise<WorkspaceView | null>) => {
    setError("");
    try {
      const w = await p();
      if (w) setWorkspace(w);
    } catch (e) {
      setError(messageOf(e));
    }
  }, []);

  const choose = useCallback(() => run(() => backend.chooseWorkspace()), [backend, run]);
  const open = useCallback((path: string) => run(() => backend.openWorkspace(path)), [backend, run]);

  // A folder dropped anywhere on the window opens; the backend refuses a file.
  useEffect(() => backend.onFileDrop((paths) => {
    const first = paths[0];
    if (first) void open(first);
  }), [backend, open]);

  return { workspace, loading, error, choose, open };
}
