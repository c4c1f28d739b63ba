// Which turns the message list renders: a window [first, last) over the
// conversation that slides a step at a time as the reader scrolls, so the
// DOM stays small however long the session is. Pure, for testing.

export interface ListWindow {
  turns: number;
  first: number;
  last: number;
}

/** Turns added or dropped per step: small enough that a step is never a long task. */
export const STEP = 5;
/** A history opens with this many turns (filled a step per frame). */
export const INITIAL = 20;
/** The most turns rendered at once. */
export const MAX = 50;

export function initialWindow(turns: number): ListWindow {
  return { turns, first: Math.max(0, turns - STEP), last: turns };
}

/** follow adapts the window to a new turn count. */
export function follow(w: ListWindow, turns: number): ListWindow {
  if (turns === w.turns) return w;
  if (turns < w.turns || w.last > turns) return initialWindow(turns);
  // A new turn re-pins the list to the end, even from deep in the history.
  if (w.last !== w.turns) return toEnd({ ...w, turns });
  if (turns - w.turns > STEP) return initialWindow(turns); // a history arrived at once
  return { turns, last: turns, first: Math.max(w.first, turns - MAX) };
}

export function older(w: ListWindow): ListWindow {
  if (w.first === 0) return w;
  const first = Math.max(0, w.first - STEP);
  return { ...w, first, last: Math.min(w.last, first + MAX) };
}

export function newer(w: ListWindow): ListWindow {
  if (w.last === w.turns) return w;
  const last = Math.min(w.turns, w.last + STEP);
  return { ...w, last, first: Math.max(w.first, last - MAX) };
}

export function toEnd(w: ListWindow): ListWindow {
  return { ...w, last: w.turns, first: Math.max(0, w.turns - INITIAL) };
}

/** filling is true while a freshly opened history is still growing to INITIAL turns. */
export function filling(w: ListWindow): boolean {
  return w.last === w.turns && w.first > 0 && w.last - w.first < INITIAL;
}
