package assembly

import (
	"crypto/sha256"
	"encoding/binary"
	"io"
	"sync"
	"time"

	"github.com/hearth-agent/hearth/agent/prompt"
)

// Cache keeps what Build would otherwise compute the same way on every
// turn (the rendered system prompts, a local server's probed context
// window), for a caller that builds many agents such as hearth serve. A
// prompt is keyed by everything it is rendered from (workspace, OS, date,
// tool definitions, skills, plan mode), so a change of settings, trust,
// skills or MCP tools, which changes those, misses the cache; the
// workspace's instruction files are read on every turn. The zero value is
// not usable: make one with NewCache.
type Cache struct {
	mu      sync.Mutex
	prompts map[[sha256.Size]byte][2]string
	windows map[string]probed
	now     func() time.Time
}

// probed is what probeContext read from a local server (ok false: it
// could not tell), with when.
type probed struct {
	window, numCtx int
	ok             bool
	at             time.Time
	sees           bool // what Vision read, under a key of its own
}

// windowTTL is how long a probed context window is trusted: a local
// server may load the model again with another window.
const windowTTL = time.Minute

// maxPrompts bounds the cache; past it the cache starts over.
const maxPrompts = 64

// NewCache is an empty cache.
func NewCache() *Cache {
	return &Cache{prompts: map[[sha256.Size]byte][2]string{}, windows: map[string]probed{}, now: time.Now}
}

// statics are the prompt rendered from d without and with the text
// tool protocol, from the cache when present (one key serves both).
func (c *Cache) statics(d prompt.Data) (native, text string, err error) {
	render := func() (pair [2]string, err error) {
		d.TextProtocol = false
		if pair[0], err = prompt.Static(d); err != nil {
			return pair, err
		}
		d.TextProtocol = true
		pair[1], err = prompt.Static(d)
		return pair, err
	}
	if c == nil {
		p, err := render()
		return p[0], p[1], err
	}
	d.TextProtocol = false
	key := promptKey(d)
	c.mu.Lock()
	p, ok := c.prompts[key]
	c.mu.Unlock()
	if ok {
		return p[0], p[1], nil
	}
	if p, err = render(); err != nil {
		return "", "", err
	}
	c.mu.Lock()
	if len(c.prompts) >= maxPrompts {
		clear(c.prompts)
	}
	c.prompts[key] = p
	c.mu.Unlock()
	return p[0], p[1], nil
}

// promptKey hashes every input of prompt.Static; strings are written with
// their length first so no two inputs hash alike by shifting a boundary.
func promptKey(d prompt.Data) [sha256.Size]byte {
	h := sha256.New()
	n := func(n int) { _ = binary.Write(h, binary.LittleEndian, uint64(n)) }
	put := func(s string) {
		n(len(s))
		_, _ = io.WriteString(h, s)
	}
	flags := byte(0)
	if d.TextProtocol {
		flags |= 1
	}
	if d.Planning {
		flags |= 2
	}
	if d.Profile == prompt.Small {
		flags |= 4
	}
	h.Write([]byte{flags})
	put(d.Workspace)
	put(d.OS)
	put(d.Date.Format(time.DateOnly)) // the prompt shows the date alone
	n(len(d.Tools))
	for _, t := range d.Tools {
		put(t.Name)
		put(t.Description)
		put(string(t.Parameters))
	}
	n(len(d.Skills))
	for _, s := range d.Skills {
		put(s.Name)
		put(s.Description)
	}
	var key [sha256.Size]byte
	h.Sum(key[:0])
	return key
}

// window is what was probed for key within windowTTL.
func (c *Cache) window(key string) (probed, bool) {
	if c == nil {
		return probed{}, false
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	p, ok := c.windows[key]
	if !ok || c.now().Sub(p.at) > windowTTL {
		return probed{}, false
	}
	return p, true
}

func (c *Cache) keepWindow(key string, p probed) {
	if c == nil {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if len(c.windows) >= maxPrompts {
		clear(c.windows)
	}
	p.at = c.now()
	c.windows[key] = p
}
