import { act, fireEvent, render, screen, waitFor, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import type { McpBackend, McpServer, McpView } from "../bridge/mcp";
import { isMcpView } from "../bridge/mcp";
import { parsePairs } from "./McpAddForm";
import { McpSection } from "./McpSection";
import { initialMcpState, joinArgs, mcpReducer, splitArgs } from "./mcpState";

const memory: McpServer = {
  name: "memory", scope: "user", status: "connecting", transport: "stdio", error: "", tokens: 0, log: [], tools: [],
};
const connected: McpServer = {
  ...memory, status: "connected", tokens: 1234, log: ["Knowledge Graph MCP Server running on stdio"],
  tools: [
    { name: "create_entities", modelName: "mcp__memory__create_entities", description: "Create entities", tokens: 800, enabled: true },
    { name: "read_graph", modelName: "mcp__memory__read_graph", description: "Read the graph", tokens: 434, enabled: true },
  ],
};
const viewOf = (...servers: McpServer[]): McpView => ({ servers, tokens: servers.reduce((n, s) => n + s.tokens, 0), budgetPercent: 10 });

function fake(first: McpView) {
  let current = first;
  let changed: () => void = () => undefined;
  const answer = async () => current;
  const backend: McpBackend = {
    servers: vi.fn(async () => current),
    add: vi.fn(answer), addJSON: vi.fn(answer), setBudget: vi.fn(answer), remove: vi.fn(async () => viewOf()),
    setEnabled: vi.fn(answer), setToolEnabled: vi.fn(answer), restart: vi.fn(answer),
    log: vi.fn(async () => ["line 1 of the whole log", "Knowledge Graph MCP Server running on stdio"]), signIn: vi.fn(answer),
    importCandidates: vi.fn(async () => [{ app: "Cursor", path: "/home/me/.cursor/mcp.json", servers: [
      { name: "gh", transport: "stdio", runs: "github-mcp", secrets: 1, exists: false },
      { name: "memory", transport: "stdio", runs: "mcp-server-memory", secrets: 0, exists: true },
    ] }]),
    importServers: vi.fn(answer),
    config: vi.fn(async (name: string) => ({ name, transport: "stdio" as const, command: "/bin/mem", args: ["--dir", "my notes"],
      env: [{ key: "TOKEN", value: "••••••••" }, { key: "HOME_REF", value: "${HOME}" }], url: "", headers: [] })),
    edit: vi.fn(answer),
    resources: vi.fn(async () => []),
    onChange: (cb) => {
      changed = cb;
      return () => undefined;
    },
  };
  // push is the backend's status event after the servers changed.
  const push = async (v: McpView) => {
    current = v;
    await act(async () => changed());
  };
  return { backend, push };
}

async function mount(backend: McpBackend) {
  render(<McpSection backend={backend} />);
  await act(async () => undefined);
}

describe("McpSection", () => {
  it("updates a server's badge live and shows its tools, tokens and log on expand", async () => {
    const { backend, push } = fake(viewOf(memory));
    await mount(backend);
    expect(screen.getByRole("status", { name: "memory: Connecting…" })).toBeTruthy();
    await push(viewOf(connected));
    expect(screen.getByRole("status", { name: "memory: Connected" })).toBeTruthy();
    expect(screen.getByTestId("mcp-memory-tools").textContent).toBe("2 tools");
    expect(screen.getByTestId("mcp-budget").textContent).toContain("1.2k tokens");
    const expand = screen.getByRole("button", { name: "Details of memory" });
    expect(expand.getAttribute("aria-expanded")).toBe("false");
    fireEvent.click(expand);
    expect(expand.getAttribute("aria-expanded")).toBe("true");
    expect(screen.getByText(/Knowledge Graph MCP Server/)).toBeTruthy();
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Show the whole log of memory" })));
    expect(backend.log).toHaveBeenCalledWith("memory");
    expect(screen.getByText(/line 1 of the whole log/)).toBeTruthy();
    await act(async () => fireEvent.click(screen.getByRole("checkbox", { name: /read_graph/ })));
    expect(backend.setToolEnabled).toHaveBeenCalledWith("memory", "read_graph", false);
  });

  it("restarts, disables, signs in and removes by labelled buttons", async () => {
    const { backend } = fake(viewOf(connected, { ...memory, name: "remote", transport: "http", status: "needs-auth", error: "asks to sign in" }));
    await mount(backend);
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Restart memory" })));
    expect(backend.restart).toHaveBeenCalledWith("memory");
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Disable memory" })));
    expect(backend.setEnabled).toHaveBeenCalledWith("memory", false);
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Sign in to remote" })));
    expect(backend.signIn).toHaveBeenCalledWith("remote");
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Remove memory" })));
    expect(backend.remove).toHaveBeenCalledWith("memory");
    expect(screen.getByText("No servers yet.")).toBeTruthy();
  });

  it("shows a failed request beside its server", async () => {
    const { backend } = fake(viewOf(connected));
    backend.restart = vi.fn(async () => Promise.reject(new Error("MCP server memory needs approval first")));
    await mount(backend);
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Restart memory" })));
    expect(within(screen.getByTestId("mcp-memory")).getByRole("alert").textContent).toContain("needs approval first");
  });

  it("adds a command with its environment, or pasted JSON", async () => {
    const { backend } = fake(viewOf());
    await mount(backend);
    fireEvent.change(screen.getByLabelText("Name"), { target: { value: "memory" } });
    fireEvent.change(screen.getByLabelText("Command and arguments"), { target: { value: `/bin/mem --dir "my notes"` } });
    fireEvent.change(screen.getByLabelText(/Environment/), { target: { value: "TOKEN=abc=1\n\nDEBUG" } });
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Add server" })));
    expect(backend.add).toHaveBeenCalledWith({ name: "memory", transport: "stdio", command: "/bin/mem", args: ["--dir", "my notes"],
      env: [{ key: "TOKEN", value: "abc=1" }, { key: "DEBUG", value: "" }], url: "", headers: [] });
    expect((screen.getByLabelText("Name") as HTMLInputElement).value).toBe("");
    fireEvent.click(screen.getByRole("radio", { name: "Paste JSON" }));
    fireEvent.change(screen.getByLabelText("mcpServers JSON"), { target: { value: '{"mcpServers":{}}' } });
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Add server" })));
    expect(backend.addJSON).toHaveBeenCalledWith('{"mcpServers":{}}');
  });

  it("edits a server in place: the form comes filled in, masked values go back untouched", async () => {
    const { backend } = fake(viewOf(connected));
    await mount(backend);
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Edit memory" })));
    expect(backend.config).toHaveBeenCalledWith("memory");
    const form = within(screen.getByTestId("mcp-memory")).getByRole("form", { name: "Edit memory" });
    expect((within(form).getByLabelText("Command and arguments") as HTMLInputElement).value).toBe(`/bin/mem --dir "my notes"`);
    const env = within(form).getByLabelText(/Environment/) as HTMLTextAreaElement;
    expect(env.value).toBe("TOKEN=••••••••\nHOME_REF=${HOME}");
    expect((screen.getByRole("button", { name: "Edit memory" }) as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(env, { target: { value: "TOKEN=••••••••\nDEBUG=1" } });
    fireEvent.change(within(form).getByLabelText("Name"), { target: { value: "mem" } });
    await act(async () => fireEvent.click(within(form).getByRole("button", { name: "Save changes" })));
    expect(backend.edit).toHaveBeenCalledWith("memory", { name: "mem", transport: "stdio", command: "/bin/mem", args: ["--dir", "my notes"],
      env: [{ key: "TOKEN", value: "••••••••" }, { key: "DEBUG", value: "1" }], url: "", headers: [] });
    expect(screen.queryByRole("form", { name: "Edit memory" })).toBeNull();
    // The add form is untouched by the edit.
    expect((within(screen.getByRole("form", { name: "Add a server" })).getByLabelText("Name") as HTMLInputElement).value).toBe("");
  });

  it("keeps the edit form open with the reason when saving fails, and Cancel closes it", async () => {
    const { backend } = fake(viewOf(connected));
    backend.edit = vi.fn(async () => Promise.reject(new Error("a server named other exists: choose another name")));
    await mount(backend);
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Edit memory" })));
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Save changes" })));
    const row = within(screen.getByTestId("mcp-memory"));
    expect(row.getByRole("alert").textContent).toContain("choose another name");
    expect(row.getByRole("form", { name: "Edit memory" })).toBeTruthy();
    fireEvent.click(row.getByRole("button", { name: "Cancel" }));
    expect(screen.queryByRole("form", { name: "Edit memory" })).toBeNull();
  });

  it("imports only the servers picked, moving their secrets", async () => {
    const { backend } = fake(viewOf());
    await mount(backend);
    await act(async () => fireEvent.click(screen.getByRole("button", { name: "Import from other apps…" })));
    expect((screen.getByRole("checkbox", { name: /memory/ }) as HTMLInputElement).disabled).toBe(true);
    fireEvent.click(screen.getByRole("checkbox", { name: /gh/ }));
    expect(screen.getByRole("checkbox", { name: /Move the 1 secret/ })).toBeTruthy();
    await act(async () => fireEvent.click(screen.getByRole("button", { name: /Import 1 from Cursor/ })));
    expect(backend.importServers).toHaveBeenCalledWith("/home/me/.cursor/mcp.json", ["gh"], true);
  });
});

describe("MCP section state", () => {
  it("tracks requests per server and forgets a removed server's expansion", () => {
    let s = mcpReducer(initialMcpState, { type: "loaded", view: viewOf(connected) });
    s = mcpReducer(s, { type: "toggle", server: "memory" });
    s = mcpReducer(s, { type: "request", server: "memory" });
    expect(s.busy.memory).toBe(true);
    s = mcpReducer(s, { type: "failed", server: "memory", error: "boom" });
    expect(s.busy.memory).toBeUndefined();
    expect(s.errors.memory).toBe("boom");
    s = mcpReducer(s, { type: "request", server: "memory" });
    expect(s.errors.memory).toBeUndefined();
    s = mcpReducer(s, { type: "answered", server: "memory", view: viewOf() });
    expect(s.expanded).toEqual({});
  });

  it("splits a command line and reads key-value lines", () => {
    expect(splitArgs(`npx -y '@scope/pkg' "a b" ""`)).toEqual(["npx", "-y", "@scope/pkg", "a b", ""]);
    for (const words of [["npx", "-y", "a b", ""], ["say", `it's "so"`], ["x", "it's"]]) expect(splitArgs(joinArgs(words))).toEqual(words);
    expect(parsePairs("Authorization: Bearer x:y\n", ":")).toEqual([{ key: "Authorization", value: "Bearer x:y" }]);
  });

  it("rejects a malformed view", () => {
    expect(isMcpView(viewOf(connected))).toBe(true);
    expect(isMcpView({ ...viewOf(), servers: [{ ...connected, status: "sleeping" }] })).toBe(false);
  });
});

describe("the deferral budget", () => {
  it("sets a new share and refuses one out of range", async () => {
    const { backend } = fake(viewOf());
    render(<McpSection backend={backend} />);
    const input = await screen.findByLabelText(/Defer tool definitions over/);
    const set = screen.getByRole("button", { name: "Set" });
    expect((set as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(input, { target: { value: "250" } });
    expect((set as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(input, { target: { value: "25" } });
    fireEvent.click(set);
    await waitFor(() => expect(backend.setBudget).toHaveBeenCalledWith(25));
  });
});
