import { act, fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { StarterPrompts } from "./StarterPrompts";

describe("StarterPrompts", () => {
  it("offers the folder's suggestions and sends one on click", async () => {
    const onSend = vi.fn();
    const load = vi.fn(async () => [
      { label: "Explain this project", prompt: "Explain this project." },
      { label: "Run the tests", prompt: "Run the tests with `go test ./...`." },
    ]);
    await act(async () => {
      render(<StarterPrompts onSend={onSend} load={load} />);
    });
    fireEvent.click(screen.getByRole("button", { name: "Run the tests" }));
    expect(onSend).toHaveBeenCalledWith("Run the tests with `go test ./...`.");
  });

  it("shows nothing when the suggestions cannot load", async () => {
    const { container } = render(<StarterPrompts onSend={vi.fn()} load={async () => Promise.reject(new Error("no folder"))} />);
    await act(async () => undefined);
    expect(container.innerHTML).toBe("");
  });
});
