// hearth acp, the real binary, driven by the official Agent Client Protocol
// TypeScript SDK as the editor: the done-when. The model is the
// scripted OpenAI-compatible server of provider.mjs. Every
// message either side sends is validated against the protocol's JSON
// schema shipped in the SDK's package.
import { test, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, execFile } from 'node:child_process';
import { existsSync, mkdtempSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { Readable, Writable } from 'node:stream';
import { promisify } from 'node:util';
import * as acp from '@agentclientprotocol/sdk';
import Ajv2020 from 'ajv/dist/2020.js';
import { startScriptedProvider } from './provider.mjs';

const bin = resolve(process.env.HEARTH_BIN ?? '../../build/bin/hearth');
const require = createRequire(import.meta.url);
const schema = JSON.parse(readFileSync(require.resolve('@agentclientprotocol/sdk/schema/v1/schema.json'), 'utf8'));
const ajv = new Ajv2020({ strict: false, validateFormats: false, allErrors: true });
ajv.addSchema(schema, 'acp');
// Each method's params and result, by the schema's own names: the root
// schema's union admits any extension message, so it would check little.
const types = {
  'initialize': ['InitializeRequest', 'InitializeResponse'],
  'session/new': ['NewSessionRequest', 'NewSessionResponse'],
  'session/load': ['LoadSessionRequest', 'LoadSessionResponse'],
  'session/prompt': ['PromptRequest', 'PromptResponse'],
  'session/cancel': ['CancelNotification'],
  'session/update': ['SessionNotification'],
  'session/request_permission': ['RequestPermissionRequest', 'RequestPermissionResponse'],
  'fs/read_text_file': ['ReadTextFileRequest', 'ReadTextFileResponse'],
  'fs/write_text_file': ['WriteTextFileRequest', 'WriteTextFileResponse'],
  'terminal/create': ['CreateTerminalRequest', 'CreateTerminalResponse'],
  'terminal/wait_for_exit': ['WaitForTerminalExitRequest', 'WaitForTerminalExitResponse'],
  'terminal/output': ['TerminalOutputRequest', 'TerminalOutputResponse'],
  'terminal/release': ['ReleaseTerminalRequest', 'ReleaseTerminalResponse'],
  'terminal/kill': ['KillTerminalRequest', 'KillTerminalResponse'],
};
const def = (name) => ajv.getSchema(`acp#/$defs/${name}`);

// checker validates one side's messages, knowing the methods of the
// requests the other side sent (answers) from asked.
function checker(asked, mine) {
  return (msg) => {
    if (msg.method) {
      const t = types[msg.method];
      if (!t) return [`unexpected method ${msg.method}`];
      if (msg.id !== undefined) mine.set(msg.id, msg.method);
      const v = def(t[0]);
      return v(msg.params) ? [] : v.errors.slice(0, 3);
    }
    if (msg.error) return def('Error')(msg.error) ? [] : ['bad error object'];
    const method = asked.get(msg.id);
    const v = method && def(types[method][1]);
    if (!v) return [`an answer to no request (${msg.id})`];
    return v(msg.result) ? [] : v.errors.slice(0, 3);
  };
}

const home = mkdtempSync(join(tmpdir(), 'hearth-acp-e2e-'));
const ws = join(home, 'project');
mkdirSync(ws);
const env = {
  ...process.env, HOME: home, HEARTH_CONFIG_DIR: join(home, 'config'), HEARTH_DATA_DIR: join(home, 'data'),
  XDG_CACHE_HOME: join(home, 'cache'), DBUS_SESSION_BUS_ADDRESS: '',
};

// The script, one reply per model request, in the order the tests send them.
const replies = [
  [{ text: 'Hello ' }, { text: 'from the script.' }],
  [{ tool: { id: 'w1', name: 'write_file', args: { path: 'out.txt', content: 'written by hearth\n' } } }],
  [{ text: 'Wrote it.' }],
  [{ tool: { id: 'w2', name: 'write_file', args: { path: 'refused.txt', content: 'no\n' } } }],
  [{ text: 'Understood, not writing.' }],
  [{ text: 'Thinking…' }, { hold: true }],
  [{ tool: { id: 'r1', name: 'read_file', args: { path: 'buffer.txt' } } }],
  [{ tool: { id: 'e1', name: 'edit_file', args: { path: 'buffer.txt', edits: [{ search: 'unsaved text\n', replace: 'edited text\n' }] } } }],
  [{ text: 'Edited the buffer.' }],
  [{ tool: { id: 's1', name: 'shell', args: { command: 'echo from-the-terminal > term.txt; echo shown; exit 4' } } }],
  [{ text: 'Ran it.' }],
];
const model = await startScriptedProvider(replies);
const children = [];
after(() => {
  for (const c of children) if (c.exitCode === null) c.kill();
  return model.close();
});

// tap calls line(text) for every newline-delimited message passing through.
function tap(line) {
  const dec = new TextDecoder();
  let buf = '';
  return new TransformStream({
    transform(chunk, ctl) {
      buf += dec.decode(chunk, { stream: true });
      for (let i; (i = buf.indexOf('\n')) >= 0; buf = buf.slice(i + 1)) line(buf.slice(0, i));
      ctl.enqueue(chunk);
    },
  });
}

// startAgent runs hearth acp and connects the SDK's client to it. Updates
// and permission requests are recorded; answer says how a permission
// request is answered. With buffers (path → text) the client is an editor
// lending its files: reads answer from a buffer (else the disk), writes
// change the buffer only and are recorded. With terminals (a list) the
// client runs terminal/* commands as real processes, recording each.
function startAgent({ buffers, terminals } = {}) {
  const child = spawn(bin, ['acp', '--provider', 'openai-compatible', '--base-url', model.url, '--model', 'e2e-model',
    '--approve', 'never'], { env, stdio: ['pipe', 'pipe', 'pipe'] });
  children.push(child);
  let stderr = '';
  child.stderr.on('data', (d) => (stderr += d));
  const wire = [];
  const invalid = [];
  const sent = { agent: new Map(), client: new Map() };
  const validate = { agent: checker(sent.client, sent.agent), client: checker(sent.agent, sent.client) };
  const check = (from) => (line) => {
    if (!line.trim()) return;
    const msg = JSON.parse(line);
    wire.push({ from, msg });
    const errors = validate[from](msg);
    if (errors.length) invalid.push({ from, msg, errors });
  };
  const fromAgent = Readable.toWeb(child.stdout).pipeThrough(tap(check('agent')));
  const toAgent = tap(check('client'));
  toAgent.readable.pipeTo(Writable.toWeb(child.stdin)).catch(() => {});
  const updates = [];
  const waiters = [];
  const permissions = [];
  const state = { answer: 'allow_once' };
  const writes = [];
  let app = acp.client({ name: 'hearth-e2e' });
  if (buffers) {
    app = app
      .onRequest(acp.methods.client.fs.readTextFile, async ({ params }) => ({
        content: buffers.has(params.path) ? buffers.get(params.path) : readFileSync(params.path, 'utf8'),
      }))
      .onRequest(acp.methods.client.fs.writeTextFile, async ({ params }) => {
        writes.push(params);
        buffers.set(params.path, params.content);
        return {};
      });
  }
  if (terminals) {
    const running = new Map();
    const get = (id) => running.get(id) ?? Promise.reject(new Error(`no terminal ${id}`));
    app = app
      .onRequest(acp.methods.client.terminal.create, async ({ params }) => {
        const env = { ...process.env, ...Object.fromEntries((params.env ?? []).map((v) => [v.name, v.value])) };
        const proc = spawn(params.command, params.args ?? [], { cwd: params.cwd ?? undefined, env });
        const t = { proc, output: '', exit: null, released: false };
        proc.stdout.on('data', (d) => (t.output += d));
        proc.stderr.on('data', (d) => (t.output += d));
        t.done = new Promise((r) => proc.on('exit', (code, signal) => { t.exit = { exitCode: code, signal }; r(); }));
        const terminalId = `term-${terminals.length + 1}`;
        terminals.push({ terminalId, params, t });
        running.set(terminalId, t);
        return { terminalId };
      })
      .onRequest(acp.methods.client.terminal.waitForExit, async ({ params }) => {
        const t = await get(params.terminalId);
        await t.done;
        return t.exit;
      })
      .onRequest(acp.methods.client.terminal.output, async ({ params }) => {
        const t = await get(params.terminalId);
        return { output: t.output, truncated: false, ...(t.exit ? { exitStatus: t.exit } : {}) };
      })
      .onRequest(acp.methods.client.terminal.kill, async ({ params }) => {
        const t = await get(params.terminalId);
        t.proc.kill();
        await t.done;
        return {};
      })
      .onRequest(acp.methods.client.terminal.release, async ({ params }) => {
        const t = await get(params.terminalId);
        if (!t.exit) t.proc.kill();
        t.released = true;
        running.delete(params.terminalId);
        return {};
      });
  }
  app = app
    .onNotification(acp.methods.client.session.update, ({ params }) => {
      updates.push(params);
      for (const w of [...waiters]) if (w.pred(params)) { waiters.splice(waiters.indexOf(w), 1); w.resolve(params); }
    })
    .onRequest(acp.methods.client.session.requestPermission, async ({ params }) => {
      permissions.push(params);
      return { outcome: { outcome: 'selected', optionId: state.answer } };
    });
  // waitFor resolves with the first update (past or future) pred accepts.
  const waitFor = (pred) => {
    const seen = updates.find(pred);
    return seen ? Promise.resolve(seen) : new Promise((r) => waiters.push({ pred, resolve: r }));
  };
  const stream = acp.ndJsonStream(toAgent.writable, fromAgent);
  const exited = new Promise((r) => child.on('exit', (code) => r(code)));
  return { child, app, stream, updates, waitFor, permissions, state, writes, wire, invalid, exited, stderr: () => stderr };
}

test('the schema check refuses what the protocol does not allow', () => {
  const bad = checker(new Map(), new Map());
  assert.notDeepEqual(bad({ jsonrpc: '2.0', method: 'session/update', params: { sessionId: 's', update: { sessionUpdate: 'tool_call', toolCallId: 'c', title: 't', status: 'bogus' } } }), []);
  assert.notDeepEqual(bad({ jsonrpc: '2.0', id: 1, method: 'session/request_permission', params: { sessionId: 's', toolCall: { toolCallId: 'c' }, options: [{ optionId: 'a', name: 'A', kind: 'maybe' }] } }), []);
  assert.notDeepEqual(checker(new Map([[1, 'session/prompt']]), new Map())({ jsonrpc: '2.0', id: 1, result: { stopReason: 'bogus' } }), []);
  assert.deepEqual(bad({ jsonrpc: '2.0', method: 'session/update', params: { sessionId: 's', update: { sessionUpdate: 'agent_message_chunk', content: { type: 'text', text: 'x' } } } }), []);
});

const textOf = (updates, kind) => updates.filter((u) => u.update.sessionUpdate === kind).map((u) => u.update.content.text).join('');
let sessionId;

test('initialize, a session, a streamed answer, permissions both ways, cancel', async () => {
  const a = startAgent();
  await a.app.connectWith(a.stream, async (ctx) => {
    const init = await ctx.request(acp.methods.agent.initialize, {
      protocolVersion: acp.PROTOCOL_VERSION, clientCapabilities: {}, clientInfo: { name: 'e2e', version: '1' },
    });
    assert.equal(init.protocolVersion, 1);
    assert.equal(init.agentInfo.name, 'hearth');
    assert.equal(init.agentCapabilities.loadSession, true);
    assert.equal(init.agentCapabilities.promptCapabilities.image, true);
    assert.deepEqual(init.authMethods, [], 'an openai-compatible endpoint needs no key');

    const session = await ctx.request(acp.methods.agent.session.new, { cwd: ws, mcpServers: [] });
    sessionId = session.sessionId;
    const commands = await a.waitFor((u) => u.update.sessionUpdate === 'available_commands_update');
    assert.ok(commands.update.availableCommands.some((c) => c.name === 'help'), 'the built-in commands are offered');
    const answered = a.wire.findIndex((w) => w.from === 'agent' && w.msg.result?.sessionId === sessionId);
    const offered = a.wire.findIndex((w) => w.msg.params?.update?.sessionUpdate === 'available_commands_update');
    assert.ok(answered >= 0 && answered < offered, 'the commands come after the session they are for');

    // A streamed answer.
    const done = await ctx.request(acp.methods.agent.session.prompt, { sessionId, prompt: [{ type: 'text', text: 'hello' }] });
    assert.equal(done.stopReason, 'end_turn');
    assert.equal(textOf(a.updates, 'agent_message_chunk'), 'Hello from the script.');

    // A write under --approve never asks; allowed, the file is written.
    const wrote = await ctx.request(acp.methods.agent.session.prompt, { sessionId, prompt: [{ type: 'text', text: 'write it' }] });
    assert.equal(wrote.stopReason, 'end_turn');
    assert.equal(a.permissions.length, 1);
    const ask = a.permissions[0];
    assert.equal(ask.toolCall.toolCallId, 'w1');
    assert.deepEqual(ask.options.map((o) => o.kind), ['allow_once', 'allow_always', 'reject_once']);
    assert.equal(readFileSync(join(ws, 'out.txt'), 'utf8'), 'written by hearth\n');
    const started = a.updates.find((u) => u.update.sessionUpdate === 'tool_call' && u.update.toolCallId === 'w1');
    assert.equal(started.update.kind, 'edit');
    assert.equal(started.update.locations[0].path, join(ws, 'out.txt'));
    assert.equal(started.update.content[0].type, 'diff');
    const finished = a.updates.find((u) => u.update.sessionUpdate === 'tool_call_update' && u.update.toolCallId === 'w1' && u.update.status);
    assert.equal(finished.update.status, 'completed');
    assert.ok(a.updates.indexOf(finished) > a.updates.indexOf(started));

    // Rejected, nothing is written and the model is told.
    a.state.answer = 'deny';
    const refused = await ctx.request(acp.methods.agent.session.prompt, { sessionId, prompt: [{ type: 'text', text: 'write another' }] });
    assert.equal(refused.stopReason, 'end_turn');
    assert.equal(a.permissions.length, 2);
    assert.equal(existsSync(join(ws, 'refused.txt')), false);
    const failed = a.updates.find((u) => u.update.sessionUpdate === 'tool_call_update' && u.update.toolCallId === 'w2' && u.update.status);
    assert.equal(failed.update.status, 'failed');
    const told = model.requests.at(-1).messages.filter((m) => m.role === 'tool').at(-1);
    assert.match(JSON.stringify(told.content), /rejected in the editor/);

    // Cancel stops a turn the model holds open.
    const waiting = ctx.request(acp.methods.agent.session.prompt, { sessionId, prompt: [{ type: 'text', text: 'take your time' }] });
    await a.waitFor((u) => u.update.sessionUpdate === 'agent_message_chunk' && u.update.content.text === 'Thinking…');
    const t0 = Date.now();
    await ctx.notify(acp.methods.agent.session.cancel, { sessionId });
    const cancelled = await waiting;
    console.log(`cancel answered in ${Date.now() - t0} ms`);
    assert.equal(cancelled.stopReason, 'cancelled');
  });
  a.child.stdin.end();
  assert.equal(await a.exited, 0, a.stderr());
  assert.deepEqual(a.invalid, [], 'every message matches the ACP schema');
  assert.ok(a.wire.length > 10);
});

test('the session is listed and session/load replays it', async () => {
  assert.ok(sessionId, 'the first test made a session');
  const { stdout } = await promisify(execFile)(bin, ['sessions', 'list', '--json'], { env });
  assert.ok(JSON.parse(stdout).some((s) => s.id === sessionId), `hearth sessions list shows ${sessionId}`);

  const a = startAgent();
  await a.app.connectWith(a.stream, async (ctx) => {
    await ctx.request(acp.methods.agent.initialize, { protocolVersion: acp.PROTOCOL_VERSION, clientCapabilities: {} });
    await ctx.request(acp.methods.agent.session.load, { sessionId, cwd: ws, mcpServers: [] });
    const mine = a.updates.filter((u) => u.sessionId === sessionId);
    assert.match(textOf(mine, 'user_message_chunk'), /^hellowrite itwrite anothertake your time/);
    assert.match(textOf(mine, 'agent_message_chunk'), /^Hello from the script\.Wrote it\.Understood, not writing\./);
    const calls = mine.filter((u) => u.update.sessionUpdate === 'tool_call').map((u) => u.update.toolCallId);
    assert.deepEqual(calls, ['w1', 'w2']);
    const ends = mine.filter((u) => u.update.sessionUpdate === 'tool_call_update').map((u) => u.update.status);
    assert.deepEqual(ends, ['completed', 'failed']);
  });
  a.child.stdin.end();
  assert.equal(await a.exited, 0, a.stderr());
  assert.deepEqual(a.invalid, [], 'every message matches the ACP schema');
});

test('an editor lends its buffers: the read sees unsaved text, the edit goes through the editor, /undo puts it back', async () => {
  const file = join(ws, 'buffer.txt');
  writeFileSync(file, 'on disk\n');
  const buffers = new Map([[file, 'unsaved text\n']]);
  const a = startAgent({ buffers });
  await a.app.connectWith(a.stream, async (ctx) => {
    await ctx.request(acp.methods.agent.initialize, {
      protocolVersion: acp.PROTOCOL_VERSION, clientCapabilities: { fs: { readTextFile: true, writeTextFile: true } },
    });
    const { sessionId: id } = await ctx.request(acp.methods.agent.session.new, { cwd: ws, mcpServers: [] });
    const edited = await ctx.request(acp.methods.agent.session.prompt, { sessionId: id, prompt: [{ type: 'text', text: 'edit the buffer' }] });
    assert.equal(edited.stopReason, 'end_turn');
    const told = model.requests.at(-1).messages.filter((m) => m.role === 'tool').map((m) => JSON.stringify(m.content)).join('\n');
    assert.match(told, /unsaved text/, 'read_file shows the editor\'s unsaved buffer');
    assert.doesNotMatch(told, /on disk/);
    assert.deepEqual(a.writes.map((w) => [w.sessionId, w.path, w.content]), [[id, file, 'edited text\n']]);
    assert.equal(readFileSync(file, 'utf8'), 'on disk\n', 'Hearth did not write the disk itself');
    const finished = a.updates.find((u) => u.update.sessionUpdate === 'tool_call_update' && u.update.toolCallId === 'e1' && u.update.status);
    assert.equal(finished.update.status, 'completed');
    const diff = finished.update.content.find((c) => c.type === 'diff');
    assert.equal(diff.path, file);
    assert.equal(diff.newText, 'edited text\n');

    const undone = await ctx.request(acp.methods.agent.session.prompt, { sessionId: id, prompt: [{ type: 'text', text: '/undo' }] });
    assert.equal(undone.stopReason, 'end_turn');
    assert.deepEqual(a.writes.map((w) => [w.path, w.content]).at(-1), [file, 'unsaved text\n'], 'undo writes the buffer back through the editor');
    assert.equal(buffers.get(file), 'unsaved text\n');
    assert.equal(readFileSync(file, 'utf8'), 'on disk\n');
  });
  a.child.stdin.end();
  assert.equal(await a.exited, 0, a.stderr());
  assert.deepEqual(a.invalid, [], 'every message matches the ACP schema');
  assert.ok(a.wire.some((w) => w.msg.method === 'fs/read_text_file'), 'the agent asked the editor to read');
});

test('an approved command runs in the editor\'s terminal, shown in the tool call, its output and exit code to the model', async () => {
  const terminals = [];
  const a = startAgent({ terminals });
  await a.app.connectWith(a.stream, async (ctx) => {
    await ctx.request(acp.methods.agent.initialize, { protocolVersion: acp.PROTOCOL_VERSION, clientCapabilities: { terminal: true } });
    const { sessionId: id } = await ctx.request(acp.methods.agent.session.new, { cwd: ws, mcpServers: [] });
    const ran = await ctx.request(acp.methods.agent.session.prompt, { sessionId: id, prompt: [{ type: 'text', text: 'run it' }] });
    assert.equal(ran.stopReason, 'end_turn');
    assert.equal(a.permissions.at(-1).toolCall.toolCallId, 's1', 'the command was approved in the editor first');
    assert.equal(terminals.length, 1);
    assert.equal(terminals[0].params.cwd, ws);
    assert.ok(terminals[0].t.released, 'the terminal is released');
    assert.equal(readFileSync(join(ws, 'term.txt'), 'utf8'), 'from-the-terminal\n');
    const shown = a.updates.filter((u) => u.update.toolCallId === 's1' && u.update.content?.some((c) => c.type === 'terminal' && c.terminalId === 'term-1'));
    assert.ok(shown.length >= 1, 'the tool call shows the terminal');
    const told = model.requests.at(-1).messages.filter((m) => m.role === 'tool').map((m) => JSON.stringify(m.content)).join('\n');
    assert.match(told, /exit code: 4/);
    assert.match(told, /shown/);
  });
  a.child.stdin.end();
  assert.equal(await a.exited, 0, a.stderr());
  assert.deepEqual(a.invalid, [], 'every message matches the ACP schema');
  for (const m of ['terminal/create', 'terminal/wait_for_exit', 'terminal/output', 'terminal/release']) {
    assert.ok(a.wire.some((w) => w.msg.method === m), `the agent sent ${m}`);
  }
});
