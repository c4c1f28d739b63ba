// The bridge's chat half, against stand-ins for what the Wails runtime puts
// on window (window.go for bound methods, window.runtime for events).
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { backend, BridgeError } from ".";
import type { Skipped } from "./guard";
import type { ChatEvent } from "./protocol";

type Fn = (...args: unknown[]) => unknown;
interface Win {
  go?: { app: Record<string, Record<string, Fn>> };
  runtime?: Record<string, Fn>;
}
const w = window as unknown as Win;

let listeners: Map<string, Fn>;
let bound: Record<string, Fn>;
let opened: string[];

beforeEach(() => {
  listeners = new Map();
  opened = [];
  bound = {};
  // Every bound handler (Chat, Project, …) answers from the one record.
  w.go = { app: new Proxy({}, { get: () => bound }) };
  w.runtime = {
    EventsOnMultiple: (name, cb) => {
      listeners.set(name as string, cb as Fn);
      return () => listeners.delete(name as string);
    },
    BrowserOpenURL: (url) => void opened.push(url as string),
  };
});

afterEach(() => {
  delete w.go;
  delete w.runtime;
});

describe("bridge chat events", () => {
  it("passes well-formed events with their conversation and drops malformed ones", () => {
    const got: [ChatEvent | Skipped, string][] = [];
    const warn = vi.spyOn(console, "warn").mockImplementation(() => undefined);
    const off = backend.onChatEvent((e, conv) => got.push([e, conv]));
    const emit = listeners.get("chat");
    emit?.({ conversationId: "c1", event: { turnId: "t", seq: 1, type: "text", text: "hi" } });
    emit?.({ conversationId: "c2", event: { turnId: "t", seq: 2, type: "text", text: 42 } });
    emit?.({ turnId: "t", seq: 3, type: "text", text: "of no conversation" });
    emit?.("garbage");
    // The bad event keeps its place (the turn goes on); garbage is dropped.
    expect(got).toEqual([
      [{ turnId: "t", seq: 1, type: "text", text: "hi" }, "c1"],
      [{ turnId: "t", seq: 2, type: "skipped" }, "c2"],
    ]);
    expect(warn).toHaveBeenCalledTimes(3);
    off();
    expect(listeners.has("chat")).toBe(false);
    warn.mockRestore();
  });

  it("subscribes to nothing outside the Wails window", () => {
    delete w.runtime;
    const off = backend.onChatEvent(() => undefined);
    expect(typeof off).toBe("function");
    off();
  });
});

describe("bridge chat calls", () => {
  it("sends and checks the reply's shape", async () => {
    bound.Send = vi.fn(async () => ({ turnId: "t9", queued: true }));
    await expect(backend.send("c1", "hello")).resolves.toEqual({ turnId: "t9", queued: true });
    expect(bound.Send).toHaveBeenCalledWith("c1", "hello");
    bound.Send = async () => ({ turnId: 9 });
    await expect(backend.send("c1", "x")).rejects.toMatchObject({ code: "internal" });
  });

  it("turns the Go side's error JSON into a typed error", async () => {
    bound.Send = async () => {
      throw new Error(JSON.stringify({ code: "no_key", message: "No API key for OpenAI." }));
    };
    const err = await backend.send("c1", "x").catch((e: unknown) => e);
    expect(err).toBeInstanceOf(BridgeError);
    expect(err).toMatchObject({ code: "no_key", message: "No API key for OpenAI." });
  });

  it("reports a method the build lacks as a typed error", async () => {
    await expect(backend.stop("c1")).rejects.toBeInstanceOf(BridgeError);
  });

  it("maps a cancelled folder picker to null and refuses a malformed workspace", async () => {
    bound.ChooseWorkspace = async () => ({ path: "", name: "" });
    await expect(backend.chooseWorkspace()).resolves.toBeNull();
    bound.CurrentWorkspace = async () => null;
    await expect(backend.currentWorkspace()).resolves.toBeNull();
    bound.OpenWorkspace = async (p) => ({ path: p, name: "proj" });
    await expect(backend.openWorkspace("/x/proj")).resolves.toEqual({ path: "/x/proj", name: "proj" });
    bound.OpenWorkspace = async () => ({ path: 1 });
    await expect(backend.openWorkspace("/x")).rejects.toMatchObject({ code: "internal" });
  });

  it("sends approval decisions with the note only for a denial", async () => {
    const approve = vi.fn(async () => undefined);
    bound.Approve = approve;
    await backend.approve("c1", "r1", { kind: "allow_session" });
    await backend.approve("c2", "r2", { kind: "deny", note: "not that file" });
    expect(approve.mock.calls).toEqual([
      ["c1", "r1", "allow_session", ""],
      ["c2", "r2", "deny", "not that file"],
    ]);
  });

  it("reports folders the backend opened by itself", () => {
    const opened: unknown[] = [];
    const off = backend.onWorkspace((v) => opened.push(v));
    listeners.get("workspace")?.({ path: "/w/site", name: "site" });
    listeners.get("workspace")?.({ path: 3 });
    expect(opened).toEqual([{ path: "/w/site", name: "site" }]);
    off();
    expect(listeners.size).toBe(0);
  });

  it("passes dropped files to attach, ignoring malformed payloads", () => {
    const got: string[][] = [];
    const off = backend.onAttach((p) => got.push(p));
    listeners.get("attach")?.(["/a", "/b"]);
    listeners.get("attach")?.([1]);
    listeners.get("attach")?.("/c");
    expect(got).toEqual([["/a", "/b"]]);
    off();
  });

  it("turns the backend's notices into typed errors", () => {
    const notices: BridgeError[] = [];
    const off = backend.onNotice((e) => notices.push(e));
    listeners.get("notice")?.(JSON.stringify({ code: "invalid", message: "/tmp/a.txt is not a folder" }));
    listeners.get("notice")?.("plain words");
    expect(notices.map((n) => [n.code, n.message])).toEqual([["invalid", "/tmp/a.txt is not a folder"], ["internal", "plain words"]]);
    off();
  });

  it("opens only web and mail links in the browser", () => {
    backend.openExternal("https://example.com/a");
    backend.openExternal("mailto:a@b.c");
    backend.openExternal("file:///etc/passwd");
    backend.openExternal("javascript:alert(1)");
    expect(opened).toEqual(["https://example.com/a", "mailto:a@b.c"]);
  });
});
