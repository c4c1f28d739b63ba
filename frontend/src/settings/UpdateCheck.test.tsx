import { act, fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { UpdateCheck, type UpdateBackend } from "./UpdateCheck";

const release = { version: "v0.9.0", name: "Hearth 0.9", url: "https://example.org/r/0.9", notes: "", published: "2026-11-01T00:00:00Z" };

function backend(over: Partial<UpdateBackend> = {}): UpdateBackend {
  return {
    check: vi.fn().mockResolvedValue({ enabled: true, newer: true, release, note: "" }),
    setEnabled: vi.fn(async (on: boolean) => on),
    open: vi.fn(),
    ...over,
  };
}

describe("UpdateCheck", () => {
  it("is off until turned on, then says a newer release exists and opens its page on a click", async () => {
    const b = backend();
    render(<UpdateCheck enabled={false} backend={b} />);
    expect(screen.queryByRole("button", { name: "Check now" })).toBeNull();
    await act(async () => {
      fireEvent.click(screen.getByRole("checkbox", { name: /Check for updates/ }));
    });
    expect(b.setEnabled).toHaveBeenCalledWith(true);
    expect(b.check).not.toHaveBeenCalled();
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Check now" }));
    });
    expect(screen.getByRole("status").textContent).toBe("Hearth v0.9.0 is available.");
    fireEvent.click(screen.getByRole("button", { name: "Get it" }));
    expect(b.open).toHaveBeenCalledWith("https://example.org/r/0.9");
  });

  it("says when this is the latest, and why nothing was compared for a development build", async () => {
    const latest = backend({ check: vi.fn().mockResolvedValue({ enabled: true, newer: false, release, note: "" }) });
    const { unmount } = render(<UpdateCheck enabled backend={latest} />);
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Check now" }));
    });
    expect(screen.getByRole("status").textContent).toBe("You have the latest version.");
    unmount();
    const dev = backend({ check: vi.fn().mockResolvedValue({ enabled: true, newer: false, release, note: "this is a development build (dev)" }) });
    render(<UpdateCheck enabled backend={dev} />);
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Check now" }));
    });
    expect(screen.getByRole("status").textContent).toContain("development build");
  });
});
