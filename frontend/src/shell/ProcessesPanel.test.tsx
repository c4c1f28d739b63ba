import { act, fireEvent, render, screen, within } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import type { ProcessInfo, ProcessesBackend } from "../bridge/processes";
import { isProcessInfo } from "../bridge/processes";
import { ProcessesPanel, runtime } from "./ProcessesPanel";

const proc = (over: Partial<ProcessInfo> = {}): ProcessInfo => ({
  id: "p1", command: "npm run dev", pid: 42, status: "running", exitCode: 0, startedAt: 1_000, ports: [], ...over,
});

/** A backend whose pushed list the test drives, recording stops. */
function fakeBackend(initial: ProcessInfo[]) {
  let push: (p: ProcessInfo[]) => void = () => undefined;
  const b: ProcessesBackend & { push: (p: ProcessInfo[]) => void } = {
    push: (p) => act(() => push(p)),
    list: vi.fn(async () => initial),
    output: vi.fn(async (id: string) => `output of ${id}\n`),
    stop: vi.fn(async () => undefined),
    onChange: (cb) => {
      push = cb;
      return () => undefined;
    },
  };
  return b;
}

describe("ProcessesPanel", () => {
  it("shows nothing without processes", async () => {
    const b = fakeBackend([]);
    const { container } = render(<ProcessesPanel backend={b} workspace="/w" />);
    await act(async () => undefined);
    expect(container.textContent).toBe("");
  });

  it("lists processes live with status, runtime and ports, shows output and stops one", async () => {
    const b = fakeBackend([proc()]);
    render(<ProcessesPanel backend={b} workspace="/w" now={() => 66_000} />);
    const panel = await screen.findByRole("region", { name: "Processes" });
    expect(panel.textContent).toContain("npm run dev");
    expect(panel.textContent).toContain("running · 1m 05s");
    b.push([proc({ ports: ["127.0.0.1:5173"] }), proc({ id: "p2", command: "false", status: "exited", exitCode: 1, endedAt: 3_000 })]);
    expect(panel.textContent).toContain("listening on 127.0.0.1:5173");
    expect(panel.textContent).toContain("exited (1) · 2s");
    const [first, second] = within(panel).getAllByRole("listitem");
    if (!first || !second) throw new Error("two rows expected");
    expect(within(second).queryByRole("button", { name: "Stop" })).toBeNull();
    fireEvent.click(within(first).getByRole("button", { name: "Output" }));
    expect((await screen.findByLabelText("Output of npm run dev")).textContent).toBe("output of p1\n");
    fireEvent.click(within(first).getByRole("button", { name: "Stop" }));
    expect(b.stop).toHaveBeenCalledWith("p1");
  });

  it("formats runtimes", () => {
    expect(runtime(proc({ startedAt: 0, endedAt: 59_999 }), 0)).toBe("59s");
    expect(runtime(proc({ startedAt: 0, endedAt: 3_725_000 }), 0)).toBe("1h 02m");
  });

  it("guards the wire", () => {
    expect(isProcessInfo(proc())).toBe(true);
    expect(isProcessInfo({ ...proc(), status: "zombie" })).toBe(false);
    expect(isProcessInfo({ ...proc(), ports: null })).toBe(false);
  });
});
