import { fireEvent, render, screen, waitFor } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { Markdown, OpenLink } from "./Markdown";

describe("Markdown", () => {
  it("renders GFM tables, lists and strikethrough", () => {
    const { container } = render(<Markdown text={"| a | b |\n|---|---|\n| 1 | 2 |\n\n- one\n- two\n\n~~old~~"} />);
    expect(container.querySelectorAll("table td")).toHaveLength(2);
    expect(container.querySelectorAll("ul li")).toHaveLength(2);
    expect(container.querySelector("del")?.textContent).toBe("old");
  });

  it("shows raw HTML as text and never creates its elements", () => {
    const evil = '<script>window.pwned = 1</script>\n\nhi <img src=x onerror="alert(1)"> <b>bold</b>';
    const { container } = render(<Markdown text={evil} />);
    expect(container.querySelector("script, b, [onerror]")).toBeNull();
    expect(container.querySelector("img")).toBeNull();
    expect(container.textContent).toContain("<script>window.pwned = 1</script>");
    expect(container.textContent).toContain("<b>");
  });

  it("turns remote images into links instead of fetching them", () => {
    const { container } = render(<Markdown text="![a cat](https://example.com/cat.png)" />);
    expect(container.querySelector("img")).toBeNull();
    const a = screen.getByRole("link", { name: "Image: a cat" });
    expect(a.getAttribute("href")).toBe("https://example.com/cat.png");
  });

  it("opens links through the app, not in the webview, and drops javascript: URLs", () => {
    const open = vi.fn();
    render(
      <OpenLink.Provider value={open}>
        <Markdown text={"[docs](https://example.com/d) and [bad](javascript:alert(1))"} />
      </OpenLink.Provider>,
    );
    const ev = new MouseEvent("click", { bubbles: true, cancelable: true });
    screen.getByRole("link", { name: "docs" }).dispatchEvent(ev);
    expect(ev.defaultPrevented).toBe(true);
    expect(open).toHaveBeenCalledWith("https://example.com/d");
    expect(screen.queryByRole("link", { name: "bad" })).toBeNull();
  });

  it("highlights code blocks in known languages and copies them with keys masked", async () => {
    const write = vi.fn(async () => undefined);
    Object.defineProperty(navigator, "clipboard", { value: { writeText: write }, configurable: true });
    const { container } = render(<Markdown text={'```go\nfunc main() { key := "sk-ant-abcdefghijklmnop" }\n```'} />);
    expect(container.querySelector("code.hljs.language-go .hljs-keyword")?.textContent).toBe("func");
    fireEvent.click(screen.getByRole("button", { name: "Copy go" }));
    await waitFor(() => expect(write).toHaveBeenCalledWith('func main() { key := "[redacted]" }'));
    expect(await screen.findByText("Copied")).toBeTruthy();
  });

  it("shows unknown languages as plain escaped text", () => {
    const { container } = render(<Markdown text={"```brainfuck\n<b>x</b>\n```"} />);
    expect(container.querySelector("pre code b")).toBeNull();
    expect(container.querySelector("pre code")?.textContent).toBe("<b>x</b>");
  });

  it("keeps finished blocks' DOM while the last block streams", () => {
    const { container, rerender } = render(<Markdown text={"# Title\n\nfirst"} />);
    const h1 = container.querySelector("h1");
    rerender(<Markdown text={"# Title\n\nfirst para\n\nsecond"} />);
    expect(container.querySelector("h1")).toBe(h1);
    expect(container.querySelectorAll("p")).toHaveLength(2);
  });
});

describe("Markdown while streaming", () => {
  it("leaves the growing code block plain and highlights it once final", () => {
    const code = "```go\nfunc main() {\n";
    const { container, rerender } = render(<Markdown text={code} live />);
    expect(container.querySelector("code.hljs")).toBeNull();
    expect(container.querySelector("pre code")?.textContent).toContain("func main()");
    rerender(<Markdown text={code + "}\n```\n\nDone."} live />);
    expect(container.querySelector("code.hljs .hljs-keyword")?.textContent).toBe("func");
    rerender(<Markdown text={"```go\nfunc x() {}\n```"} />);
    expect(container.querySelector("code.hljs")).not.toBeNull();
  });
});
