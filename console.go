package main

import (
	"io"
	"os"
	"sync"
)

// attachOnWrite attaches the console the first time something is written,
// so a usage error before the window opens reaches the terminal while a
// window opened from one leaves that terminal alone.
type attachOnWrite struct {
	once   sync.Once
	attach func()
	out    func() io.Writer // read after attach, which may replace os.Stderr
}

func (w *attachOnWrite) Write(p []byte) (int, error) {
	w.once.Do(w.attach)
	return w.out().Write(p)
}

// consoleStderr is os.Stderr, attached to the parent's console on first use.
func consoleStderr() io.Writer {
	return &attachOnWrite{attach: attachConsole, out: func() io.Writer { return os.Stderr }}
}
