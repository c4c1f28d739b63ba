import { act, fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { fakeShell } from "../shell/fakeShell";
import { SnippetPreview } from "./SnippetPreview";

describe("SnippetPreview", () => {
  it("shows the lines around the hit with the matching line marked, and closes on Esc", async () => {
    const shell = fakeShell();
    vi.mocked(shell.readSnippet).mockResolvedValueOnce({
      path: "src/a.go", focus: 2, total: 3,
      lines: [{ n: 1, text: "package a" }, { n: 2, text: "func Find() {}" }, { n: 3, text: "" }],
    });
    const onClose = vi.fn();
    await act(async () => {
      render(<SnippetPreview shell={shell} hit={{ path: "src/a.go", line: 2, score: 1, snippet: "func Find() {}" }} onClose={onClose} />);
    });
    expect(shell.readSnippet).toHaveBeenCalledWith("src/a.go", 2);
    const focus = screen.getByText("func Find() {}").closest(".snippet-line");
    expect(focus?.className).toContain("focus");
    fireEvent.keyDown(screen.getByRole("dialog"), { key: "Escape" });
    expect(onClose).toHaveBeenCalled();
  });

  it("says why a file cannot be shown", async () => {
    const shell = fakeShell();
    vi.mocked(shell.readSnippet).mockRejectedValueOnce(new Error("bin.dat is not a text file"));
    await act(async () => {
      render(<SnippetPreview shell={shell} hit={{ path: "bin.dat", line: 1, score: 1, snippet: "" }} onClose={() => undefined} />);
    });
    expect(screen.getByRole("alert").textContent).toContain("not a text file");
  });
});
