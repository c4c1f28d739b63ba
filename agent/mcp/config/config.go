// Package config reads and writes MCP server lists in the format Claude
// Desktop and Claude Code use, {"mcpServers": {NAME: {...}}}, so a user's
// existing files work unchanged: Hearth's own <user config dir>/Hearth/mcp.json,
// a project's .mcp.json and files passed to `hearth run --mcp-config`.
package config

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"net/url"
	"regexp"
	"slices"
	"strings"
	"time"
)

// Transport names how Hearth reaches a server.
type Transport string

const (
	Stdio Transport = "stdio" // a child process speaking on stdin/stdout
	HTTP  Transport = "http"  // streamable HTTP, falling back to legacy SSE
	SSE   Transport = "sse"   // the legacy HTTP+SSE transport only
)

// Scope says which file a server comes from.
type Scope string

const (
	ScopeUser    Scope = "user"    // <user config dir>/Hearth/mcp.json: the person's own
	ScopeProject Scope = "project" // the workspace's .mcp.json: needs trust
	ScopeRun     Scope = "run"     // --mcp-config: trusted for the run
)

// Server is one entry of mcpServers, as written (before ${VAR} expansion).
type Server struct {
	Type     Transport         `json:"type,omitempty"`
	Command  string            `json:"command,omitempty"`
	Args     []string          `json:"args,omitempty"`
	Env      map[string]string `json:"env,omitempty"`
	Cwd      string            `json:"cwd,omitempty"`
	URL      string            `json:"url,omitempty"`
	Headers  map[string]string `json:"headers,omitempty"`
	Disabled bool              `json:"disabled,omitempty"`
	// Timeout bounds one tool call, in milliseconds; 0 is DefaultTimeout.
	Timeout int `json:"timeout,omitempty"`
	// DisabledTools are tools of the server the model is not offered.
	DisabledTools []string `json:"disabledTools,omitempty"`
	// OAuth names a client registered with the server's authorization
	// server in advance (as Claude Code's "oauth"); without it Hearth
	// registers itself dynamically when the server asks to sign in.
	OAuth *OAuth `json:"oauth,omitempty"`
}

// OAuth is a pre-registered OAuth client.
type OAuth struct {
	ClientID     string `json:"clientId,omitempty"`
	ClientSecret string `json:"clientSecret,omitempty"` // may be ${keychain:…}
	CallbackPort int    `json:"callbackPort,omitempty"`
}

// DefaultTimeout bounds a tool call whose server sets no timeout.
const DefaultTimeout = 2 * time.Minute

// CallTimeout is the server's per-call timeout.
func (s Server) CallTimeout() time.Duration {
	if s.Timeout > 0 {
		return time.Duration(s.Timeout) * time.Millisecond
	}
	return DefaultTimeout
}

// Kind is the server's transport, inferred the way Claude Code does when
// "type" is left out.
func (s Server) Kind() Transport {
	if s.Type != "" {
		return s.Type
	}
	if s.Command == "" && s.URL != "" {
		return HTTP
	}
	return Stdio
}

// Named is a server with its name and the file it came from.
type Named struct {
	Name   string
	Scope  Scope
	Source string // the file it was read from
	Server
}

// File is one parsed servers file. Fields Hearth does not know are kept,
// so writing the file back loses nothing another app put there.
type File struct {
	Servers map[string]Server
	rest    map[string]json.RawMessage
	raw     map[string]json.RawMessage // each server as read
}

// namePattern is what Hearth accepts as a server name: it becomes part of
// tool names (mcp__NAME__tool) and keychain references.
var namePattern = regexp.MustCompile(`^[A-Za-z0-9_.-]{1,64}$`)

// ValidateName reports whether name can name a server.
func ValidateName(name string) error {
	if !namePattern.MatchString(name) {
		return fmt.Errorf("server name %q: use 1 to 64 letters, digits, '_', '-' or '.'", name)
	}
	return nil
}

// Parse reads a servers file. A missing "mcpServers" is an empty list.
func Parse(b []byte) (*File, error) {
	f := &File{Servers: map[string]Server{}, rest: map[string]json.RawMessage{}, raw: map[string]json.RawMessage{}}
	if len(bytes.TrimSpace(b)) == 0 {
		return f, nil
	}
	if err := json.Unmarshal(b, &f.rest); err != nil {
		return nil, fmt.Errorf("not a JSON object: %w", err)
	}
	servers, ok := f.rest["mcpServers"]
	if !ok {
		return f, nil
	}
	delete(f.rest, "mcpServers")
	if err := json.Unmarshal(servers, &f.raw); err != nil {
		return nil, fmt.Errorf("mcpServers: %w", err)
	}
	for name, raw := range f.raw {
		var s Server
		if err := json.Unmarshal(raw, &s); err != nil {
			return nil, fmt.Errorf("mcpServers.%s: %w", name, err)
		}
		if err := s.Validate(name); err != nil {
			return nil, err
		}
		f.Servers[name] = s
	}
	return f, nil
}

// Validate reports what is wrong with one server entry.
func (s Server) Validate(name string) error {
	if err := ValidateName(name); err != nil {
		return err
	}
	switch s.Kind() {
	case Stdio:
		if s.Command == "" {
			return fmt.Errorf("server %s: a stdio server needs a command", name)
		}
	case HTTP, SSE:
		if s.URL == "" {
			return fmt.Errorf("server %s: an %s server needs a url", name, s.Kind())
		}
		if !strings.Contains(s.URL, "${") {
			u, err := url.Parse(s.URL)
			if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
				return fmt.Errorf("server %s: url %q is not an http(s) URL", name, s.URL)
			}
		}
	default:
		return fmt.Errorf("server %s: unknown type %q (want stdio, http or sse)", name, s.Type)
	}
	if s.Timeout < 0 {
		return fmt.Errorf("server %s: timeout must be positive milliseconds", name)
	}
	return nil
}

// Names returns the servers' names in order.
func (f *File) Names() []string {
	names := make([]string, 0, len(f.Servers))
	for n := range f.Servers {
		names = append(names, n)
	}
	slices.Sort(names)
	return names
}

// Set adds or replaces a server.
func (f *File) Set(name string, s Server) error {
	if err := s.Validate(name); err != nil {
		return err
	}
	b, err := json.Marshal(s)
	if err != nil {
		return err
	}
	f.Servers[name] = s
	f.raw[name] = b
	return nil
}

// ErrNoServer is returned for a name the file does not have.
var ErrNoServer = errors.New("no such MCP server")

// Remove deletes a server.
func (f *File) Remove(name string) error {
	if _, ok := f.Servers[name]; !ok {
		return fmt.Errorf("%w: %s", ErrNoServer, name)
	}
	delete(f.Servers, name)
	delete(f.raw, name)
	return nil
}

// Marshal writes the file back, indented, keeping what it did not parse.
func (f *File) Marshal() ([]byte, error) {
	out := make(map[string]any, len(f.rest)+1)
	for k, v := range f.rest {
		out[k] = v
	}
	out["mcpServers"] = f.raw
	b, err := json.MarshalIndent(out, "", "  ")
	if err != nil {
		return nil, err
	}
	return append(b, '\n'), nil
}

// List returns the file's servers, named, sorted.
func (f *File) List(scope Scope, source string) []Named {
	out := make([]Named, 0, len(f.Servers))
	for _, n := range f.Names() {
		out = append(out, Named{Name: n, Scope: scope, Source: source, Server: f.Servers[n]})
	}
	return out
}
