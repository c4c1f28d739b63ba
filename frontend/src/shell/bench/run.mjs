/* global process, console, window */
// Shell rendering benchmarks in real Chromium: builds entry.tsx with Vite
// into a temp dir, serves it on 127.0.0.1 and prints the figures as JSON
// (plus light and dark screenshots in the printed directory).
//   node src/shell/bench/run.mjs            (from frontend/)
//   CHROMIUM=/path/to/chrome SESSIONS=500 RESULTS=200 node src/shell/bench/run.mjs
import path from "node:path";
import { serveBench } from "../../bench/serve.mjs";

const here = import.meta.dirname;
// The backend lists at most 500 sessions and returns at most 200 results.
const nSessions = Number(process.env.SESSIONS ?? 500);
const nResults = Number(process.env.RESULTS ?? 200);

async function main() {
  const { url, browser, out, close } = await serveBench(here, "shell-bench");
  const errors = [];
  const open = async (scheme = "light") => {
    const page = await browser.newPage({ viewport: { width: 1100, height: 760 }, colorScheme: scheme });
    page.on("pageerror", (e) => errors.push(String(e)));
    page.on("crash", () => console.error("page crashed"));
    page.on("console", (m) => m.type() === "error" && !m.text().includes("404") && errors.push(m.text()));
    await page.goto(url);
    await page.waitForFunction(() => "shellBench" in window);
    return page;
  };
  try {
    const results = {};
    let page = await open();
    results.sidebar = await page.evaluate((n) => window.shellBench.sidebar(n), nSessions);
    await page.close();
    page = await open();
    results.search = await page.evaluate((n) => window.shellBench.search(n), nResults);
    await page.close();
    for (const scheme of ["light", "dark"]) {
      page = await open(scheme);
      await page.evaluate(() => window.shellBench.search(20));
      await page.screenshot({ path: path.join(out, `search-${scheme}.png`) });
      await page.keyboard.press("Escape");
      await page.evaluate(() => window.shellBench.sidebar(40));
      await page.locator(".session-open").first().focus();
      await page.keyboard.press("Control+/");
      await page.screenshot({ path: path.join(out, `help-${scheme}.png`) });
      await page.close();
    }
    results.errors = errors;
    results.screenshots = out;
    console.log(JSON.stringify(results, null, 2));
  } finally {
    await close({ keep: true });
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
