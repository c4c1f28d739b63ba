import { fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { WebSection } from "./WebSection";

describe("WebSection", () => {
  it("saves SearXNG with its URL and no key", async () => {
    const setWeb = vi.fn(async () => true);
    render(<WebSection busy={false} actions={{ setWeb }} />);
    fireEvent.change(screen.getByLabelText("Provider"), { target: { value: "searxng" } });
    fireEvent.change(screen.getByLabelText("SearXNG URL"), { target: { value: " http://127.0.0.1:8888 " } });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    await vi.waitFor(() => expect(setWeb).toHaveBeenCalled());
    expect(setWeb).toHaveBeenCalledWith({ allowLocal: false, searchProvider: "searxng", searchUrl: "http://127.0.0.1:8888", searchKey: "" });
  });

  it("sends Brave's key once and clears the field", async () => {
    const setWeb = vi.fn(async () => true);
    render(<WebSection web={{ allowLocal: true, searchProvider: "", searchUrl: "" }} busy={false} actions={{ setWeb }} />);
    fireEvent.change(screen.getByLabelText("Provider"), { target: { value: "brave" } });
    const key = screen.getByLabelText("API key") as HTMLInputElement;
    expect(key.type).toBe("password");
    fireEvent.change(key, { target: { value: "brave-key" } });
    fireEvent.click(screen.getByRole("button", { name: "Save" }));
    await vi.waitFor(() => expect(key.value).toBe(""));
    expect(setWeb).toHaveBeenCalledWith({ allowLocal: true, searchProvider: "brave", searchUrl: "", searchKey: "brave-key" });
  });

  it("turns local addresses on with the saved search kept", () => {
    const setWeb = vi.fn(async () => true);
    render(<WebSection web={{ allowLocal: false, searchProvider: "searxng", searchUrl: "http://s" }} busy={false} actions={{ setWeb }} />);
    fireEvent.click(screen.getByRole("checkbox", { name: /local and private addresses/ }));
    expect(setWeb).toHaveBeenCalledWith({ allowLocal: true, searchProvider: "searxng", searchUrl: "http://s", searchKey: "" });
  });
});
