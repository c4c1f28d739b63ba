// Runs before the first paint (a plain script in <head>): the theme chosen
// in Settings, which the app writes in front of this file (app/theme_script.go),
// else the one last cached by src/theme.ts, so a light choice on a dark
// system (or the reverse) never flashes. Settings stay the source of truth.
(function () {
  var choice = window.hearthTheme || null;
  if (!choice) {
    try {
      choice = localStorage.getItem("hearth.theme");
    } catch {
      // storage blocked: follow the system
    }
  }
  var dark = choice === "dark" || (choice !== "light" && window.matchMedia("(prefers-color-scheme: dark)").matches);
  document.documentElement.setAttribute("data-theme", dark ? "dark" : "light");
})();
