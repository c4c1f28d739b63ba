// Background work in the browser's idle time, one small task per slot, so
// it never delays a frame. WebKit (the macOS and Linux webviews) has no
// requestIdleCallback: there a short timeout stands in.

type Cancel = () => void;

function schedule(fn: () => void): Cancel {
  if (typeof window.requestIdleCallback === "function") {
    const id = window.requestIdleCallback(fn, { timeout: 2000 });
    return () => window.cancelIdleCallback(id);
  }
  const id = window.setTimeout(fn, 50);
  return () => window.clearTimeout(id);
}

/** whenIdle runs tasks in order, one per idle slot; the result cancels the rest. */
export function whenIdle(tasks: (() => void)[]): Cancel {
  let i = 0;
  let cancel: Cancel = () => undefined;
  const next = () => {
    const task = tasks[i++];
    if (!task) return;
    task();
    cancel = schedule(next);
  };
  cancel = schedule(next);
  return () => cancel();
}
