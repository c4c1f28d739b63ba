import { useCallback, useEffect, useRef, useState } from "react";
import type { Notice, ShellBackend } from "../bridge/shell";

export const TOAST_MS = 8000;
const MAX_TOASTS = 3;

interface Toast extends Notice {
  id: number;
}

/** Toasts shows the backend's "notice" events for a while; the same message twice shows once. */
export function Toasts({ shell, active = true }: { shell: ShellBackend; active?: boolean }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const next = useRef(0);
  const timers = useRef(new Map<number, ReturnType<typeof setTimeout>>());

  const dismiss = useCallback((id: number) => {
    clearTimeout(timers.current.get(id));
    timers.current.delete(id);
    setToasts((ts) => ts.filter((t) => t.id !== id));
  }, []);

  useEffect(() => {
    if (!active) return;
    const pending = timers.current;
    const off = shell.onNotice((n) => {
      const id = ++next.current;
      setToasts((ts) => [...ts.filter((t) => t.message !== n.message), { ...n, id }].slice(-MAX_TOASTS));
      pending.set(id, setTimeout(() => dismiss(id), TOAST_MS));
    });
    return () => {
      off();
      pending.forEach(clearTimeout);
      pending.clear();
      setToasts([]);
    };
  }, [shell, active, dismiss]);

  return (
    <div className="toasts" role="region" aria-label="Notifications">
      {toasts.map((t) => (
        <div key={t.id} className={`toast ${t.code}`} role="alert">
          <p>{t.message}</p>
          <button type="button" className="icon" aria-label="Dismiss notification" onClick={() => dismiss(t.id)}>
            ×
          </button>
        </div>
      ))}
    </div>
  );
}
