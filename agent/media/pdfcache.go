package media

import "sync"

// readings keeps the last few PDFs' readings by content: a PDF in a
// conversation's history is read again for every request on a wire without
// documents, and a hostile one would cost its whole time bound each time.
var readings = &readingCache{max: 16}

type readingCache struct {
	mu    sync.Mutex
	max   int
	order [][32]byte // oldest first
	m     map[[32]byte]reading
}

type reading struct {
	rep readerReply
	err error
}

func (c *readingCache) get(key [32]byte) (reading, bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	r, ok := c.m[key]
	return r, ok
}

func (c *readingCache) put(key [32]byte, r reading) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.m == nil {
		c.m = map[[32]byte]reading{}
	}
	if _, ok := c.m[key]; ok {
		return
	}
	if len(c.order) == c.max {
		delete(c.m, c.order[0])
		c.order = c.order[1:]
	}
	c.order = append(c.order, key)
	c.m[key] = r
}
