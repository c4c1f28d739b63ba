import { useEffect, useRef } from "react";
import type { NotificationsBackend } from "../bridge/notifications";

/**
 * useWindowNotifications tells the backend whether the window has the
 * focus (notifications stay quiet while it does) and opens the
 * conversation of a clicked notification, unless it is already open: the
 * backend has raised the window, and reopening would reload a live turn.
 */
export function useWindowNotifications(backend: NotificationsBackend, currentId: string | null, open: (id: string) => void) {
  const latest = useRef({ currentId, open });
  useEffect(() => {
    latest.current = { currentId, open };
  });
  useEffect(() => {
    const focus = () => backend.windowFocused(true);
    const blur = () => backend.windowFocused(false);
    backend.windowFocused(document.hasFocus());
    window.addEventListener("focus", focus);
    window.addEventListener("blur", blur);
    const off = backend.onOpenConversation((id) => {
      if (id !== latest.current.currentId) latest.current.open(id);
    });
    return () => {
      window.removeEventListener("focus", focus);
      window.removeEventListener("blur", blur);
      off();
    };
  }, [backend]);
}
