// Run inside sandbox.sh by package-test.sh: the installed hearth runs one
// headless turn against the scripted loopback provider, reading a file of
// the workspace with a tool, and prints the model's answer.
import assert from "node:assert/strict";
import { spawn } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { startScriptedProvider } from "../frontend/e2e/provider.mjs";

const bin = process.argv[2];
assert.ok(bin, "usage: package-run.mjs BINARY");
const ws = mkdtempSync(join(tmpdir(), "hearth-package-ws-"));
writeFileSync(join(ws, "notes.txt"), "buy milk\n");
const provider = await startScriptedProvider([
  [{ tool: { id: "call-1", name: "read_file", args: { path: "notes.txt" } } }],
  [{ text: "Your notes say: buy milk." }],
]);
try {
  const child = spawn(bin, ["run", "--workspace", ws, "--provider", "openai-compatible", "--base-url", provider.url,
    "--model", "e2e-model", "What do my notes say?"], { stdio: ["ignore", "pipe", "pipe"] });
  let stdout = "", stderr = "";
  child.stdout.on("data", (d) => (stdout += d));
  child.stderr.on("data", (d) => (stderr += d));
  const code = await new Promise((ok) => child.on("exit", ok));
  assert.equal(code, 0, `hearth run exited ${code}: ${stderr}`);
  assert.match(stdout, /Your notes say: buy milk\./);
  assert.equal(provider.requests.length, 2, "one request for the tool call, one after its result");
  const toolResult = provider.requests[1].messages.find((m) => m.role === "tool");
  assert.ok(toolResult && String(JSON.stringify(toolResult.content)).includes("buy milk"), "the file's text went back to the model");
  console.log("hearth run from the package: 1 passed, 0 failed");
} finally {
  await provider.close();
}
