import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { ToolCall } from "../state/state";
import { allowanceLabel, argHint, duration, mcpTool, rowLine, statusLabel, ToolRow } from "./ToolRow";

const base: ToolCall = {
  callId: "c1", name: "shell", args: { command: "go vet ./..." }, state: "failed", tail: "",
  output: "exit code: 1 (812ms)\nvet: x.go:3: unreachable code", summary: "Ran go vet ./... · exit 1", exitCode: 1, allowedBy: null, durationMs: 812,
};

describe("ToolRow", () => {
  it("shows a failed command as failed with its exit code, its summary and its time", () => {
    const { container } = render(<ToolRow call={base} />);
    const row = container.querySelector("details");
    expect(row?.dataset.status).toBe("failed");
    expect(screen.getByText("exit 1").className).toContain("status-failed");
    expect(screen.getByText("Ran go vet ./... · exit 1")).toBeTruthy();
    expect(screen.getByText("812 ms")).toBeTruthy();
    // The raw output is behind details, still in the row.
    expect(container.querySelector(".tool-body pre:last-of-type")?.textContent).toContain("unreachable code");
  });

  it("says who allowed a call nobody was asked about", () => {
    render(<ToolRow call={{ ...base, allowedBy: { by: "session", detail: "go vet *" } }} />);
    expect(screen.getByText("auto-allowed for this chat").title).toContain("go vet *");
  });

  it("shows no spinner for a call that waits for approval", () => {
    const { container } = render(<ToolRow call={{ ...base, state: "running", summary: null, exitCode: null }} awaitingApproval />);
    expect(container.querySelector(".spinner")).toBeNull();
    expect(screen.getByRole("status").getAttribute("aria-label")).toBe("shell waits for your approval");
  });

  it("falls back to the tool's name and hint for rows stored without a summary", () => {
    render(<ToolRow call={{ ...base, state: "succeeded", summary: null, exitCode: null, args: { pattern: "MinValueLen", path: "." } }} />);
    expect(screen.getByText("shell")).toBeTruthy();
    expect(screen.getByText("MinValueLen")).toBeTruthy();
  });
});

describe("MCP tool rows", () => {
  it("name the server with its initial, running and finished", () => {
    const call: ToolCall = { ...base, name: "mcp__memory__create_entities", args: { entities: [] }, state: "running", summary: null, exitCode: null };
    const { container, rerender } = render(<ToolRow call={call} />);
    expect(container.querySelector(".tool-server")?.getAttribute("title")).toBe("MCP server memory");
    expect(container.querySelector(".tool-server .badge")?.textContent).toBe("M");
    rerender(<ToolRow call={{ ...call, state: "succeeded", summary: "created 1 entity" }} />);
    expect(container.querySelector("summary .tool-server-name")?.textContent).toBe("· memory");
  });

  it("go by the tool's own name and its server, not mcp__server__tool", () => {
    const call: ToolCall = { ...base, name: "mcp__memory__create_entities", args: { entities: [] }, state: "running", summary: null, exitCode: null };
    const { container, rerender } = render(<ToolRow call={call} />);
    const shown = () => (container.firstElementChild?.textContent ?? "").replace(/\s+/g, " ");
    expect(shown()).toContain("create_entities · memory");
    expect(shown()).not.toContain("mcp__");
    expect(screen.getByRole("status").getAttribute("aria-label")).toBe("Running create_entities on memory");
    rerender(<ToolRow call={{ ...call, state: "succeeded", summary: "mcp__memory__create_entities" }} />);
    expect(container.querySelector("summary")?.textContent).toContain("create_entities · memory");
    expect(container.querySelector("summary")?.textContent).not.toContain("mcp__");
    expect(container.querySelector("summary .tool-summary")?.textContent).toBe("create_entities");
  });

  it("leave built-in tools without a server", () => {
    const { container } = render(<ToolRow call={base} />);
    expect(container.querySelector(".tool-server")).toBeNull();
  });

  it("parse the server out of mcp__server__tool", () => {
    expect(mcpTool("mcp__memory__create_entities")).toEqual({ server: "memory", tool: "create_entities" });
    expect(mcpTool("mcp__my_db__run__sql")).toEqual({ server: "my_db", tool: "run__sql" });
    expect(mcpTool("mcp_search")).toBeNull();
    expect(mcpTool("shell")).toBeNull();
  });
});

describe("a failed command's row", () => {
  // The summary comes from the backend without a duration (agent/tools failure()); the row adds its own.
  it("shows the row's own duration", () => {
    const { container } = render(
      <ToolRow call={{ ...base, exitCode: null, summary: "Ran go vet ./... · failed: exit code: 1", durationMs: 812 }} />,
    );
    const text = container.querySelector("summary")?.textContent ?? "";
    expect(text.split("812").length - 1).toBe(1);
    expect(text).toContain("812 ms");
    expect(rowLine("Ran echo (hi)", "shell")).toBe("Ran echo (hi)");
  });
});

describe("tool row helpers", () => {
  it("prefers the pattern to the path", () => {
    expect(argHint({ path: ".", pattern: "MinValueLen" })).toBe("MinValueLen");
    expect(argHint({ path: "a.go" })).toBe("a.go");
  });

  it("names each allowance", () => {
    expect(allowanceLabel({ by: "rule", detail: "make *" })).toBe("auto-allowed by rule make *");
    expect(allowanceLabel({ by: "mode", detail: "all" })).toBe("auto-allowed by Full auto mode");
    expect(allowanceLabel({ by: "mode", detail: "edits" })).toBe("auto-allowed by Auto-accept edits mode");
    expect(allowanceLabel({ by: "read-only" })).toBe("auto-allowed: read-only");
  });

  it("labels the status", () => {
    expect(statusLabel({ state: "succeeded", exitCode: null })).toBe("done");
    expect(statusLabel({ state: "failed", exitCode: null })).toBe("failed");
    expect(statusLabel({ state: "failed", exitCode: 2 })).toBe("exit 2");
  });

  it("never reads a measured time as 0 ms", () => {
    expect(duration(0)).toBe("<1 ms");
    expect(duration(42)).toBe("42 ms");
    expect(duration(1830)).toBe("1.8 s");
    expect(duration(null)).toBe("");
  });
});
