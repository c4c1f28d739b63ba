import { fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { ErrorNotice } from "./ErrorNotice";

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
