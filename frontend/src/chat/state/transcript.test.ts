import { describe, expect, it } from "vitest";
import type { SessionMessage, SessionToolCall, StoredHook } from "../../bridge/sessions";
import { fromTranscript } from "./transcript";

let id = 0;
function msg(role: string, text: string, over: Partial<SessionMessage> = {}): SessionMessage {
  id++;
  return {
    id, session_id: "s", seq: id, role: role as SessionMessage["role"], text, state: "complete",
    started_at: "2026-11-22T04:00:00Z", first_token_at: "0001-01-01T00:00:00Z", finished_at: "0001-01-01T00:00:00Z", usage: { input_tokens: 10, output_tokens: 5, cache_read_tokens: 0, cache_write_tokens: 0, reasoning_tokens: 0, cost_usd: 0.01 }, ...over,
  };
}

function call(over: Partial<SessionToolCall>): SessionToolCall {
  return { call_id: "c", text_offset: 0, name: "shell", args: "{}", status: "ok", output: "", started_at: "0001-01-01T00:00:00Z", finished_at: "0001-01-01T00:00:00Z", ...over };
}

describe("fromTranscript", () => {
  it("keeps a prompt's images and PDFs (by digest) and leaves attached text files in the prompt", () => {
    const s = fromTranscript([
      msg("user", "what is in the picture", {
        attachments: [
          { kind: "image", media_type: "image/png", name: "shot.png", sha256: "abc", size: 120 },
          { kind: "document", media_type: "application/pdf", name: "spec.pdf", sha256: "def", size: 900 },
          { kind: "text", name: "notes.txt" },
        ],
      }),
      msg("assistant", "A cat."),
    ]);
    const t = s.turns[s.order[0] ?? ""];
    expect(t?.attachments).toEqual([
      { name: "shot.png", mediaType: "image/png", size: 120, sha256: "abc" },
      { name: "spec.pdf", mediaType: "application/pdf", size: 900, sha256: "def" },
    ]);
  });

  it("rebuilds turns with text and tool calls interleaved by rune offset", () => {
    const s = fromTranscript([
      msg("user", "fix it"),
      msg("assistant", "Lööking… then done", {
        reasoning: "think",
        tool_calls: [
          call({ call_id: "b", text_offset: 10, name: "edit_file", args: '{"path":"a.go"}', status: "denied" }),
          call({ call_id: "a", text_offset: 4, args: '{"command":"ls"}', output: "short", full_output: "full output" }),
        ],
      }),
      msg("assistant", "All good.", { finished_at: "2026-11-22T04:01:05Z" }),
    ]);
    expect(s.order).toHaveLength(1);
    const t = s.turns[s.order[0] ?? ""];
    expect(t?.prompt).toBe("fix it");
    expect(t?.parts).toEqual([
      { kind: "text", text: "Löök" },
      { kind: "tool", callId: "a" },
      { kind: "text", text: "ing… t" },
      { kind: "tool", callId: "b" },
      { kind: "text", text: "hen done" },
      { kind: "text", text: "All good." },
    ]);
    expect(t?.tools.a).toMatchObject({ state: "succeeded", args: { command: "ls" }, output: "full output" });
    expect(t?.tools.b).toMatchObject({ state: "denied", args: { path: "a.go" } });
    expect(t?.reasoning).toBe("think");
    expect(t?.usage).toMatchObject({ inputTokens: 20, outputTokens: 10 });
    expect(t?.cost).toBeCloseTo(0.02);
    expect(t?.elapsedMs).toBe(65_000);
    expect(t?.status).toBe("done");
  });

  it("keeps each stored call's summary and exit code, and an unknown cost unknown", () => {
    const free = { input_tokens: 1, output_tokens: 1, cache_read_tokens: 0, cache_write_tokens: 0, reasoning_tokens: 0, cost_usd: 0 };
    const s = fromTranscript(
      [msg("user", "test"), msg("assistant", "fails", { usage: free, tool_calls: [call({ call_id: "x", status: "error", output: "exit code: 1 (3ms)\nFAIL" })] })],
      {},
      { x: { summary: "Ran go test ./... · exit 1", exitCode: 1 } },
    );
    const t = s.turns[s.order[0] ?? ""];
    expect(t?.tools.x).toMatchObject({ state: "failed", summary: "Ran go test ./... · exit 1", exitCode: 1 });
    expect(t?.cost).toBeNull();
  });

  it("marks stopped, failed and interrupted replies", () => {
    const s = fromTranscript([
      msg("user", "a"), msg("assistant", "part", { state: "stopped" }),
      msg("user", "b"), msg("assistant", "", { state: "failed", error: "HTTP 500" }),
      msg("user", "c"), msg("assistant", "cut", { state: "interrupted" }),
      msg("user", "d"),
    ]);
    const [a, b, c, d] = s.order.map((k) => s.turns[k]);
    expect(a?.status).toBe("stopped");
    expect(b).toMatchObject({ status: "error", error: { class: "failed", message: "HTTP 500" } });
    expect(c).toMatchObject({ status: "error", error: { class: "interrupted" } });
    expect(d).toMatchObject({ prompt: "d", parts: [], status: "done" });
  });

  it("shows a summary as a compaction notice and keeps odd tool args readable", () => {
    const s = fromTranscript([
      msg("summary", "earlier talk"),
      msg("assistant", "", { tool_calls: [call({ call_id: "x", args: "not json", status: "interrupted" })] }),
    ]);
    const t = s.turns[s.order[0] ?? ""];
    expect(t?.prompt).toBe("");
    expect(t?.parts[0]).toEqual({ kind: "compacted", how: "summary", before: 0, after: 0 });
    expect(t?.tools.x).toMatchObject({ args: "not json", state: "canceled" });
  });

  it("shows a command as typed with its expansion, and a Stop hook's instruction as its row in the same turn", () => {
    const s = fromTranscript([
      msg("user", "Review foo for bugs.", { typed: "/review foo" }),
      msg("assistant", "Looks fine."),
      msg("user", "A Stop hook asks you to go on: run the tests", { origin: "hook:Stop" }),
      msg("assistant", "Tests pass."),
    ]);
    expect(s.order).toHaveLength(1);
    const t = s.turns[s.order[0] ?? ""];
    expect(t?.prompt).toBe("/review foo");
    expect(t?.expansion).toBe("Review foo for bugs.");
    expect(t?.parts).toEqual([
      { kind: "text", text: "Looks fine." },
      { kind: "hook", hook: { event: "Stop", command: "", exitCode: 2, durationMs: 0, output: "A Stop hook asks you to go on: run the tests", blocked: true } },
      { kind: "text", text: "Tests pass." },
    ]);
  });
  it("puts stored hook rows where they ran: the prompt's first, a tool's after its call, Stop's after the text, once", () => {
    const hook = (event: string, over: Partial<StoredHook> = {}): StoredHook => ({ event, command: `./${event}.sh`, exit_code: 0, duration_ms: 7, text_offset: 0, ...over });
    const s = fromTranscript([
      msg("user", "clean up", { hooks: [hook("UserPromptSubmit", { output: "sprint 12" })] }),
      msg("assistant", "Removing.", {
        tool_calls: [call({ call_id: "c1", text_offset: 9, status: "denied" })],
        hooks: [hook("PreToolUse", { exit_code: 2, blocked: true, output: "no rm", after: "c1", text_offset: 9 })],
      }),
      msg("assistant", "Blocked.", { hooks: [hook("Stop", { exit_code: 2, blocked: true, output: "run the tests", text_offset: 8 })] }),
      msg("user", "A Stop hook asks you to go on: run the tests", { origin: "hook:Stop" }),
      msg("assistant", "Done."),
    ]);
    expect(s.order).toHaveLength(1);
    const parts = s.turns[s.order[0] ?? ""]?.parts ?? [];
    expect(parts.map((p) => (p.kind === "hook" ? `hook:${p.hook.event}` : p.kind === "text" ? p.text : p.kind))).toEqual([
      "hook:UserPromptSubmit", "Removing.", "tool", "hook:PreToolUse", "Blocked.", "hook:Stop", "Done.",
    ]);
    expect(parts[0]).toEqual({ kind: "hook", hook: { event: "UserPromptSubmit", command: "./UserPromptSubmit.sh", exitCode: 0, durationMs: 7, output: "sprint 12" } });
    expect(parts[5]).toMatchObject({ kind: "hook", hook: { event: "Stop", exitCode: 2, blocked: true, output: "run the tests" } });
  });
});
