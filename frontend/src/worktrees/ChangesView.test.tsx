import { act, fireEvent, render, screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import type { ApplyResult, FileChange, WorktreeInfo, WorktreesBackend } from "../bridge/worktrees";
import { isFileChange } from "../bridge/worktrees";
import { ChangesView } from "./ChangesView";
import { WorktreeBadge, WorktreesPanel } from "./WorktreesPanel";
import { humanBytes, toSelection, toggleFile, toggleHunk } from "./selection";

const tree: WorktreeInfo = { id: "ab12cd34", project: "/p", path: "/data/worktrees/ab12cd34", branch: "hearth/ab12cd34", created: 0, sizeBytes: 4300 };

const hunk = (path: string, from: number, old: string, now: string) =>
  `--- a/${path}\n+++ b/${path}\n@@ -${from},1 +${from},1 @@\n-${old}\n+${now}\n`;

const files: FileChange[] = [
  { path: "one.txt", status: "added", binary: false, applied: false, hunks: ["--- /dev/null\n+++ b/one.txt\n@@ -0,0 +1 @@\n+one\n"] },
  { path: "src/f.go", status: "modified", binary: false, applied: false, hunks: [hunk("src/f.go", 2, "line 2", "line two"), hunk("src/f.go", 35, "line 35", "line thirty-five")] },
];

function fakeBackend(result: ApplyResult = { files: ["one.txt"], conflicts: [], removed: false }) {
  const b: WorktreesBackend = {
    newConversation: vi.fn(async () => tree),
    current: vi.fn(async () => tree),
    list: vi.fn(async () => [tree]),
    changes: vi.fn(async () => files),
    apply: vi.fn(async () => result),
    commit: vi.fn(async () => "0123456789abcdef"),
    discard: vi.fn(async () => undefined),
    onCurrent: () => () => undefined,
  };
  return b;
}

describe("selection", () => {
  it("takes a whole file as [] and part of one as its hunks", () => {
    const f = files[1] as FileChange;
    let a = toggleHunk({}, f, 1);
    expect(toSelection(a, files)).toEqual({ "src/f.go": [1] });
    a = toggleHunk(a, f, 0);
    expect(toSelection(a, files)).toEqual({ "src/f.go": [] });
    a = toggleFile(a, f);
    expect(toSelection(a, files)).toEqual({});
  });

  it("reads sizes as people do", () => {
    expect(humanBytes(812)).toBe("812 B");
    expect(humanBytes(4300)).toBe("4.2 KB");
    expect(humanBytes(50 * 1024 * 1024)).toBe("50 MB");
  });

  it("guards a file change off the wire", () => {
    expect(isFileChange(files[0])).toBe(true);
    expect(isFileChange({ ...files[0], status: "renamed" })).toBe(false);
    expect(isFileChange({ ...files[0], hunks: [1] })).toBe(false);
  });
});

describe("ChangesView", () => {
  it("lists files and hunks and applies only what was accepted", async () => {
    const b = fakeBackend();
    render(<ChangesView backend={b} tree={tree} onClose={() => undefined} onRemoved={() => undefined} />);
    const dialog = await screen.findByRole("dialog", { name: "Changes in hearth/ab12cd34" });
    await within(dialog).findByRole("list", { name: "Changed files" });
    expect(within(dialog).getByRole("region", { name: "Diff of one.txt" })).toBeTruthy();
    expect(within(dialog).getByRole("region", { name: "Hunk 2 of src/f.go" }).textContent).toContain("line thirty-five");
    const apply = within(dialog).getByRole("button", { name: "Apply to my folder" }) as HTMLButtonElement;
    expect(apply.disabled).toBe(true);

    fireEvent.click(within(dialog).getByRole("checkbox", { name: "Accept one.txt" }));
    fireEvent.click(within(dialog).getByRole("checkbox", { name: "Accept hunk 2 of 2 of src/f.go" }));
    expect((within(dialog).getByRole("checkbox", { name: "Accept src/f.go" }) as HTMLInputElement).indeterminate).toBe(true);
    await act(async () => fireEvent.click(apply));
    expect(b.apply).toHaveBeenCalledWith("ab12cd34", { "one.txt": [], "src/f.go": [1] });
    expect(within(dialog).getByRole("status").textContent).toContain("Applied 1 file to your folder.");
    expect(b.changes).toHaveBeenCalledTimes(2); // what is left is listed afresh
  });

  it("lists what the folder already holds apart, with nothing to accept", async () => {
    const b = { ...fakeBackend(), changes: vi.fn(async () => [{ ...(files[0] as FileChange), applied: true }, files[1] as FileChange]) };
    render(<ChangesView backend={b} tree={tree} onClose={() => undefined} onRemoved={() => undefined} />);
    const dialog = await screen.findByRole("dialog");
    await within(dialog).findByRole("list", { name: "Changed files" });
    expect(within(dialog).getByText(/Already in your folder/).textContent).toContain("one.txt");
    expect(within(dialog).queryByRole("checkbox", { name: "Accept one.txt" })).toBeNull();
    fireEvent.click(within(dialog).getByRole("button", { name: "Accept all" }));
    await act(async () => fireEvent.click(within(dialog).getByRole("button", { name: "Apply to my folder" })));
    expect(b.apply).toHaveBeenCalledWith("ab12cd34", { "src/f.go": [] });
  });

  it("shows a conflict and says nothing was applied", async () => {
    const b = fakeBackend({ files: [], conflicts: ["src/f.go"], removed: false });
    const removed = vi.fn();
    render(<ChangesView backend={b} tree={tree} onClose={() => undefined} onRemoved={removed} />);
    const dialog = await screen.findByRole("dialog");
    await within(dialog).findByRole("list", { name: "Changed files" });
    fireEvent.click(within(dialog).getByRole("button", { name: "Accept all" }));
    await act(async () => fireEvent.click(within(dialog).getByRole("button", { name: "Apply to my folder" })));
    expect(b.apply).toHaveBeenCalledWith("ab12cd34", { "one.txt": [], "src/f.go": [] });
    const alert = within(dialog).getByRole("alert");
    expect(alert.textContent).toContain("Nothing was applied");
    expect(alert.textContent).toContain("src/f.go");
    expect(removed).not.toHaveBeenCalled();
  });

  it("commits on the branch with a message and discards after a confirmation", async () => {
    const b = fakeBackend();
    const removed = vi.fn();
    render(<ChangesView backend={b} tree={tree} onClose={() => undefined} onRemoved={removed} />);
    const dialog = await screen.findByRole("dialog");
    await within(dialog).findByRole("list", { name: "Changed files" });
    const commit = within(dialog).getByRole("button", { name: "Commit on the branch" }) as HTMLButtonElement;
    expect(commit.disabled).toBe(true);
    fireEvent.change(within(dialog).getByRole("textbox", { name: "Commit message" }), { target: { value: "Agent's work" } });
    await act(async () => fireEvent.click(commit));
    expect(b.commit).toHaveBeenCalledWith("ab12cd34", "Agent's work");
    expect(within(dialog).getByRole("status").textContent).toContain("Committed 0123456789 on hearth/ab12cd34");

    const discard = within(dialog).getByRole("button", { name: "Discard" });
    fireEvent.click(discard);
    expect(b.discard).not.toHaveBeenCalled();
    await act(async () => fireEvent.click(within(dialog).getByRole("button", { name: "Discard: click again to confirm" })));
    expect(b.discard).toHaveBeenCalledWith("ab12cd34");
    expect(removed).toHaveBeenCalledWith("ab12cd34");
  });

  it("offers no commit for a snapshot", async () => {
    const b = fakeBackend();
    render(<ChangesView backend={b} tree={{ ...tree, branch: "" }} onClose={() => undefined} onRemoved={() => undefined} />);
    const dialog = await screen.findByRole("dialog", { name: "Changes in snapshot" });
    await within(dialog).findByRole("list", { name: "Changed files" });
    expect(within(dialog).queryByRole("button", { name: "Commit on the branch" })).toBeNull();
  });
});

describe("WorktreesPanel", () => {
  it("lists worktrees with their size and opens one's changes", async () => {
    const b = fakeBackend();
    const review = vi.fn();
    render(<WorktreesPanel backend={b} workspace="/p" current={null} onReview={review} />);
    const panel = await screen.findByRole("region", { name: "Worktrees" });
    expect(panel.textContent).toContain("hearth/ab12cd34");
    expect(panel.textContent).toContain("4.2 KB");
    fireEvent.click(within(panel).getByRole("button", { name: "Review the changes of hearth/ab12cd34" }));
    expect(review).toHaveBeenCalledWith(tree);
  });

  it("shows nothing without worktrees", async () => {
    const b = { ...fakeBackend(), list: vi.fn(async () => []) };
    const { container } = render(<WorktreesPanel backend={b} workspace="/p" current={null} onReview={() => undefined} />);
    await act(async () => undefined);
    expect(container.textContent).toBe("");
  });

  it("says in the header where the agent works, the path in the tooltip", () => {
    render(<WorktreeBadge tree={{ ...tree, branch: "" }} onReview={() => undefined} />);
    const pill = screen.getByText("Working in worktree snapshot");
    expect(pill.getAttribute("title")).toBe(tree.path);
  });
});
