// bench/first-request.mjs: how soon `hearth run "hi!"` reaches the model,
// a fresh process each time: exec → the first request at a loopback
// OpenAI-compatible server (which answers "ok"), and exec → exit; medians
// of RUNS (default 11) after one unmeasured run. Run inside
// scripts/sandbox.sh, which gives it a clean HOME and no keyring to wait on:
//   scripts/sandbox.sh node bench/first-request.mjs BINARY [RUNS]
import { spawn } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";

const [bin, runs = "11"] = process.argv.slice(2);
if (!bin) throw new Error("usage: node bench/first-request.mjs BINARY [RUNS]");
const ws = mkdtempSync(path.join(os.tmpdir(), "hearth-first-"));
writeFileSync(path.join(ws, "README.md"), "A folder to run in.\n");

let firstAt = 0;
const server = http.createServer((req, res) => {
  if (firstAt === 0) firstAt = performance.now();
  req.resume();
  req.on("end", () => {
    res.writeHead(200, { "Content-Type": "text/event-stream" });
    res.end('data: {"choices":[{"index":0,"delta":{"content":"ok"},"finish_reason":"stop"}]}\n\ndata: [DONE]\n\n');
  });
});
await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
const url = `http://127.0.0.1:${server.address().port}/v1`;

const first = [];
const whole = [];
for (let i = 0; i <= Number(runs); i++) {
  firstAt = 0;
  const start = performance.now();
  const child = spawn(bin, ["run", "--provider", "openai-compatible", "--base-url", url, "--model", "m", "--workspace", ws, "hi!"], {
    stdio: ["ignore", "ignore", "ignore"],
  });
  const code = await new Promise((resolve) => child.on("exit", resolve));
  if (code !== 0 || firstAt === 0) throw new Error(`hearth run exited ${code} ${firstAt === 0 ? "before any request" : ""}`);
  if (i > 0) {
    first.push(firstAt - start);
    whole.push(performance.now() - start);
  }
}
server.close();
const median = (a) => [...a].sort((x, y) => x - y)[a.length >> 1].toFixed(1);
console.log(`first request: hearth run "hi!" exec -> first model request median ${median(first)} ms, exec -> exit ${median(whole)} ms over ${runs} runs`);
