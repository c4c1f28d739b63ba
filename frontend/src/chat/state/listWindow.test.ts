import { describe, expect, it } from "vitest";
import { filling, follow, initialWindow, INITIAL, MAX, newer, older, STEP, toEnd, type ListWindow } from "./listWindow";

const w = (turns: number, first: number, last: number): ListWindow => ({ turns, first, last });

describe("list window", () => {
  it("opens a long history at its end with one step, then fills to INITIAL", () => {
    let x = initialWindow(2000);
    expect(x).toEqual(w(2000, 2000 - STEP, 2000));
    let steps = 0;
    while (filling(x)) {
      x = older(x);
      steps++;
    }
    expect(x.last - x.first).toBe(INITIAL);
    expect(steps).toBe(INITIAL / STEP - 1);
    expect(filling(initialWindow(3))).toBe(false);
  });

  it("follows turns added one by one at the end, never rendering more than MAX", () => {
    let x = w(100, 50, 100);
    for (let t = 101; t <= 120; t++) x = follow(x, t);
    expect(x).toEqual(w(120, 120 - MAX, 120));
  });

  it("brings the window to the end when a turn arrives while reading history", () => {
    expect(follow(w(100, 20, 60), 101)).toEqual(w(101, 101 - INITIAL, 101));
  });

  it("jumps to the end for a whole history or a reset", () => {
    expect(follow(w(5, 0, 5), 500)).toEqual(initialWindow(500));
    expect(follow(w(500, 100, 160), 0)).toEqual(initialWindow(0));
  });

  it("slides up and down a step at a time, trimming the far side", () => {
    let x = w(1000, 1000 - MAX, 1000);
    for (let i = 0; i < 10; i++) x = older(x);
    const first = 1000 - MAX - 10 * STEP;
    expect(x).toEqual(w(1000, first, first + MAX));
    x = newer(x);
    expect(x).toEqual(w(1000, first + STEP, first + MAX + STEP));
    expect(older(w(10, 0, 10))).toEqual(w(10, 0, 10));
    expect(newer(w(10, 0, 10))).toEqual(w(10, 0, 10));
  });

  it("jumps back to the latest turns", () => {
    expect(toEnd(w(1000, 100, 160))).toEqual(w(1000, 1000 - INITIAL, 1000));
  });
});
