import { act, fireEvent, render, screen } from "@testing-library/react";
import { describe as suite, expect, it, vi } from "vitest";
import type { PermissionsBackend, PermissionsView } from "../../bridge/permissions";
import { describe, PermissionsDialog } from "./PermissionsDialog";

function fake(initial: PermissionsView): PermissionsBackend & { view: PermissionsView } {
  const b = {
    view: initial,
    permissions: vi.fn(async () => b.view),
    revokeGrant: vi.fn(async (tool: string, pattern: string) => {
      b.view = { ...b.view, grants: b.view.grants.filter((g) => g.tool !== tool || g.pattern !== pattern) };
      return b.view;
    }),
    revokeRule: vi.fn(async () => Promise.reject(new Error("permissions: read-only file system"))),
  };
  return b;
}

suite("PermissionsDialog", () => {
  it("words rules plainly", () => {
    expect(describe({ tool: "edit", pattern: "**", effect: "allow" })).toBe("Edit any file");
    expect(describe({ tool: "shell", pattern: "go test *", effect: "allow" })).toBe("Run go test *");
    expect(describe({ tool: "mcp", pattern: "mcp__memory__*", effect: "allow" })).toBe("Call mcp__memory__*");
    expect(describe({ tool: "web_fetch", pattern: "docs.example.com", effect: "allow" })).toBe("Fetch pages from docs.example.com");
    expect(describe({ tool: "web_fetch", pattern: "", effect: "allow" })).toBe("Fetch pages from any site");
    expect(describe({ tool: "web_search", pattern: "searxng", effect: "allow" })).toBe("Search the web with searxng");
  });

  it("lists this chat's grants and saved rules, revokes a grant and shows a failed revoke", async () => {
    const b = fake({
      grants: [{ tool: "edit", pattern: "**", effect: "allow" }, { tool: "shell", pattern: "go test *", effect: "allow" }],
      rules: [{ tool: "shell", pattern: "rm *", effect: "deny" }],
    });
    const onClose = vi.fn();
    await act(async () => {
      render(<PermissionsDialog onClose={onClose} perms={b} />);
    });
    expect(document.activeElement).toBe(screen.getByRole("button", { name: "Close" }));
    expect(screen.getByRole("region", { name: "Saved rules of this folder" }).textContent).toContain("Never: Run rm *");
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Revoke: Edit any file" }));
    });
    expect(b.revokeGrant).toHaveBeenCalledWith("edit", "**");
    expect(screen.queryByRole("button", { name: "Revoke: Edit any file" })).toBeNull();
    expect(screen.getByRole("button", { name: "Revoke: Run go test *" })).toBeTruthy();
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Revoke: Run rm *" }));
    });
    expect(screen.getByRole("alert").textContent).toContain("read-only file system");
    fireEvent.keyDown(screen.getByRole("dialog"), { key: "Escape" });
    expect(onClose).toHaveBeenCalled();
  });
});
