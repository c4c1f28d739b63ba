import { fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { ErrorNotice } from "./ErrorNotice";
import { OpenLink } from "./Markdown";

describe("ErrorNotice routes each error to the field that fixes it", () => {
  it.each([
    ["no_model", "Choose a model", "model"],
    ["no_vision", "Choose a model", "model"],
    ["no_key", "Add the API key", "key"],
    ["bad_key", "Add the API key", "key"],
    ["unreachable", "Open Settings", "url"],
    ["max_iterations", "Open Settings", undefined],
  ])("%s offers %s", (cls, label, focus) => {
    const onOpenSettings = vi.fn();
    render(<ErrorNotice cls={cls} message="" onOpenSettings={onOpenSettings} />);
    fireEvent.click(screen.getByRole("button", { name: label }));
    expect(onOpenSettings).toHaveBeenCalledWith(focus);
  });
});

describe("a key with no credit", () => {
  it("says so, links to the billing page and offers no retry", () => {
    const open = vi.fn();
    render(
      <OpenLink.Provider value={open}>
        <ErrorNotice cls="quota" message="This key has no credit left (provider: quota)" billingUrl="https://platform.openai.com/settings/organization/billing" onRetry={vi.fn()} />
      </OpenLink.Provider>,
    );
    expect(screen.getByRole("alert").textContent).toContain("This key has no credit left.");
    expect(screen.getByRole("alert").textContent).not.toMatch(/wait a moment/i);
    expect(screen.queryByRole("button", { name: "Retry" })).toBeNull();
    fireEvent.click(screen.getByRole("button", { name: "Add credit" }));
    expect(open).toHaveBeenCalledWith("https://platform.openai.com/settings/organization/billing");
  });
});
