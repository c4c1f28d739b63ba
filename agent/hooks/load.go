// Package hooks runs hooks in the shape Claude Code documents: settings
// files whose "hooks" map an event (PreToolUse, PostToolUse,
// UserPromptSubmit, Stop, SubagentStop, SessionStart, PreCompact,
// Notification) to matcher groups of shell commands. Each command gets the
// event as JSON on stdin, runs in the workspace with a timeout and its
// process tree killed after, and answers with its exit code (2 blocks) or
// a JSON object on stdout. A project's files reach this package only
// through agent/trust, once trusted; the user's own need no trust.
package hooks

import (
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
)

// Event is a point in a session where hooks run.
type Event string

const (
	PreToolUse       Event = "PreToolUse"
	PostToolUse      Event = "PostToolUse"
	UserPromptSubmit Event = "UserPromptSubmit"
	Stop             Event = "Stop"
	SubagentStop     Event = "SubagentStop"
	SessionStart     Event = "SessionStart"
	PreCompact       Event = "PreCompact"
	Notification     Event = "Notification"
)

// Files are the settings files read, user-level (under the home) and
// project-level (under the workspace) alike.
var Files = []string{".claude/settings.json", ".claude/settings.local.json", ".hearth/settings.json"}

// Handler is one command of a matcher group.
type Handler struct {
	Type    string  `json:"type"`
	Command string  `json:"command"`
	Timeout float64 `json:"timeout"` // seconds; 0 is DefaultTimeout
}

// Group is the commands run when Matcher matches.
type Group struct {
	Matcher string    `json:"matcher"`
	Hooks   []Handler `json:"hooks"`
}

type file struct {
	Hooks map[Event][]Group `json:"hooks"`
}

// hook is one command with where it came from and its compiled matcher.
type hook struct {
	Handler
	matcher *regexp.Regexp // nil matches everything
	source  string
}

// File is one settings file's hooks as parsed; a project's come from
// agent/trust, which reads them strictly and hands on only trusted ones.
type File struct {
	Source string
	Hooks  map[Event][]Group
}

// Sources says where hooks come from.
type Sources struct {
	Home      string
	Workspace string // where hooks run
	// Project are the workspace's trusted settings files, from agent/trust.
	Project []File
}

// Set is the hooks of a session by event.
type Set struct {
	ws     string
	byEv   map[Event][]hook
	Broken []string // files or matchers that could not be read
}

// Load reads the user's settings files, then takes the project's.
func Load(src Sources) (*Set, error) {
	s := &Set{ws: src.Workspace, byEv: map[Event][]hook{}}
	if src.Home != "" {
		for _, f := range Files {
			p := filepath.Join(src.Home, filepath.FromSlash(f))
			b, err := os.ReadFile(p)
			if errors.Is(err, fs.ErrNotExist) {
				continue
			}
			if err != nil {
				s.Broken = append(s.Broken, p+": "+err.Error())
				continue
			}
			var parsed file
			if err := json.Unmarshal(b, &parsed); err != nil {
				s.Broken = append(s.Broken, fmt.Sprintf("%s: not valid JSON: %v", p, err))
				continue
			}
			s.add(File{Source: p, Hooks: parsed.Hooks})
		}
	}
	for _, f := range src.Project {
		s.add(f)
	}
	return s, nil
}

func (s *Set) add(f File) {
	source := f.Source
	for ev, groups := range f.Hooks {
		for _, g := range groups {
			var re *regexp.Regexp
			if g.Matcher != "" && g.Matcher != "*" {
				var err error
				if re, err = regexp.Compile("^(?:" + g.Matcher + ")$"); err != nil {
					s.Broken = append(s.Broken, fmt.Sprintf("%s: %s matcher %q: %v", source, ev, g.Matcher, err))
					continue
				}
			}
			for _, h := range g.Hooks {
				if h.Command == "" || (h.Type != "" && h.Type != "command") {
					continue
				}
				s.byEv[ev] = append(s.byEv[ev], hook{Handler: h, matcher: re, source: source})
			}
		}
	}
}

// Has says whether any hook is set for ev.
func (s *Set) Has(ev Event) bool { return s != nil && len(s.byEv[ev]) > 0 }

func (s *Set) matching(ev Event, value string) []hook {
	if s == nil {
		return nil
	}
	var out []hook
	for _, h := range s.byEv[ev] {
		if h.matcher == nil || h.matcher.MatchString(value) {
			out = append(out, h)
		}
	}
	return out
}
