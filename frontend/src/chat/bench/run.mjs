/* global process, console, window */
// Chat rendering benchmarks in real Chromium: builds entry.tsx with Vite
// into a temp dir, serves it on 127.0.0.1 and prints the figures as JSON.
//   node src/chat/bench/run.mjs            (from frontend/)
//   CHROMIUM=/path/to/chrome TURNS=2000 RATE=100 node src/chat/bench/run.mjs
import path from "node:path";
import { serveBench } from "../../bench/serve.mjs";

const here = import.meta.dirname;
const rate = Number(process.env.RATE ?? 100);
const turns = Number(process.env.TURNS ?? 2000);


async function main() {
  const { url, browser, out, close } = await serveBench(here, "chat-bench");
  try {
    const results = {};
    const page = await browser.newPage({ viewport: { width: 1200, height: 800 } });
    const errors = [];
    page.on("pageerror", (e) => errors.push(String(e)));
    page.on("console", (m) => m.type() === "error" && !m.text().includes("404") && errors.push(m.text()));
    await page.goto(url);
    await page.waitForFunction(() => "chatBench" in window);
    results.stream = await page.evaluate(([r]) => window.chatBench.stream("live", r, 40), [rate]);
    await page.screenshot({ path: path.join(out, "stream.png") });
    await page.close();
    const page2 = await browser.newPage({ viewport: { width: 1200, height: 800 } });
    page2.on("pageerror", (e) => errors.push(String(e)));
    await page2.goto(url);
    await page2.waitForFunction(() => "chatBench" in window);
    results.session = await page2.evaluate(([n]) => window.chatBench.session(n), [turns]);
    await page2.screenshot({ path: path.join(out, "session.png") });
    for (const scheme of ["light", "dark"]) {
      const g = await browser.newPage({ viewport: { width: 1100, height: 900 }, colorScheme: scheme });
      g.on("pageerror", (e) => errors.push(String(e)));
      await g.goto(url);
      await g.waitForFunction(() => "chatBench" in window);
      await g.evaluate(() => window.chatBench.gallery());
      await g.waitForTimeout(300);
      await g.screenshot({ path: path.join(out, `gallery-${scheme}.png`) });
      await g.close();
    }
    results.errors = errors;
    results.screenshots = out;
    console.log(JSON.stringify(results, null, 2));
  } finally {
    await close({ keep: process.env.KEEP === "1" });
  }
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
