// A loopback OpenAI Chat Completions server streaming scripted replies, one
// per turn request, in the order the tests send them. A request offering
// no tools is the conversation asking for a title: it is answered on the
// side, so the script's order does not depend on when titling runs. A
// reply is a list of steps: {text}, {reasoning}, {tool}, {hold: true}
// (stream nothing more until the client leaves).
import http from 'node:http';

function chunk(delta, finish = null) {
  return `data: ${JSON.stringify({ id: 'chatcmpl-acp', object: 'chat.completion.chunk', choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;
}

export async function startScriptedProvider(replies) {
  const requests = [];
  const srv = http.createServer(async (req, res) => {
    if (req.method !== 'POST' || !req.url.endsWith('/chat/completions')) {
      res.writeHead(404).end();
      return;
    }
    let body = '';
    for await (const c of req) body += c;
    const parsed = JSON.parse(body);
    let reply = [{ text: 'E2E title' }];
    if (parsed.tools?.length) {
      requests.push(parsed);
      reply = replies.shift();
    }
    if (!reply) {
      res.writeHead(400, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ error: { message: 'the e2e script has no more replies' } }));
      return;
    }
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
    let gone = false;
    res.on('close', () => (gone = true));
    let tools = 0;
    for (const step of reply) {
      if (gone) return;
      if (step.hold) await new Promise((r) => res.on('close', r));
      else if (step.text !== undefined) res.write(chunk({ content: step.text }));
      else if (step.reasoning !== undefined) res.write(chunk({ reasoning_content: step.reasoning }));
      else if (step.tool) {
        res.write(chunk({ tool_calls: [{ index: tools++, id: step.tool.id, type: 'function',
          function: { name: step.tool.name, arguments: JSON.stringify(step.tool.args) } }] }));
      }
    }
    if (gone) return;
    res.write(chunk({}, tools > 0 ? 'tool_calls' : 'stop'));
    res.end('data: [DONE]\n\n');
  });
  await new Promise((r) => srv.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${srv.address().port}/v1`,
    requests,
    close: () => new Promise((r) => { srv.closeAllConnections(); srv.close(r); }),
  };
}
