import { act, fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { defaultNotifications, type NotificationsView } from "../bridge/notifications";
import { NotificationsSection } from "./NotificationsSection";

describe("NotificationsSection", () => {
  it("shows every kind on and details off by default, and saves each toggle", async () => {
    const set = vi.fn(async (v: NotificationsView) => v);
    render(<NotificationsSection value={defaultNotifications} backend={{ set }} />);
    const finished = screen.getByRole("checkbox", { name: /finished/ }) as HTMLInputElement;
    const details = screen.getByRole("checkbox", { name: /Show details/ }) as HTMLInputElement;
    expect(finished.checked).toBe(true);
    expect((screen.getByRole("checkbox", { name: /failed/ }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole("checkbox", { name: /needs you/ }) as HTMLInputElement).checked).toBe(true);
    expect(details.checked).toBe(false);

    await act(async () => {
      fireEvent.click(finished);
    });
    expect(set).toHaveBeenLastCalledWith({ finished: false, failed: true, needsYou: true, details: false });
    expect(finished.checked).toBe(false);

    await act(async () => {
      fireEvent.click(details);
    });
    expect(set).toHaveBeenLastCalledWith({ finished: false, failed: true, needsYou: true, details: true });
    expect(details.checked).toBe(true);
  });

  it("puts a toggle back and says why when saving fails", async () => {
    const set = vi.fn().mockRejectedValue(new Error("settings.json is read-only"));
    render(<NotificationsSection value={defaultNotifications} backend={{ set }} />);
    const failed = screen.getByRole("checkbox", { name: /failed/ }) as HTMLInputElement;
    await act(async () => {
      fireEvent.click(failed);
    });
    expect(failed.checked).toBe(true);
    expect(screen.getByRole("alert").textContent).toBe("settings.json is read-only");
  });
});
