package cli

import (
	"context"
	"flag"
	"sync"

	"github.com/hearth-agent/hearth/agent/egress"
	"github.com/hearth-agent/hearth/agent/session"
)

// netLog keeps the requests of one CLI invocation in the sessions
// database's network log. The database opens only once there is a request
// to keep, so a command that makes none never touches it.
type netLog struct {
	ctx  context.Context
	env  *Env
	buf  *egress.Buffer
	prev egress.Sink
	off  func() bool

	mu     sync.Mutex
	store  *session.Store
	failed bool
}

// startNetLog makes egress record into the sessions database and follow
// the settings' offline switch until stop.
func startNetLog(ctx context.Context, env *Env) *netLog {
	n := &netLog{ctx: context.WithoutCancel(ctx), env: env}
	st, _ := savedSettings(env)
	offline := st.Offline
	n.buf = egress.NewBuffer(n.writer)
	n.prev = egress.Default.SetSink(n.buf)
	n.off = egress.Default.SetOffline(func() bool { return offline })
	return n
}

func (n *netLog) writer() egress.Writer {
	n.mu.Lock()
	defer n.mu.Unlock()
	if n.store == nil && !n.failed {
		s, err := openSessions(n.ctx, n.env)
		if err != nil {
			n.failed = true // the run goes on; its requests are not kept
			return nil
		}
		n.store = s
	}
	if n.store == nil {
		return nil
	}
	return n.store
}

// stop writes what is queued and gives egress back its sink and switch.
func (n *netLog) stop() {
	egress.Default.Settle()
	egress.Default.SetSink(n.prev)
	egress.Default.SetOffline(n.off)
	n.buf.Close()
	n.mu.Lock()
	defer n.mu.Unlock()
	if n.store != nil {
		n.store.Close()
	}
}

// offlineFlag adds --offline to fs; after parsing, goOffline applies it.
func offlineFlag(fs *flag.FlagSet) *bool {
	return fs.Bool("offline", false, "work offline: connect only to model servers on this machine (Ollama, LM Studio, llama.cpp); cloud providers, HTTP MCP servers and web tools are refused")
}

// goOffline switches egress offline for the rest of the invocation when on.
func goOffline(on bool) {
	if on {
		egress.Default.SetOffline(func() bool { return true })
	}
}
