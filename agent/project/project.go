// Package project owns one open project folder: what it brings (read and
// judged by agent/trust), its search index and watcher, its MCP servers
// and its conversations. Every front-end (the desktop, hearth run, hearth
// serve) opens a folder here and translates over it; none of them builds
// a conversation or starts MCP servers itself.
package project

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"sync"

	"github.com/hearth-agent/hearth/agent/assembly"
	"github.com/hearth-agent/hearth/agent/conversation"
	"github.com/hearth-agent/hearth/agent/egress"
	"github.com/hearth-agent/hearth/agent/llm"
	"github.com/hearth-agent/hearth/agent/secrets"
	"github.com/hearth-agent/hearth/agent/session"
	"github.com/hearth-agent/hearth/agent/settings"
	"github.com/hearth-agent/hearth/agent/tools"
	"github.com/hearth-agent/hearth/agent/trust"
	"github.com/hearth-agent/hearth/agent/undo"
)

// Stores are the services every project of a program shares: the person's
// settings, keys, conversations, undo snapshots and trust record. Funcs
// are asked each time, so a store that opens late is seen when it is ready.
type Stores struct {
	Settings func() settings.Settings
	// UpdateSettings changes the person's settings (an approval's "always");
	// nil keeps every such answer to the conversation.
	UpdateSettings func(func(*settings.Settings) error) (settings.Settings, error)
	Keys           assembly.KeyResolver
	Getenv         func(string) string
	// Sessions stores conversations; nil (or a nil result) runs unsaved.
	Sessions func() *session.Store
	// Undo keeps per-turn file snapshots; nil disables undo.
	Undo *undo.Store
	// Trust records what the person trusted; nil trusts nothing a folder
	// brings.
	Trust *trust.Store
	// Secrets expands MCP servers' ${keychain:…} values and keeps their
	// sign-ins; nil has neither.
	Secrets *secrets.Store
	// ConfigDir holds the user's mcp.json ("" is the default config dir).
	ConfigDir string
	// Home holds the user's own commands, skills and hooks; "" has none.
	Home    string
	Version string
}

// Options say what of the folder a front-end runs and how its
// conversations behave.
type Options struct {
	// Index opens the folder's search index, kept fresh by a watcher;
	// nil opens none (turns then search without it).
	Index *IndexOptions
	// MCP is how StartMCP starts the servers the person and the trusted
	// folder name; nil starts none.
	MCP *MCPOptions
	// Agent overrides the settings' provider and model for every
	// conversation (the CLI's flags); zero fields keep the settings'.
	Agent conversation.AgentChoice
	// Approve overrides the settings' approval mode when set.
	Approve tools.ApproveMode
	// Headless conversations ask nobody: the approval mode alone decides.
	Headless bool
	// WebAllowLocal lets web_fetch reach local addresses whatever the
	// settings say (hearth run --web-allow-local).
	WebAllowLocal bool
	// Origin is the folder this project's worktree was made from: what
	// the person trusted there is trusted in the tree where its content
	// is the same (trust.Store.InTree).
	Origin string
}

// DirError is a folder that cannot be a project.
type DirError struct {
	Dir, Reason string
}

func (e *DirError) Error() string { return e.Reason }

// Project is one open folder. Its methods are safe for concurrent use.
type Project struct {
	dir    string
	stores Stores
	opts   Options
	// http and cache are shared by the project's conversations, so their
	// turns reuse connections and what building an agent computes.
	http  *http.Client
	cache *assembly.Cache
	// turns bound how many of the conversations' turns run at once.
	turns *slots

	ix    indexHolder
	mcp   mcpHolder
	langs langHolder

	mu     sync.Mutex
	convs  []*conversation.Conversation
	closed bool
}

// Open opens dir (made absolute) as a project and starts its index when
// Options ask (in the background: Open does not wait for it); a
// *DirError says dir cannot be one. MCP servers start with StartMCP, so
// each front-end decides what a server file it cannot read means.
func Open(ctx context.Context, dir string, stores Stores, opts Options) (*Project, error) {
	abs, err := CheckDir(dir)
	if err != nil {
		return nil, err
	}
	p := newProject(abs, stores, opts)
	if opts.Index != nil {
		p.startIndex(ctx)
	}
	return p, nil
}

// NoFolder is the project before a folder opens: the person's own MCP
// servers, commands and skills, and conversations that run no turn until
// a folder is open.
func NoFolder(stores Stores, opts Options) *Project {
	opts.Index = nil
	return newProject("", stores, opts)
}

func newProject(dir string, stores Stores, opts Options) *Project {
	if stores.Getenv == nil {
		stores.Getenv = func(string) string { return "" }
	}
	p := &Project{dir: dir, stores: stores, opts: opts, http: llm.NewHTTPClient(), cache: assembly.NewCache()}
	p.turns = &slots{limit: func() int { return p.stores.Settings().Conversations.Running() }}
	return p
}

// CheckDir makes dir absolute and says whether it can be a project: an
// existing folder other than the file system's root.
func CheckDir(dir string) (string, error) {
	abs, err := filepath.Abs(dir)
	if err != nil || dir == "" {
		return "", &DirError{Dir: dir, Reason: "not a folder path"}
	}
	fi, err := os.Stat(abs)
	if err != nil || !fi.IsDir() {
		return "", &DirError{Dir: abs, Reason: fmt.Sprintf("%s is not a folder", abs)}
	}
	if abs == filepath.VolumeName(abs)+string(filepath.Separator) {
		return "", &DirError{Dir: abs, Reason: "the file system root cannot be a workspace"}
	}
	return abs, nil
}

// Dir is the project's folder, absolute; "" for NoFolder.
func (p *Project) Dir() string { return p.dir }

// Origin is the folder this project's worktree was made from, "" for a
// folder of its own.
func (p *Project) Origin() string { return p.opts.Origin }

// Judged reads what the folder brings now and judges it against the
// trust record: only what is trusted is in the result's values.
func (p *Project) Judged() (*trust.Effective, error) {
	return trust.Open(p.dir, p.judge())
}

// judge is the trust record, or nil (trust nothing) when there is none;
// a nil *trust.Store must not become a non-nil interface.
func (p *Project) judge() trust.Judge {
	if p.stores.Trust == nil {
		return nil
	}
	return p.stores.Trust.InTree(p.dir, p.opts.Origin)
}

// ErrClosed is returned by a project that was closed.
var ErrClosed = errors.New("the project is closed")

// NewConversation starts a conversation in the project, reporting to
// sink. Its turns see the project's index, MCP servers and trust.
func (p *Project) NewConversation(sink conversation.Sink) (*conversation.Conversation, error) {
	return p.NewEditorConversation(sink, conversation.Editor{})
}

// NewEditorConversation is NewConversation whose tools use what an editor
// lends: its buffers and its terminal.
func (p *Project) NewEditorConversation(sink conversation.Sink, ed conversation.Editor) (*conversation.Conversation, error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.closed {
		return nil, ErrClosed
	}
	c := conversation.New(conversation.Config{
		Settings:  p.stores.Settings,
		Update:    p.stores.UpdateSettings,
		Keys:      p.stores.Keys,
		Getenv:    p.stores.Getenv,
		Sessions:  p.stores.Sessions,
		Undo:      p.stores.Undo,
		Editor:    ed,
		Trust:     p.judge,
		Index:     p.Index,
		MCP:       p.MCP,
		Languages: p.Languages,
		Home:      p.stores.Home,
		Origin:    p.opts.Origin,
		Agent:     p.opts.Agent,
		Approve:   p.opts.Approve,
		Headless:  p.opts.Headless,
		HTTP:      p.http,
		Cache:     p.cache,
		Web:       p.webAccess(),
		Slots:     p.turns,
	}, sink)
	if err := c.Open(p.dir); err != nil {
		return nil, err
	}
	p.convs = append(p.convs, c)
	return c, nil
}

// webAccess is how the project's conversations reach the web: the
// search key from the keychain, local addresses as the front-end says.
func (p *Project) webAccess() conversation.WebAccess {
	// agent/web records its requests through the egress layer; the switch
	// also refuses there, but the tool then says "offline" before trying.
	w := conversation.WebAccess{AllowLocal: p.opts.WebAllowLocal, Offline: egress.Default.Offline}
	if s := p.stores.Secrets; s != nil {
		w.Secret = s.Item
	}
	return w
}

// Forget drops a conversation the front-end no longer shows; it stops
// its turn and its background processes first.
func (p *Project) Forget(c *conversation.Conversation) {
	c.Close()
	p.mu.Lock()
	defer p.mu.Unlock()
	for i, x := range p.convs {
		if x == c {
			p.convs = append(p.convs[:i], p.convs[i+1:]...)
			return
		}
	}
}

// Running says whether any of the project's conversations runs a turn.
func (p *Project) Running() bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	for _, c := range p.convs {
		if c.Running() {
			return true
		}
	}
	return false
}

// Turns are how many of the project's turns run now and how many wait
// for one of them to end (settings' conversations.maxRunning).
func (p *Project) Turns() (running, waiting int) { return p.turns.counts() }

// Close stops every conversation's turn and ends what the project
// started: the conversations' background processes, the MCP servers (and
// their processes), the language servers and the index, which flushes its
// last batch. Closing twice is harmless.
func (p *Project) Close() {
	p.mu.Lock()
	convs := p.convs
	p.convs, p.closed = nil, true
	p.mu.Unlock()
	var wg sync.WaitGroup
	for _, c := range convs {
		wg.Go(c.Close)
	}
	wg.Wait()
	p.mcp.swap(nil)
	p.langs.close()
	p.ix.close()
}
