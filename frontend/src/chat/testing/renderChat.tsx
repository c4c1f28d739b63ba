// Renders ChatView against the fake backend for the ChatView tests.
import { act, render, screen } from "@testing-library/react";
import { vi } from "vitest";
import { ChatView } from "../components/ChatView";
import { fakeBackend, nextFrame, type FakeBackend } from "./fakeBackend";
import type { ChatEvent } from "../../bridge/protocol";

export const ws = { path: "/home/me/proj", name: "proj" };

export function setup() {
  const backend = fakeBackend(ws);
  const onOpenSettings = vi.fn();
  render(<ChatView backend={backend} workspace={ws} onOpenSettings={onOpenSettings} />);
  const input = screen.getByLabelText("Message") as HTMLTextAreaElement;
  return { backend, onOpenSettings, input };
}

/** play emits events and lets the view render them. */
export async function play(backend: FakeBackend, ...events: ChatEvent[]) {
  await act(async () => {
    backend.emit(...events);
    await nextFrame();
  });
}
