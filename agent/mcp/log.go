package mcp

import (
	"strings"
	"sync"

	"github.com/hearth-agent/hearth/agent/redact"
)

// DefaultLogLines is how many lines a server's log keeps.
const DefaultLogLines = 200

// maxLogLine bounds one line, so a server printing without newlines
// cannot grow the log without end.
const maxLogLine = 4 << 10

// Log is a server's bounded log: its stderr and the log messages it sends,
// the last lines kept, each redacted as it arrives. It is an io.Writer for
// a child's stderr and safe for concurrent use.
type Log struct {
	mu      sync.Mutex
	lines   []string
	max     int
	partial strings.Builder
}

// NewLog keeps the last max lines (DefaultLogLines when max <= 0).
func NewLog(max int) *Log {
	if max <= 0 {
		max = DefaultLogLines
	}
	return &Log{max: max}
}

// Write takes raw output, split into lines.
func (l *Log) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	s := string(p)
	for {
		i := strings.IndexByte(s, '\n')
		if i < 0 {
			l.partial.WriteString(s)
			if l.partial.Len() > maxLogLine {
				l.flushLocked()
			}
			return len(p), nil
		}
		l.partial.WriteString(s[:i])
		l.flushLocked()
		s = s[i+1:]
	}
}

// Add appends one line.
func (l *Log) Add(line string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.addLocked(line)
}

func (l *Log) flushLocked() {
	l.addLocked(l.partial.String())
	l.partial.Reset()
}

func (l *Log) addLocked(line string) {
	line = strings.TrimRight(line, "\r")
	if len(line) > maxLogLine {
		line = line[:maxLogLine] + " …"
	}
	l.lines = append(l.lines, redact.New().String(line))
	if over := len(l.lines) - l.max; over > 0 {
		l.lines = append(l.lines[:0:0], l.lines[over:]...)
	}
}

// Lines returns the last n lines (all when n <= 0), an unfinished line last.
func (l *Log) Lines(n int) []string {
	l.mu.Lock()
	defer l.mu.Unlock()
	out := append([]string(nil), l.lines...)
	if l.partial.Len() > 0 {
		out = append(out, redact.New().String(l.partial.String()))
	}
	if n > 0 && len(out) > n {
		out = out[len(out)-n:]
	}
	return out
}
