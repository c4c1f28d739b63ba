import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { ChatView } from "./ChatView";
import { fakeBackend } from "../testing/fakeBackend";
import { play, setup, ws } from "../testing/renderChat";
import { done, started, stream, text, usage } from "../testing/testkit";

// The footer of a finished turn, read as the user sees it.
const footer = () => document.querySelector(".turn-footer")?.textContent ?? "";

describe("TurnFooter", () => {
  it.each([
    ["a fast turn in tenths of a second", 400, "Worked for 0.4 s"],
    ["a very fast turn as under a tenth", 30, "Worked for <0.1 s"],
    ["a slow turn in seconds", 8_400, "Worked for 8 s"],
  ])("shows %s", async (_name, elapsedMs, want) => {
    const { backend } = setup();
    await play(backend, ...stream("t1", started("hi"), text("Hello."), done({ elapsedMs, cost: null })));
    expect(screen.getByText(want)).toBeTruthy();
    expect(footer()).not.toMatch(/for 0 s/);
    expect(footer()).not.toMatch(/Cook/);
  });

  it.each([
    ["unknown", null, ""],
    ["zero", 0, ""],
    ["known", 0.0123, "$0.01"],
  ])("shows a %s cost only when known", async (_name, cost, want) => {
    const { backend } = setup();
    await play(backend, ...stream("t1", started("hi"), text("Hello."), done({ elapsedMs: 2_000, usage: usage(10, 20), cost })));
    expect(footer()).toContain("used 30 tokens");
    if (want) expect(footer()).toContain(want);
    else expect(footer()).not.toContain("$");
    expect(footer()).not.toContain("cost unknown");
  });

  it("shows no cost for a reopened turn whose cost was never known", () => {
    const backend = fakeBackend(ws);
    const at = "2026-11-22T04:00:00Z";
    const unpriced = { input_tokens: 900, output_tokens: 12, cache_read_tokens: 0, cache_write_tokens: 0, reasoning_tokens: 0, cost_usd: 0 };
    render(
      <ChatView backend={backend} workspace={ws} onOpenSettings={() => undefined} transcript={[
        { id: 1, session_id: "s", seq: 1, role: "user", text: "what is here?", state: "complete", started_at: at, first_token_at: "0001-01-01T00:00:00Z", finished_at: "0001-01-01T00:00:00Z", usage: unpriced },
        { id: 2, session_id: "s", seq: 2, role: "assistant", text: "A README.", state: "complete", started_at: at, first_token_at: at, finished_at: "2026-11-22T04:00:00.400Z", usage: unpriced },
      ]} />,
    );
    expect(screen.getByText("A README.")).toBeTruthy();
    expect(footer()).toContain("Worked for 0.4 s");
    expect(footer()).toContain("used 912 tokens");
    expect(footer()).not.toContain("$");
  });

  it("says how a failed or stopped turn ended, not that it worked", async () => {
    const { backend } = setup();
    await play(backend, ...stream("t1", started("hi"), { type: "error", class: "server", message: "boom" }, done({ elapsedMs: 4_000 })));
    expect(footer()).toContain("Failed after 4 s");
    expect(footer()).not.toMatch(/Worked|Cooked/);
  });

  it("shows no zeros after Stop when the provider reported no usage", async () => {
    const { backend } = setup();
    await play(backend, ...stream("t1", started("hi"), text("partial answer"), done({ elapsedMs: 2_000, stopped: true, usage: usage(0, 0), cost: null })));
    expect(footer()).toContain("Stopped after 2 s");
    expect(footer()).not.toMatch(/\b0 in|0 out|0 tokens/);
  });

  it("puts the token details in the tooltip, in words", async () => {
    const { backend } = setup();
    await play(backend, ...stream("t1", started("hi"), text("Hello."), done({ elapsedMs: 2_000, usage: usage(21_000, 1_600), cost: null })));
    const used = screen.getByText("used 23k tokens");
    expect(used.title).toContain("21,000 tokens read by the model");
    expect(used.title).toContain("1,600 tokens written by the model");
    expect(footer()).not.toMatch(/ in · /);
  });
});
