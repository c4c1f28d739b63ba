// The app runs its React code on Preact's compat layer, and so do the tests:
// Vitest resolves "@testing-library/react" here. It is Preact's testing
// library with React's habits the tests rely on: act first renders what was
// queued outside it, an awaited act also settles what the settled promises
// scheduled, and events go by the names compat listens to (a text field's
// change is an input; focus is also a focusin, as React Testing Library
// fires it).
import * as preactLib from "@testing-library/preact";
import { options } from "preact";
import { act as preactAct } from "preact/test-utils";

export * from "@testing-library/preact";

type Target = Document | Element | Window | Node;

// Taken before a test fakes the timers: the turn act waits is a real one.
const realSetTimeout = globalThis.setTimeout;

const isThenable = (v: unknown): v is PromiseLike<unknown> =>
  typeof v === "object" && v !== null && typeof (v as { then?: unknown }).then === "function";

// Renders queued outside act (an event a test caused directly, a promise
// settled) run on the next microtask, as Preact's own do, or at the start of
// the next act, as React's act renders them.
let queued: (() => void) | undefined;
const renderQueued = () => {
  const render = queued;
  queued = undefined;
  render?.();
};
options.debounceRendering = (render) => {
  queued = render;
  queueMicrotask(renderQueued);
};

/**
 * act runs cb and renders what it changed; awaited, it also lets the
 * promises cb settled run their reactions (one turn of the event loop), as
 * React's act does, and renders those too.
 */
export function act<T>(cb: () => T): T {
  let out: unknown;
  renderQueued();
  const done: unknown = preactAct(() => {
    out = cb();
    return isThenable(out) ? Promise.resolve(out).then(() => undefined) : undefined;
  });
  // Preact's act returns a promise even for a callback that returned none;
  // only an awaited callback gets the extra turn.
  if (!isThenable(out)) return out as T;
  return (async () => {
    await done;
    await preactAct(() => new Promise<void>((resolve) => realSetTimeout(resolve, 0)));
    return out;
  })() as T;
}

type Fire = (el: Target, init?: object) => boolean;
type EventName = keyof typeof preactLib.createEvent;

// Preact listens to on<Event> by its own case where the element has no
// on<event> property (happy-dom lacks some, such as ondrop), so such an
// event is fired by that name.
const fireAs =
  (name: EventName): Fire =>
  (el, init) =>
    preactLib.fireEvent(
      el,
      `on${name.toLowerCase()}` in el ? preactLib.createEvent[name](el, init) : preactLib.createEvent(name.charAt(0).toUpperCase() + name.slice(1), el, init),
    );

// compat turns onChange of a text field into an input listener (see
// preact/compat's render.js), not of a select, checkbox, radio or file.
const isTextField = (el: Target): boolean =>
  (el instanceof HTMLInputElement && !/fil|che|rad/.test(el.type)) || el instanceof HTMLTextAreaElement;

const byName = Object.fromEntries(Object.keys(preactLib.createEvent).map((k) => [k, fireAs(k as EventName)])) as Record<EventName, Fire>;

export const fireEvent = Object.assign((el: Target, event: Event) => preactLib.fireEvent(el, event), byName, {
  change: ((el, init) => (isTextField(el) ? byName.input(el, init) : byName.change(el, init))) as Fire,
  focus: ((el, init) => byName.focus(el, init) && byName.focusIn(el, init)) as Fire,
  blur: ((el, init) => byName.blur(el, init) && byName.focusOut(el, init)) as Fire,
  doubleClick: byName.dblClick,
});

// Events fire inside this act, so what was queued before them renders too.
preactLib.configure({
  eventWrapper: (cb) => {
    let out: unknown;
    act(() => {
      out = cb();
    });
    return out;
  },
});
