// hearth serve, the real binary, against the official OpenAI Node SDK: the
// issue's done-when. The model is a scripted OpenAI-compatible server on
// 127.0.0.1 that asks for notes.txt and answers with what the tool read.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import OpenAI from 'openai';

const bin = resolve(process.env.HEARTH_BIN ?? '../../build/bin/hearth');
const token = 'e2e-token-8f2a';

function sse(res, chunks) {
  res.writeHead(200, { 'Content-Type': 'text/event-stream' });
  for (const c of chunks) res.write(`data: ${JSON.stringify(c)}\n\n`);
  res.end('data: [DONE]\n\n');
}

// The scripted model: a read_file call first, then an answer quoting the
// tool's result. A request demanding a tool call gets a call of the
// client's get_weather; one asking it to think gets its thoughts first.
function startModel() {
  let calls = 0;
  const choices = [];
  const server = createServer((req, res) => {
    if (req.method !== 'POST' || !req.url.endsWith('/chat/completions')) {
      res.writeHead(404).end();
      return;
    }
    let body = '';
    req.on('data', (d) => (body += d));
    req.on('end', () => {
      calls++;
      const { messages, tool_choice } = JSON.parse(body);
      choices.push(tool_choice);
      if (tool_choice === 'required') {
        sse(res, [
          { choices: [{ index: 0, delta: { tool_calls: [{ index: 0, id: 'w1', type: 'function',
            function: { name: 'get_weather', arguments: '{"city":"Oslo"}' } }] } }] },
          { choices: [{ index: 0, delta: {}, finish_reason: 'tool_calls' }] },
        ]);
        return;
      }
      const user = messages.filter((m) => m.role === 'user').pop();
      if (JSON.stringify(user.content).includes('think')) {
        sse(res, [
          { choices: [{ index: 0, delta: { reasoning_content: 'The user wants ' } }] },
          { choices: [{ index: 0, delta: { reasoning_content: 'a short answer.' } }] },
          { choices: [{ index: 0, delta: { content: 'Short answer.' } }] },
          { choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] },
        ]);
        return;
      }
      const tool = messages.filter((m) => m.role === 'tool').pop();
      if (!tool) {
        sse(res, [
          { choices: [{ index: 0, delta: { tool_calls: [{ index: 0, id: 'c1', type: 'function',
            function: { name: 'read_file', arguments: '{"path":"notes.txt"}' } }] } }] },
          { choices: [{ index: 0, delta: {}, finish_reason: 'tool_calls' }] },
        ]);
        return;
      }
      const line = tool.content.includes('buy milk') ? 'Your notes say: buy milk.' : 'I could not read them.';
      sse(res, [
        { choices: [{ index: 0, delta: { content: line } }] },
        { choices: [{ index: 0, delta: {}, finish_reason: 'stop' }] },
        { choices: [], usage: { prompt_tokens: 50, completion_tokens: 5 } },
      ]);
    });
  });
  return new Promise((ok) => server.listen(0, '127.0.0.1', () => ok({ server, calls: () => calls, choices })));
}

// startServe runs the binary and resolves with its URL once it listens.
function startServe(args, env) {
  const child = spawn(bin, ['serve', '--addr', '127.0.0.1:0', ...args], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  const url = new Promise((ok, fail) => {
    const timer = setTimeout(() => fail(new Error(`serve did not start: ${stderr}`)), 20000);
    child.stderr.on('data', (d) => {
      stderr += d;
      const m = /listening on (http:\/\/127\.0\.0\.1:\d+)\n/.exec(stderr);
      if (m) {
        clearTimeout(timer);
        ok(m[1]);
      }
    });
    child.on('exit', (code) => fail(new Error(`serve exited ${code}: ${stderr}`)));
  });
  const exited = new Promise((ok) => child.on('exit', (code, signal) => ok({ code, signal })));
  return { child, url, exited, stderr: () => stderr };
}

test('hearth serve answers the OpenAI Node SDK with the agent, tools run in the workspace', { timeout: 90000 }, async () => {
  const ws = mkdtempSync(join(tmpdir(), 'hearth-serve-ws-'));
  writeFileSync(join(ws, 'notes.txt'), 'buy milk\n');
  const model = await startModel();
  after(() => model.server.close());
  const home = mkdtempSync(join(tmpdir(), 'hearth-serve-home-'));
  const env = { ...process.env, HEARTH_API_TOKEN: token, HEARTH_CONFIG_DIR: join(home, 'config'),
    HEARTH_DATA_DIR: join(home, 'data'), XDG_CACHE_HOME: join(home, 'cache'), DBUS_SESSION_BUS_ADDRESS: '' };
  const port = model.server.address().port;
  const serve = startServe(['--workspace', ws, '--base-url', `http://127.0.0.1:${port}/v1`,
    '--provider', 'openai-compatible', '--model', 'm'], env);
  after(() => serve.child.kill('SIGKILL'));
  const url = await serve.url;

  const client = new OpenAI({ baseURL: `${url}/v1`, apiKey: token, maxRetries: 0, timeout: 30000 });
  const stream = await client.chat.completions.create({
    model: 'hearth', stream: true, stream_options: { include_usage: true },
    messages: [{ role: 'user', content: 'What do my notes say?' }],
  });
  let answer = '';
  const activity = [];
  let usage;
  for await (const chunk of stream) {
    answer += chunk.choices[0]?.delta?.content ?? '';
    if (chunk.hearth) activity.push(chunk.hearth);
    if (chunk.usage) usage = chunk.usage;
  }
  assert.equal(answer, 'Your notes say: buy milk.');
  assert.deepEqual(activity.map((a) => `${a.event}:${a.name}:${a.status}`),
    ['tool_call:read_file:running', 'tool_result:read_file:succeeded']);
  assert.equal(usage.prompt_tokens, 50);

  const done = await client.chat.completions.create({ model: 'hearth',
    messages: [{ role: 'user', content: 'Again, without streaming?' }] });
  assert.equal(done.choices[0].message.content, 'Your notes say: buy milk.');

  const models = await client.models.list();
  assert.deepEqual(models.data.map((m) => m.id), ['hearth', 'hearth/openai-compatible/m']);

  const stranger = new OpenAI({ baseURL: `${url}/v1`, apiKey: 'not-the-token', maxRetries: 0, timeout: 10000 });
  const before = model.calls();
  await assert.rejects(
    stranger.chat.completions.create({ model: 'hearth', stream: true, messages: [{ role: 'user', content: 'hi' }] }),
    (err) => err instanceof OpenAI.AuthenticationError && err.status === 401,
  );
  assert.equal(model.calls(), before, 'nothing may run without the token');

  // The model's thinking streams as reasoning_content, apart from the answer.
  const thinking = await client.chat.completions.create({ model: 'hearth', stream: true,
    messages: [{ role: 'user', content: 'think, then answer briefly' }] });
  let thought = '';
  let said = '';
  for await (const chunk of thinking) {
    thought += chunk.choices[0]?.delta?.reasoning_content ?? '';
    said += chunk.choices[0]?.delta?.content ?? '';
  }
  assert.equal(thought, 'The user wants a short answer.');
  assert.equal(said, 'Short answer.');

  // tool_choice "required" reaches the model, and its call of the client's
  // own tool comes back as tool_calls.
  const weather = await client.chat.completions.create({ model: 'hearth', tool_choice: 'required',
    tools: [{ type: 'function', function: { name: 'get_weather', description: 'Weather in a city',
      parameters: { type: 'object', properties: { city: { type: 'string' } }, required: ['city'] } } }],
    messages: [{ role: 'user', content: 'Weather in Oslo?' }] });
  assert.equal(model.choices.at(-1), 'required');
  assert.equal(weather.choices[0].finish_reason, 'tool_calls');
  assert.deepEqual(weather.choices[0].message.tool_calls.map((c) => [c.function.name, c.function.arguments]),
    [['get_weather', '{"city":"Oslo"}']]);

  serve.child.kill('SIGTERM');
  const { code } = await serve.exited;
  assert.equal(code, 0, `serve must stop cleanly on SIGTERM: ${serve.stderr()}`);
});
