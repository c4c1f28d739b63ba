import { StrictMode } from "react";
import { createRoot } from "react-dom/client";
import { App } from "./App";
import { backend } from "./bridge";
import { prefsBackend } from "./bridge/prefs";
import "./styles.css";
import { applyTheme, watchSystemTheme } from "./theme";

// public/theme.js painted the cached choice; settings.json is the truth.
watchSystemTheme();
void prefsBackend.theme().then(applyTheme, () => undefined);

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
