package cli

import (
	"fmt"
	"sync"

	"github.com/hearth-agent/hearth/agent/process"
)

// shownPorts remembers which listening ports a run has printed, so each is
// told once.
type shownPorts struct {
	mu   sync.Mutex
	seen map[string]bool
}

// ProcessesChanged prints, in text mode, each port a background process
// starts listening on (conversation.ProcessSink).
func (s runSink) ProcessesChanged(procs []process.Info) {
	if s.json || s.ports == nil {
		return
	}
	s.ports.mu.Lock()
	defer s.ports.mu.Unlock()
	if s.ports.seen == nil {
		s.ports.seen = map[string]bool{}
	}
	for _, p := range procs {
		for _, a := range p.Ports {
			if key := p.ID + " " + a; !s.ports.seen[key] {
				s.ports.seen[key] = true
				// Not the command: it may hold a key, and this line is not redacted.
				fmt.Fprintf(s.env.Stderr, "hearth run: background process %s is listening on %s\n", p.ID, a)
			}
		}
	}
}
