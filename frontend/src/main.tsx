import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./App";
import { backend } from "./bridge";
import "./styles.css";

const root = document.getElementById("root");
if (!root) throw new Error("missing #root");
createRoot(root).render(
  <StrictMode>
    <App backend={backend} />
  </StrictMode>,
);

// Two frames after render the first paint has happened; tell the backend
// (it only logs when startup tracing is on).
requestAnimationFrame(() => requestAnimationFrame(() => void backend.markFirstPaint().catch(() => undefined)));

// Save the window's size shortly after the user stops resizing it.
let resizeTimer: ReturnType<typeof setTimeout> | undefined;
window.addEventListener("resize", () => {
  clearTimeout(resizeTimer);
  resizeTimer = setTimeout(() => void backend.rememberWindow().catch(() => undefined), 400);
});
