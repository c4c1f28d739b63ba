import { fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { ApprovalCard } from "./ApprovalCard";
import { parseDiff, splitRows } from "../state/diffRows";
import type { Approval } from "../state/state";

const diff = "--- a/src/x.go\n+++ b/src/x.go\n@@ -10,3 +10,3 @@\n package x\n-func old() {}\n+func renamed() {}\n // end\n";

const edit: Approval = {
  requestId: "r1", callId: "c1", tool: "edit_file", kind: "edit", summary: "edits src/x.go", headline: "This writes src/x.go",
  detail: diff, decision: null, answered: null,
};

describe("parseDiff", () => {
  it("numbers each side's lines from the hunk header", () => {
    const files = parseDiff(diff);
    expect(files?.[0]?.name).toBe("src/x.go");
    const lines = files?.[0]?.hunks[0]?.lines ?? [];
    expect(lines.map((l) => [l.kind, l.oldNo, l.newNo])).toEqual([
      ["ctx", 10, 10], ["del", 11, null], ["add", null, 11], ["ctx", 12, 12],
    ]);
    expect(splitRows(lines).map((r) => [r.left?.text ?? null, r.right?.text ?? null])).toEqual([
      ["package x", "package x"], ["func old() {}", "func renamed() {}"], ["// end", "// end"],
    ]);
  });

  it("returns null for text without a hunk", () => {
    expect(parseDiff("exit code: 1\nno diff here")).toBeNull();
  });
});

describe("ApprovalCard", () => {
  it("shows the plain headline and a highlighted, numbered diff that can be split", () => {
    const { container } = render(<ApprovalCard approval={edit} onAnswer={vi.fn()} />);
    const card = screen.getByRole("group", { name: "Approval needed: edit_file" });
    expect(card.getAttribute("aria-describedby")?.split(" ").map((id) => document.getElementById(id)?.textContent)).toEqual([
      "This writes src/x.go", "Enter to allow · Esc to deny",
    ]);
    const added = container.querySelector("tr.diff-add");
    expect(added?.querySelectorAll(".diff-num")[1]?.getAttribute("data-n")).toBe("11");
    expect(added?.querySelector(".hljs-keyword")?.textContent).toBe("func");
    fireEvent.click(screen.getByRole("button", { name: "Split" }));
    expect(screen.getByRole("button", { name: "Split" }).getAttribute("aria-pressed")).toBe("true");
    const row = container.querySelector("td.diff-del")?.parentElement;
    expect(row?.querySelector("td.diff-add")?.textContent).toBe("func renamed() {}");
  });

  it("takes the keyboard when it appears: Enter allows once, Esc denies", () => {
    const onAnswer = vi.fn();
    const { container, unmount } = render(<ApprovalCard approval={edit} onAnswer={onAnswer} />);
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Allow once" }));
    const card = container.querySelector(".approval") as HTMLElement;
    card.focus();
    fireEvent.keyDown(card, { key: "Enter" });
    expect(onAnswer).toHaveBeenLastCalledWith("r1", { kind: "allow_once" });
    unmount();
    const again = render(<ApprovalCard approval={{ ...edit, requestId: "r2" }} onAnswer={onAnswer} />);
    fireEvent.keyDown(document.activeElement as HTMLElement, { key: "Escape" });
    expect(onAnswer).toHaveBeenLastCalledWith("r2", { kind: "deny", note: "" });
    again.unmount();
  });

  it("leaves Enter to the focused button, so Deny… is not turned into Allow", () => {
    const onAnswer = vi.fn();
    render(<ApprovalCard approval={edit} onAnswer={onAnswer} />);
    const deny = screen.getByRole("button", { name: "Deny…" });
    deny.focus();
    fireEvent.keyDown(deny, { key: "Enter" });
    expect(onAnswer).not.toHaveBeenCalled();
  });

  it("does not take the keyboard from a composer with text in it", () => {
    const box = document.createElement("textarea");
    box.value = "half a sentence";
    document.body.append(box);
    box.focus();
    render(<ApprovalCard approval={edit} onAnswer={vi.fn()} />);
    expect(document.activeElement).toBe(box);
    box.remove();
  });
});

describe("a web fetch's approval", () => {
  it("offers to always allow its domain", () => {
    const onAnswer = vi.fn();
    render(
      <ApprovalCard
        approval={{ requestId: "r1", callId: "c1", tool: "web_fetch", kind: "other", summary: "fetches https://go.dev/doc", detail: "", domain: "go.dev", decision: null, answered: null }}
        onAnswer={onAnswer}
      />,
    );
    fireEvent.click(screen.getByRole("button", { name: "Always allow go.dev" }));
    expect(onAnswer).toHaveBeenCalledWith("r1", { kind: "allow_domain_always" });
  });

  it("offers no such choice for other requests", () => {
    render(
      <ApprovalCard
        approval={{ requestId: "r2", callId: "c2", tool: "shell", kind: "shell", summary: "runs", detail: "ls", decision: null, answered: null }}
        onAnswer={vi.fn()}
      />,
    );
    expect(screen.queryByRole("button", { name: /^Always allow/ })).toBeNull();
  });
});
