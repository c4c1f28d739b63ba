import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { describe, expect, it, vi } from "vitest";
import { AttachmentTray, MessageAttachments, StoredAttachments } from "./Attachments";
import { MAX_ATTACH_BYTES, MAX_ATTACHMENTS, humanSize, payloadOf, readAttachments, uniqueNames } from "../state/attachments";
import { Composer, NO_VISION } from "./Composer";

const PNG = Uint8Array.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const png = (name = "shot.png") => new File([PNG], name, { type: "image/png" });
const sized = (name: string, type: string, size: number) => ({ name, type, size, arrayBuffer: async () => new ArrayBuffer(size) });

describe("readAttachments", () => {
  it("reads images and PDFs as data URLs and names what it leaves out", async () => {
    const r = await readAttachments([
      png(),
      sized("spec.pdf", "application/pdf", 4),
      sized("notes.txt", "text/plain", 3),
      sized("huge.png", "image/png", MAX_ATTACH_BYTES + 1),
      sized("empty.gif", "image/gif", 0),
      sized("noext", "", 5),
      sized("photo.JPG", "", 2),
    ]);
    expect(r.drafts.map((d) => [d.name, d.mediaType, d.size])).toEqual([
      ["shot.png", "image/png", 8],
      ["spec.pdf", "application/pdf", 4],
      ["photo.JPG", "image/jpeg", 2],
    ]);
    expect(payloadOf(r.drafts[0]?.dataUrl ?? "")).toBe("iVBORw0KGgo=");
    expect(r.skipped).toEqual([
      "notes.txt (not a PNG, JPEG, GIF, WebP image or PDF)",
      "huge.png (20.0 MB, over 20.0 MB)",
      "empty.gif (empty)",
      "noext (not a PNG, JPEG, GIF, WebP image or PDF)",
    ]);
  });

  it("stops at the most files one message takes", async () => {
    const r = await readAttachments([png("a.png"), png("b.png")], MAX_ATTACHMENTS - 1);
    expect(r.drafts.map((d) => d.name)).toEqual(["a.png"]);
    expect(r.skipped).toEqual([`b.png (at most ${MAX_ATTACHMENTS} files go with one message)`]);
  });

  it("numbers pasted screenshots that share a name", () => {
    const got = uniqueNames([{ name: "image.png" }], [{ name: "image.png" }, { name: "image.png" }, { name: "x" }]);
    expect(got.map((d) => d.name)).toEqual(["image-2.png", "image-3.png", "x"]);
  });

  it("sizes for people", () => {
    expect([humanSize(900), humanSize(2048), humanSize(3 * 1024 * 1024)]).toEqual(["900 bytes", "2.0 KB", "3.0 MB"]);
  });
});

describe("AttachmentTray", () => {
  const draft = { id: "a1", name: "shot.png", mediaType: "image/png", size: 2048, dataUrl: "data:image/png;base64,iVBORw0KGgo=" };

  it("shows a thumbnail with the size, removes it, and previews it on click", () => {
    const onRemove = vi.fn();
    render(<AttachmentTray drafts={[draft]} onRemove={onRemove} />);
    const open = screen.getByRole("button", { name: "Preview shot.png 2.0 KB" });
    expect(open.querySelector("img")?.getAttribute("src")).toBe(draft.dataUrl);
    fireEvent.click(screen.getByRole("button", { name: "Remove shot.png" }));
    expect(onRemove).toHaveBeenCalledWith("a1");
    fireEvent.click(open);
    const dialog = screen.getByRole("dialog", { name: "Preview of shot.png" });
    expect(dialog.querySelector("img.attachment-large")?.getAttribute("src")).toBe(draft.dataUrl);
    fireEvent.keyDown(dialog, { key: "Escape" });
    expect(screen.queryByRole("dialog")).toBeNull();
  });
});

describe("MessageAttachments", () => {
  it("loads a stored attachment by its digest, and says when it is gone", async () => {
    const load = vi.fn(async (sha: string) => {
      if (sha === "gone") throw new Error("no such attachment");
      return "data:image/png;base64,AAAA";
    });
    render(
      <StoredAttachments.Provider value={load}>
        <MessageAttachments
          items={[
            { name: "shot.png", mediaType: "image/png", size: 10, sha256: "abc" },
            { name: "old.png", mediaType: "image/png", size: 10, sha256: "gone" },
          ]}
        />
      </StoredAttachments.Provider>,
    );
    await waitFor(() => expect(screen.getByRole("button", { name: /shot\.png/ }).querySelector("img")?.getAttribute("src")).toBe("data:image/png;base64,AAAA"));
    await waitFor(() => expect(screen.getByText("no longer stored")).toBeTruthy());
    expect(load).toHaveBeenCalledWith("abc");
  });
});

describe("Composer attachments", () => {
  // A pasted file is read before it shows; wait for its chip.
  async function paste(input: HTMLElement, files: File[]) {
    act(() => {
      fireEvent.paste(input, { clipboardData: { files, getData: () => "" } });
    });
    for (const f of files) await screen.findByRole("button", { name: `Remove ${f.name}` });
  }

  it("takes a pasted image as a thumbnail and sends it with the text", async () => {
    const onSend = vi.fn(async () => true);
    render(<Composer streaming={false} onSend={onSend} onStop={vi.fn()} vision />);
    const input = screen.getByLabelText("Message");
    await paste(input, [png()]);
    expect(screen.getByRole("button", { name: "Preview shot.png 8 bytes" })).toBeTruthy();
    fireEvent.change(input, { target: { value: "what is this?" } });
    await act(async () => {
      fireEvent.submit(screen.getByRole("form", { name: "Message composer" }));
    });
    expect(onSend).toHaveBeenCalledWith("what is this?", [expect.objectContaining({ name: "shot.png", mediaType: "image/png", dataUrl: "data:image/png;base64,iVBORw0KGgo=" })]);
    expect(screen.queryByRole("list", { name: "Attachments" })).toBeNull();
  });

  it("warns before sending an image to a model that cannot see, and sends without it on request", async () => {
    const onSend = vi.fn(async () => true);
    render(<Composer streaming={false} onSend={onSend} onStop={vi.fn()} vision={false} />);
    const input = screen.getByLabelText("Message");
    await paste(input, [png()]);
    expect(screen.getByRole("alert").textContent).toContain(NO_VISION);
    fireEvent.change(input, { target: { value: "look" } });
    await act(async () => {
      fireEvent.submit(screen.getByRole("form", { name: "Message composer" }));
    });
    expect(onSend).not.toHaveBeenCalled();
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Send without" }));
    });
    expect(onSend).toHaveBeenCalledWith("look");
  });

  it("puts the attachments back when the message was not taken", async () => {
    const onSend = vi.fn(async () => false);
    render(<Composer streaming={false} onSend={onSend} onStop={vi.fn()} />);
    const input = screen.getByLabelText("Message");
    await paste(input, [png()]);
    fireEvent.change(input, { target: { value: "look" } });
    await act(async () => {
      fireEvent.submit(screen.getByRole("form", { name: "Message composer" }));
    });
    expect(screen.getByRole("button", { name: "Remove shot.png" })).toBeTruthy();
    expect((input as HTMLTextAreaElement).value).toBe("look");
  });

  it("sends an image alone, with no text; nothing at all stays unsendable", async () => {
    const onSend = vi.fn(async () => true);
    render(<Composer streaming={false} onSend={onSend} onStop={vi.fn()} vision />);
    const input = screen.getByLabelText("Message");
    const send = screen.getByRole("button", { name: "Send" });
    expect((send as HTMLButtonElement).disabled).toBe(true);
    await paste(input, [png()]);
    expect((send as HTMLButtonElement).disabled).toBe(false);
    fireEvent.change(input, { target: { value: "  " } });
    await act(async () => {
      fireEvent.submit(screen.getByRole("form", { name: "Message composer" }));
    });
    expect(onSend).toHaveBeenCalledWith("", [expect.objectContaining({ name: "shot.png" })]);
    expect((send as HTMLButtonElement).disabled).toBe(true);
  });

  it("does not send an empty message when an image alone is sent without it", async () => {
    const onSend = vi.fn(async () => true);
    render(<Composer streaming={false} onSend={onSend} onStop={vi.fn()} vision={false} />);
    await paste(screen.getByLabelText("Message"), [png()]);
    await act(async () => {
      fireEvent.click(screen.getByRole("button", { name: "Send without" }));
    });
    expect(onSend).not.toHaveBeenCalled();
  });

  it("attaches dropped images and picked files", async () => {
    render(<Composer streaming={false} onSend={vi.fn(async () => true)} onStop={vi.fn()} />);
    const form = screen.getByRole("form", { name: "Message composer" });
    act(() => {
      fireEvent.drop(form, { dataTransfer: { files: [png("dropped.png")], types: ["Files"] } });
    });
    await screen.findByRole("button", { name: "Remove dropped.png" });
    const picker = screen.getByTestId("attach-input");
    act(() => {
      fireEvent.change(picker, { target: { files: [png("picked.png")] } });
    });
    await screen.findByRole("button", { name: "Remove picked.png" });
    expect(screen.getAllByRole("button", { name: /^Remove / }).map((b) => b.getAttribute("aria-label"))).toEqual(["Remove dropped.png", "Remove picked.png"]);
  });
});
