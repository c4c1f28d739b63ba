// Two frames after load the first paint has happened, as in Hearth's main.tsx.
requestAnimationFrame(() => requestAnimationFrame(() => window.go.main.Page.MarkFirstPaint()));
