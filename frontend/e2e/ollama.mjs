// A loopback server speaking the parts of Ollama's API Hearth uses: the
// OpenAI-compatible model list (/v1/models) and streaming chat
// (/v1/chat/completions), /api/tags and /api/show. Every chat request is
// answered with `answer`, streamed word by word.
import http from "node:http";

export async function startFakeOllama(models, answer) {
  const requests = [];
  const srv = http.createServer(async (req, res) => {
    let body = "";
    for await (const c of req) body += c;
    const json = (code, v) => {
      res.writeHead(code, { "content-type": "application/json" });
      res.end(JSON.stringify(v));
    };
    if (req.method === "GET" && req.url === "/v1/models") {
      return json(200, { object: "list", data: models.map((id) => ({ id, object: "model", created: 1700000000, owned_by: "library" })) });
    }
    if (req.method === "GET" && req.url === "/api/tags") {
      return json(200, { models: models.map((name) => ({ name, model: name, size: 1, details: { family: "qwen3" } })) });
    }
    if (req.method === "POST" && req.url === "/api/show") {
      return json(200, { model_info: { "general.architecture": "qwen3", "qwen3.context_length": 32768 } });
    }
    if (req.method === "POST" && req.url === "/v1/chat/completions") {
      const r = JSON.parse(body);
      requests.push(r);
      if (!models.includes(r.model)) return json(404, { error: { message: `model "${r.model}" not found, try pulling it first` } });
      res.writeHead(200, { "content-type": "text/event-stream" });
      const chunk = (delta, finish = null) =>
        res.write(`data: ${JSON.stringify({ id: "chatcmpl-1", object: "chat.completion.chunk", created: 1, model: r.model, system_fingerprint: "fp_ollama", choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`);
      chunk({ role: "assistant", content: "" });
      for (const w of answer.split(/(?<= )/)) {
        chunk({ content: w });
        await new Promise((ok) => setTimeout(ok, 20));
      }
      chunk({}, "stop");
      res.write(`data: ${JSON.stringify({ id: "chatcmpl-1", object: "chat.completion.chunk", choices: [], usage: { prompt_tokens: 900, completion_tokens: 12, total_tokens: 912 } })}\n\n`);
      return res.end("data: [DONE]\n\n");
    }
    json(404, { error: "not found" });
  });
  await new Promise((r) => srv.listen(0, "127.0.0.1", r));
  const host = `http://127.0.0.1:${srv.address().port}`;
  return { host, requests, close: () => new Promise((r) => { srv.closeAllConnections(); srv.close(r); }) };
}
