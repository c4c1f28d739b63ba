import { fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { EmptyState } from "./EmptyState";

describe("EmptyState", () => {
  it("offers recent folders and opens the one picked", () => {
    const onOpen = vi.fn();
    render(<EmptyState loading={false} error="" onChoose={() => undefined} recent={[{ path: "/p/hearth", name: "hearth" }]} onOpen={onOpen} />);
    fireEvent.click(screen.getByRole("button", { name: "hearth" }));
    expect(onOpen).toHaveBeenCalledWith("/p/hearth");
  });

  it("shows no list when there is nothing recent", () => {
    render(<EmptyState loading={false} error="" onChoose={() => undefined} recent={[]} onOpen={() => undefined} />);
    expect(screen.queryByRole("navigation", { name: "Recent folders" })).toBeNull();
  });
});
