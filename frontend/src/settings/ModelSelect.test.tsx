import { fireEvent, render, screen } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { ModelSelect } from "./ModelSelect";

describe("ModelSelect", () => {
  it("picks from the live list, not a hidden datalist", () => {
    const onChange = vi.fn();
    render(<ModelSelect id="m" value="" models={["a", "b"]} defaultLabel="Default" onChange={onChange} />);
    const select = screen.getByRole("combobox");
    expect(select.tagName).toBe("SELECT");
    fireEvent.change(select, { target: { value: "b" } });
    expect(onChange).toHaveBeenCalledWith("b");
  });

  it("Other model… turns it into a text field saved on Enter", () => {
    const onChange = vi.fn();
    render(<ModelSelect id="m" value="a" models={["a", "b"]} defaultLabel="Default" onChange={onChange} />);
    fireEvent.change(screen.getByRole("combobox"), { target: { value: "\u0000other" } });
    const input = screen.getByRole("textbox");
    fireEvent.change(input, { target: { value: " my-finetune " } });
    fireEvent.keyDown(input, { key: "Enter" });
    expect(onChange).toHaveBeenCalledWith("my-finetune");
    fireEvent.click(screen.getByRole("button", { name: "Pick from the list" }));
    expect(screen.getByRole("combobox")).toBeTruthy();
  });

  it("is a text field when the provider could not list its models, and shows a saved name not in the list", () => {
    const onChange = vi.fn();
    const { rerender } = render(<ModelSelect id="m" value="" models={[]} defaultLabel="Default" onChange={onChange} />);
    const input = screen.getByRole("textbox");
    fireEvent.change(input, { target: { value: "llama3" } });
    fireEvent.blur(input);
    expect(onChange).toHaveBeenCalledWith("llama3");
    rerender(<ModelSelect id="m" value="unlisted" models={["a"]} defaultLabel="Default" onChange={onChange} />);
    expect((screen.getByRole("textbox") as HTMLInputElement).value).toBe("unlisted");
  });
});
