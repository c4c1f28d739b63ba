// Package serve is Hearth's agent behind an OpenAI-compatible API: GET
// /v1/models and POST /v1/chat/completions (streamed as chat.completion.chunk
// events or not), each request one turn of an agent/conversation run in the
// server's workspace, stored as a session, with the agent's tool activity
// in an extra "hearth" object of the chunks. Bearer-token auth, a bounded
// number of turns at once with a bounded queue, and timeouts that keep a
// slow or idle client from holding the server.
package serve

import (
	"context"
	"crypto/subtle"
	"encoding/json"
	"errors"
	"fmt"
	"net"
	"net/http"
	"strings"
	"sync"
	"time"

	"github.com/hearth-agent/hearth/agent/conversation"
	"github.com/hearth-agent/hearth/agent/session"
	"github.com/hearth-agent/hearth/agent/settings"
)

// Project is the open folder a server runs its conversations in.
type Project interface {
	Dir() string
	NewConversation(conversation.Sink) (*conversation.Conversation, error)
	// Forget drops a conversation the server no longer holds.
	Forget(*conversation.Conversation)
}

// DefaultAddr is where the server listens unless told otherwise.
const DefaultAddr = "127.0.0.1:8765"

// Config is what a server is built from.
type Config struct {
	// Project is the open folder whose conversations answer requests
	// (agent/project): its approval mode (what runs without asking; the
	// rest is denied with a message to the model, as in hearth run, or
	// asked of Approvals when set) and its trust hold for every request.
	Project Project
	// Settings and Agent name the models /v1/models offers; Agent is the
	// provider and model "hearth" names.
	Settings func() settings.Settings
	Agent    conversation.AgentChoice
	// Sessions stores every request's conversation; nil runs unsaved.
	Sessions  func() *session.Store
	Approvals ApprovalSink
	// Token is the bearer token every request but /health must carry.
	Token string
	// MaxConcurrent turns run at once (default 4); MaxQueue more wait
	// (default 4 × MaxConcurrent), and past that get 429.
	MaxConcurrent, MaxQueue int
	Version                 string
	// BodyTimeout bounds reading a request's body (default 30 s);
	// HeaderTimeout its headers (default 10 s).
	BodyTimeout, HeaderTimeout time.Duration
	// KeepAlive is how often a quiet stream gets an SSE comment (default
	// 15 s).
	KeepAlive time.Duration
	// Logf reports what the server cannot answer to a client (a session
	// that failed to save); default: nothing.
	Logf func(format string, args ...any)
}

// Server answers the API. It is an http.Handler; Serve runs it on a
// listener with the timeouts a public-facing server needs.
type Server struct {
	cfg       Config
	gate      *gate
	mux       *http.ServeMux
	live      *liveSessions
	approvals approvals

	mu      sync.Mutex
	baseCtx context.Context // every turn's parent; cancelled on shutdown
	stop    context.CancelFunc
}

// ErrNoToken means the server was configured without a token.
var ErrNoToken = errors.New("serve: no API token")

// New checks cfg and builds the server.
func New(cfg Config) (*Server, error) {
	if cfg.Token == "" {
		return nil, ErrNoToken
	}
	if cfg.Project == nil || cfg.Settings == nil {
		return nil, errors.New("serve: a project and settings are required")
	}
	if cfg.MaxConcurrent <= 0 {
		cfg.MaxConcurrent = 4
	}
	if cfg.MaxQueue <= 0 {
		cfg.MaxQueue = 4 * cfg.MaxConcurrent
	}
	if cfg.BodyTimeout <= 0 {
		cfg.BodyTimeout = 30 * time.Second
	}
	if cfg.KeepAlive <= 0 {
		cfg.KeepAlive = 15 * time.Second
	}
	if cfg.HeaderTimeout <= 0 {
		cfg.HeaderTimeout = 10 * time.Second
	}
	if cfg.Logf == nil {
		cfg.Logf = func(string, ...any) {}
	}
	s := &Server{cfg: cfg, gate: newGate(cfg.MaxConcurrent, cfg.MaxQueue), live: newLiveSessions(64, cfg.Project.Forget),
		approvals: approvals{pending: map[string]*conversation.Conversation{}}}
	s.baseCtx, s.stop = context.WithCancel(context.Background())
	s.mux = http.NewServeMux()
	s.mux.HandleFunc("GET /health", s.handleHealth)
	s.mux.Handle("GET /v1/models", s.authed(s.handleModels))
	s.mux.Handle("POST /v1/chat/completions", s.authed(s.handleChat))
	s.mux.Handle("/", s.authed(func(w http.ResponseWriter, r *http.Request) {
		writeError(w, &Error{Status: http.StatusNotFound, Type: "invalid_request_error", Code: "unknown_url",
			Message: fmt.Sprintf("unknown endpoint %s %s; this server offers GET /v1/models and POST /v1/chat/completions", r.Method, r.URL.Path)})
	}))
	return s, nil
}

func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) { s.mux.ServeHTTP(w, r) }

// Serve answers on ln until ctx is cancelled, then stops: running turns
// are cancelled (and saved as stopped) and Serve returns once their
// handlers have. ready, when set, is called once connections are accepted.
func (s *Server) Serve(ctx context.Context, ln net.Listener, ready func()) error {
	hs := &http.Server{
		Handler:           s,
		ReadHeaderTimeout: s.cfg.HeaderTimeout,
		IdleTimeout:       2 * time.Minute,
		MaxHeaderBytes:    64 << 10,
		BaseContext:       func(net.Listener) context.Context { return s.baseCtx },
	}
	errc := make(chan error, 1)
	go func() { errc <- hs.Serve(ln) }()
	if ready != nil {
		ready()
	}
	select {
	case err := <-errc:
		s.stop()
		return err
	case <-ctx.Done():
	}
	s.stop() // cancels every running turn
	sctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	err := hs.Shutdown(sctx)
	<-errc
	return err
}

// Close cancels every running turn (for a server used as a handler only).
func (s *Server) Close() { s.stop() }

func (s *Server) handleHealth(w http.ResponseWriter, r *http.Request) {
	writeJSON(w, http.StatusOK, map[string]string{"status": "ok", "version": s.cfg.Version})
}

// authed answers 401 to a request without the server's bearer token, so
// nothing runs for it.
func (s *Server) authed(h http.HandlerFunc) http.Handler {
	want := []byte(s.cfg.Token)
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		got, ok := strings.CutPrefix(r.Header.Get("Authorization"), "Bearer ")
		if !ok || subtle.ConstantTimeCompare([]byte(strings.TrimSpace(got)), want) != 1 {
			msg := "missing bearer token: send Authorization: Bearer TOKEN (hearth serve --show-token prints it)"
			if ok {
				msg = "incorrect API token (hearth serve --show-token prints the right one)"
			}
			w.Header().Set("WWW-Authenticate", `Bearer realm="hearth"`)
			writeError(w, &Error{Status: http.StatusUnauthorized, Type: "invalid_request_error", Code: "invalid_api_key", Message: msg})
			return
		}
		h(w, r)
	})
}

func writeJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}

// IsLoopback reports whether addr (host:port) listens only on this
// computer.
func IsLoopback(addr string) bool {
	host, _, err := net.SplitHostPort(addr)
	if err != nil {
		return false
	}
	if host == "localhost" {
		return true
	}
	ip := net.ParseIP(host)
	return ip != nil && ip.IsLoopback()
}
