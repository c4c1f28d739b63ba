import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import type { ElicitAction, ElicitBackend } from "../../bridge/elicit";
import { ApprovalCard } from "./ApprovalCard";
import { contentOf, fieldsOf, initialValues } from "../state/elicit";
import type { ElicitQuestion } from "../state/model";
import { ElicitationCard } from "./ElicitationCard";
import { isChatEvent } from "../../bridge/guard";
import { chatReducer, initialState } from "../state/state";
import { started, stream } from "../testing/testkit";

// The schema server-everything's trigger-elicitation-request sends, cut down.
const schema = {
  type: "object",
  properties: {
    name: { title: "String", type: "string", description: "Your full, legal name" },
    check: { title: "Boolean", type: "boolean" },
    email: { type: "string", format: "email" },
    integer: { title: "Integer", type: "integer", minimum: 1, maximum: 100, default: 42 },
    friend: { type: "string", enum: ["Monica", "Rachel"], default: "Monica" },
    hero: { type: "string", oneOf: [{ const: "hero-1", title: "Superman" }, { const: "hero-2", title: "Green Lantern" }] },
    pet: { type: "string", enum: ["pet-1", "pet-2"], enumNames: ["Cats", "Dogs"] },
    fish: { type: "array", minItems: 1, maxItems: 2, items: { anyOf: [{ const: "fish-1", title: "Tuna" }, { const: "fish-2", title: "Salmon" }] } },
  },
  required: ["name"],
};

function fakeBackend(fail?: string): ElicitBackend & { calls: [string, ElicitAction, Record<string, unknown> | null][] } {
  const calls: [string, ElicitAction, Record<string, unknown> | null][] = [];
  return {
    calls,
    answerElicitation: (_conv, id, action, content) => {
      calls.push([id, action, content]);
      return fail ? Promise.reject(new Error(fail)) : Promise.resolve();
    },
  };
}

const question = (over: Partial<ElicitQuestion> = {}): ElicitQuestion => ({
  requestId: "e1", callId: "c1", server: "ev", message: "Please provide inputs", schema, outcome: null, ...over,
});

describe("elicitation forms", () => {
  it("reads every kind of field the spec allows", () => {
    const f = Object.fromEntries(fieldsOf(schema).map((x) => [x.name, x]));
    expect(f.name).toMatchObject({ kind: "text", label: "String", required: true });
    expect(f.check?.kind).toBe("boolean");
    expect(f.email?.format).toBe("email");
    expect(f.integer).toMatchObject({ kind: "integer", min: 1, max: 100, initial: "42" });
    expect(f.friend?.options.map((o) => o.value)).toEqual(["Monica", "Rachel"]);
    expect(f.hero?.options).toEqual([{ value: "hero-1", label: "Superman" }, { value: "hero-2", label: "Green Lantern" }]);
    expect(f.pet?.options[1]).toEqual({ value: "pet-2", label: "Dogs" });
    expect(f.fish).toMatchObject({ kind: "choices", min: 1, max: 2 });
    expect(fieldsOf("not a schema")).toEqual([]);
  });

  it("types the answer and names the first problem", () => {
    const fields = fieldsOf(schema);
    const v = initialValues(fields);
    expect(contentOf(fields, v)).toEqual({ error: "String is required" });
    expect(contentOf(fields, { ...v, name: "Ann", integer: "4.5" })).toEqual({ error: "Integer must be a whole number" });
    expect(contentOf(fields, { ...v, name: "Ann", integer: "500" })).toEqual({ error: "Integer must be at most 100" });
    expect(contentOf(fields, { ...v, name: "Ann", fish: ["fish-1", "fish-2", "fish-3"] })).toEqual({ error: "fish: choose at most 2" });
    expect(contentOf(fields, { ...v, name: " Ann ", fish: ["fish-2"] })).toEqual({
      content: { name: "Ann", check: false, integer: 42, friend: "Monica", fish: ["fish-2"] },
    });
  });

  it("puts a question in its turn and marks how it ended", () => {
    const events = stream(
      "t1",
      started("ask me"),
      { type: "elicitation_requested", requestId: "e1", callId: "c1", server: "ev", message: "Name?", schema },
      { type: "elicitation_resolved", requestId: "e1", action: "decline" },
    );
    expect(events.every(isChatEvent)).toBe(true);
    expect(isChatEvent({ type: "elicitation_resolved", turnId: "t1", seq: 4, requestId: "e1", action: "maybe" })).toBe(false);
    const t = chatReducer(initialState, { type: "events", events, now: 0 }).turns.t1;
    const part = t?.parts.find((p) => p.kind === "elicitation");
    expect(part?.kind === "elicitation" && part.question).toMatchObject({ server: "ev", message: "Name?", outcome: "decline" });
  });
});

describe("ElicitationCard", () => {
  it("sends the filled form, and shows the backend's refusal", async () => {
    const b = fakeBackend("content: the answer does not fit");
    render(<ElicitationCard question={question()} backend={b} />);
    expect(screen.getByRole("group", { name: /ev asks: Please provide inputs/ })).toBeTruthy();
    fireEvent.click(screen.getByRole("button", { name: "Send" }));
    expect(screen.getByRole("alert").textContent).toBe("String is required");
    expect(b.calls).toEqual([]);
    fireEvent.change(screen.getByLabelText(/^String/), { target: { value: "Ann" } });
    fireEvent.click(screen.getByLabelText("Boolean"));
    fireEvent.change(screen.getByLabelText("hero"), { target: { value: "hero-2" } });
    fireEvent.click(screen.getByLabelText("Tuna"));
    fireEvent.click(screen.getByRole("button", { name: "Send" }));
    expect(b.calls[0]).toEqual(["e1", "accept", { name: "Ann", check: true, integer: 42, friend: "Monica", hero: "hero-2", fish: ["fish-1"] }]);
    await waitFor(() => expect(screen.getByRole("alert").textContent).toContain("does not fit"));
    expect((screen.getByRole("button", { name: "Send" }) as HTMLButtonElement).disabled).toBe(false);
  });

  it("declines and cancels without content, and shows the outcome once resolved", () => {
    const b = fakeBackend();
    const { rerender } = render(<ElicitationCard question={question()} backend={b} />);
    fireEvent.click(screen.getByRole("button", { name: "Decline" }));
    expect(b.calls).toEqual([["e1", "decline", null]]);
    rerender(<ElicitationCard question={question({ outcome: "decline" })} backend={b} />);
    expect(screen.getByText(/Declined: ev asked/)).toBeTruthy();
    expect(screen.queryByRole("button", { name: "Send" })).toBeNull();
  });
});

describe("approval of an MCP call", () => {
  it("offers to allow the whole server for the session", () => {
    const answers: unknown[] = [];
    const approval = {
      requestId: "r1", callId: "c1", tool: "mcp__ev__echo", kind: "other" as const, summary: "calls the MCP tool mcp__ev__echo",
      detail: "{}", server: "ev", decision: null, answered: null,
    };
    const { rerender } = render(<ApprovalCard approval={approval} onAnswer={(_, d) => answers.push(d)} />);
    fireEvent.click(screen.getByRole("button", { name: "Allow all ev tools for session" }));
    expect(answers).toEqual([{ kind: "allow_server" }]);
    rerender(<ApprovalCard approval={{ ...approval, server: undefined, requestId: "r2" }} onAnswer={() => undefined} />);
    expect(screen.queryByRole("button", { name: /Allow all/ })).toBeNull();
  });
});
