// A loopback OpenAI Chat Completions server that streams scripted replies
// in the real SSE wire format, one reply per request, and records what the
// client sent. A reply is a list of steps: {text}, {reasoning}, {tool},
// {wait: ms}, {stamp: n} (a marker with the send time, for latency),
// {hold: true} (pause until release() or the client leaves; release lets
// every paused reply go on). GET /models
// lists models in OpenAI's shape (scriptedModels unless {models} says
// otherwise), for the composer's picker; with {modalities} GET /props says
// what the model takes, as llama.cpp does; with {key} it refuses a request
// not bearing that key, as a cloud provider does; auths records the
// Authorization header of every chat request.
import http from "node:http";

/** The models the scripted server lists at GET /models. */
export const scriptedModels = ["e2e-model", "e2e-fast", "e2e-reasoner"];

function chunk(delta, finish = null) {
  return `data: ${JSON.stringify({ id: "chatcmpl-e2e", object: "chat.completion.chunk", choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;
}

export async function startScriptedProvider(replies, { models = scriptedModels, key = "", modalities = null } = {}) {
  const requests = [];
  const auths = [];
  // Every reply paused on {hold} waits here; release lets them all go on.
  const holds = new Set();
  const srv = http.createServer(async (req, res) => {
    if (key && req.headers.authorization !== `Bearer ${key}`) {
      res.writeHead(401, { "content-type": "application/json" });
      res.end(JSON.stringify({ error: { message: "Incorrect API key provided." } }));
      return;
    }
    if (req.method === "GET" && req.url.endsWith("/props") && modalities) {
      // llama.cpp's /props: what the loaded model takes besides text.
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify({ modalities }));
      return;
    }
    if (req.method === "GET" && req.url.endsWith("/models") && models.length > 0) {
      res.writeHead(200, { "content-type": "application/json" });
      res.end(JSON.stringify({ object: "list", data: models.map((id) => ({ id, object: "model" })) }));
      return;
    }
    if (req.method !== "POST" || !req.url.endsWith("/chat/completions")) {
      res.writeHead(404).end();
      return;
    }
    let body = "";
    for await (const c of req) body += c;
    requests.push(JSON.parse(body));
    auths.push(req.headers.authorization ?? "");
    const reply = replies.shift();
    if (!reply) {
      res.writeHead(400, { "content-type": "application/json" });
      res.end(JSON.stringify({ error: { message: "the e2e script has no more replies" } }));
      return;
    }
    res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
    let gone = false;
    res.on("close", () => (gone = true));
    let toolIndex = 0;
    for (const step of reply) {
      if (gone) return;
      if (step.wait) await new Promise((r) => setTimeout(r, step.wait));
      else if (step.hold) await new Promise((r) => { holds.add(r); res.on("close", r); });
      else if (step.text !== undefined) res.write(chunk({ content: step.text }));
      else if (step.stamp !== undefined) res.write(chunk({ content: `[[${step.stamp}:${Date.now()}]] ` }));
      else if (step.reasoning !== undefined) res.write(chunk({ reasoning_content: step.reasoning }));
      else if (step.tool) {
        res.write(chunk({ tool_calls: [{ index: toolIndex, id: step.tool.id, type: "function", function: { name: step.tool.name, arguments: JSON.stringify(step.tool.args) } }] }));
        toolIndex++;
      }
    }
    if (gone) return;
    res.write(chunk({}, toolIndex > 0 ? "tool_calls" : "stop"));
    res.write(`data: ${JSON.stringify({ choices: [], usage: { prompt_tokens: 1200, completion_tokens: 80 } })}\n\n`);
    res.end("data: [DONE]\n\n");
  });
  await new Promise((r) => srv.listen(0, "127.0.0.1", r));
  return {
    url: `http://127.0.0.1:${srv.address().port}/v1`,
    requests,
    auths,
    release: () => {
      for (const r of holds) r();
      holds.clear();
    },
    close: () => new Promise((r) => { srv.closeAllConnections(); srv.close(r); }),
  };
}
