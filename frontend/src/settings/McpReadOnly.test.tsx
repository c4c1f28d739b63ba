import { fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import type { McpServer } from "../bridge/mcp";
import { McpServerRow, type McpRowActions } from "./McpServerRow";

const server: McpServer = {
  name: "git hub", scope: "user", status: "connected", transport: "stdio", error: "", tokens: 10, log: [],
  tools: [
    { name: "get_issue", modelName: "mcp__git_hub__get_issue", description: "", tokens: 5, enabled: true },
    // A name the backend made unique (another tool sanitised alike): only it knows.
    { name: "create_issue", modelName: "mcp__git_hub__create_issue_2", description: "", tokens: 5, enabled: true },
  ],
};
const actions = {} as McpRowActions;

describe("McpServerRow read-only marks", () => {
  it("marks a tool by the name plan mode sees, and shows a pattern's mark as fixed", () => {
    const set = vi.fn();
    render(
      <ul>
        <McpServerRow server={server} log={null} expanded busy={false} error="" actions={actions} readOnly={{ marks: ["mcp__git_hub__get_*"], set }} />
      </ul>,
    );
    const get = screen.getByRole("checkbox", { name: /get_issue is read-only/ }) as HTMLInputElement;
    expect(get.checked).toBe(true);
    expect(get.disabled).toBe(true);
    fireEvent.click(screen.getByRole("checkbox", { name: /create_issue is read-only/ }));
    expect(set).toHaveBeenCalledWith(["mcp__git_hub__get_*", "mcp__git_hub__create_issue_2"]);
  });
});
