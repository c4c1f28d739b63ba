import { renderHook } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import type { NotificationsBackend } from "../bridge/notifications";
import { useWindowNotifications } from "./useWindowNotifications";

function fakeBackend() {
  let click: (id: string) => void = () => undefined;
  const b: NotificationsBackend = {
    set: vi.fn(),
    windowFocused: vi.fn(),
    onOpenConversation: (cb) => {
      click = cb;
      return () => (click = () => undefined);
    },
  };
  return { b, click: (id: string) => click(id) };
}

describe("useWindowNotifications", () => {
  it("reports focus and blur, and opens a clicked conversation unless it is the open one", () => {
    const { b, click } = fakeBackend();
    const open = vi.fn();
    const { unmount } = renderHook(() => useWindowNotifications(b, "s-1", open));
    window.dispatchEvent(new Event("blur"));
    expect(b.windowFocused).toHaveBeenLastCalledWith(false);
    window.dispatchEvent(new Event("focus"));
    expect(b.windowFocused).toHaveBeenLastCalledWith(true);
    click("s-1");
    expect(open).not.toHaveBeenCalled();
    click("s-2");
    expect(open).toHaveBeenCalledWith("s-2");
    unmount();
    click("s-3");
    expect(open).toHaveBeenCalledTimes(1);
  });
});
