import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { isChatEvent } from "../../bridge/guard";
import { play, setup } from "../testing/renderChat";
import { chatReducer, initialState } from "../state/state";
import { started, stream, text } from "../testing/testkit";

const waiting = (servers: string[], done?: boolean) => ({ type: "mcp_waiting", servers, ...(done ? { done } : {}) }) as const;

describe("mcp_waiting", () => {
  it("passes the boundary check only when well formed", () => {
    expect(isChatEvent({ turnId: "t", seq: 1, ...waiting(["github"]) })).toBe(true);
    expect(isChatEvent({ turnId: "t", seq: 1, ...waiting([], true) })).toBe(true);
    expect(isChatEvent({ turnId: "t", seq: 1, type: "mcp_waiting", servers: "github" })).toBe(false);
    expect(isChatEvent({ turnId: "t", seq: 1, type: "mcp_waiting", servers: ["github"], done: "yes" })).toBe(false);
  });

  it("is kept on the turn until the wait ends or the turn moves on", () => {
    const run = (...bodies: Parameters<typeof stream>[1][]) =>
      chatReducer(initialState, { type: "events", events: stream("t1", ...bodies), now: 0 }).turns.t1?.mcpWaiting ?? null;
    expect(run(started("go"), waiting(["github", "db"]))).toEqual(["github", "db"]);
    expect(run(started("go"), waiting(["github"]), waiting([], true))).toBeNull();
    expect(run(started("go"), waiting(["github"]), text("hi"))).toBeNull();
  });

  it("shows under the running turn, in place of waiting for the model, and goes when the servers are up", async () => {
    const { backend } = setup();
    await play(backend, ...stream("t1", started("use github"), waiting(["github"])));
    expect(screen.getByRole("status").textContent).toBe("Waiting for MCP server github to connect…");
    expect(screen.queryByText("Waiting for the model…")).toBeNull();
    await play(backend, { turnId: "t1", seq: 3, ...waiting([], true) });
    expect(screen.queryByText(/to connect…/)).toBeNull();
    expect(screen.getByText("Waiting for the model…")).toBeTruthy();
  });

  it("names every server it waits for", async () => {
    const { backend } = setup();
    await play(backend, ...stream("t1", started("go"), waiting(["github", "db"])));
    expect(screen.getByText("Waiting for MCP servers github, db to connect…")).toBeTruthy();
  });
});
