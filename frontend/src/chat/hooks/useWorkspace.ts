import { useCallback, useEffect, useRef, useState } from "react";
import { BridgeError, type Backend } from "../../bridge";
import type { WorkspaceView } from "../../bridge/protocol";

function messageOf(e: unknown): string {
  return e instanceof BridgeError || e instanceof Error ? e.message : String(e);
}

/** useWorkspace tracks the open folder: the one open at start, a picked one, a dropped one. */
export function useWorkspace(backend: Backend) {
  const [workspace, setWorkspace] = useState<WorkspaceView | null>(null);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState("");
  // Bumped on every open: the backend starts a fresh conversation each time,
  // even for the same folder, so the chat view must start afresh too.
  const [epoch, setEpoch] = useState(0);
  const opened = useCallback((w: WorkspaceView) => {
    setWorkspace(w);
    setEpoch((n) => n + 1);
  }, []);

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

  const run = useCallback(
    async (p: () => Promise<WorkspaceView | null>) => {
      setError("");
      try {
        const w = await p();
        if (w) opened(w);
      } catch (e) {
        setError(messageOf(e));
      }
    },
    [opened],
  );

  // A cancelled picker returns the folder already open: nothing changes then.
  const current = useRef<string | null>(null);
  useEffect(() => {
    current.current = workspace?.path ?? null;
  }, [workspace]);
  const choose = useCallback(
    () => run(async () => {
      const w = await backend.chooseWorkspace();
      return w && w.path === current.current ? null : w;
    }),
    [backend, run],
  );
  const open = useCallback((path: string) => run(() => backend.openWorkspace(path)), [backend, run]);

  // The backend opens a folder dropped on the window by itself (and
  // reports a failed drop as a "notice", which the shell's toasts show).
  useEffect(
    () =>
      backend.onWorkspace((w) => {
        setError("");
        opened(w);
      }),
    [backend, opened],
  );

  return { workspace, epoch, loading, error, choose, open };
}
