import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { chatReducer, initialState } from "../state/state";
import { started, stream } from "../testing/testkit";
import { ContextMeter } from "./ContextMeter";

describe("ContextMeter", () => {
  it("says what its figure is: context N% used, the details in its tooltip", () => {
    const state = chatReducer(initialState, {
      type: "events",
      now: 0,
      events: stream("t1", started("hi"), { type: "usage", usage: { inputTokens: 3_000, cachedInputTokens: 0, outputTokens: 840, reasoningTokens: 0 }, cost: null, window: 128_000 }),
    });
    const { container } = render(<ContextMeter state={state} />);
    expect(screen.getByText("context 3% used")).toBeTruthy();
    expect(container.firstElementChild?.getAttribute("title")).toMatch(/4k of 128k tokens/);
  });
});
