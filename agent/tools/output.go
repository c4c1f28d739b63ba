package tools

import (
	"fmt"
	"strings"
	"sync"
)

const (
	outputHead = 16 << 10 // bytes kept from the start
	outputTail = 16 << 10 // bytes kept from the end
)

// cappedOutput streams a command's output to a progress sink as it arrives
// and keeps only its head and tail for the model, noting the total size.
type cappedOutput struct {
	progress func(string)

	mu    sync.Mutex
	head  []byte
	tail  []byte // ring buffer of the last outputTail bytes
	pos   int    // next write position in tail once it is full
	total int64
}

func newCappedOutput(progress func(string)) *cappedOutput {
	return &cappedOutput{progress: progress}
}

func (c *cappedOutput) Write(p []byte) (int, error) {
	c.progress(string(p))
	c.mu.Lock()
	defer c.mu.Unlock()
	c.total += int64(len(p))
	rest := p
	if room := outputHead - len(c.head); room > 0 {
		n := min(room, len(rest))
		c.head = append(c.head, rest[:n]...)
		rest = rest[n:]
	}
	for len(rest) > 0 {
		if len(c.tail) < outputTail {
			n := min(outputTail-len(c.tail), len(rest))
			c.tail = append(c.tail, rest[:n]...)
			rest = rest[n:]
			continue
		}
		n := copy(c.tail[c.pos:], rest)
		c.pos = (c.pos + n) % outputTail
		rest = rest[n:]
	}
	return len(p), nil
}

// String is the text for the model: everything, or head + tail with the
// amount left out.
func (c *cappedOutput) String() string {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.total == 0 {
		return "(no output)"
	}
	tail := append(append([]byte{}, c.tail[c.pos:]...), c.tail[:c.pos]...)
	kept := int64(len(c.head) + len(tail))
	if kept == c.total {
		return string(c.head) + string(tail)
	}
	// The cuts may split a character: drop the broken bytes.
	return fmt.Sprintf("%s\n[… %d bytes of output omitted (%d bytes in total); redirect to a file and grep it to see them …]\n%s",
		strings.ToValidUTF8(string(c.head), ""), c.total-kept, c.total, strings.ToValidUTF8(string(tail), ""))
}
