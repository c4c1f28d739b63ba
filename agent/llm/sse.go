package llm

import (
	"bytes"
	"errors"
	"fmt"
	"io"
)

// SSEEvent is one dispatched server-sent event.
type SSEEvent struct {
	Type string // "message" when the stream named none
	Data string
	ID   string
}

// ErrLineTooLong is returned for an SSE line longer than the decoder
// allows, ErrEventTooLong for an event whose data lines together are; both
// are ErrTooLarge.
var (
	ErrLineTooLong  = fmt.Errorf("sse: line too long: %w", ErrTooLarge)
	ErrEventTooLong = fmt.Errorf("sse: event too long: %w", ErrTooLarge)
)

// SSEDecoder parses a text/event-stream by the WHATWG rules: lines end in
// CRLF, LF or CR; a leading BOM is dropped; ":" lines are comments; a field's
// value loses one leading space; data lines join with "\n"; a blank line
// dispatches. One deliberate difference: an event left without its closing
// blank line at EOF is still dispatched, because several LLM servers end
// their streams that way and dropping it would lose the last chunk.
type SSEDecoder struct {
	r       io.Reader
	buf     []byte
	start   int
	end     int
	skipLF  bool // the previous line ended in CR; a following LF belongs to it
	eof     bool
	err     error
	first   bool
	MaxLine int // bounds one line and one event's data, in bytes
	typ     []byte
	data    []byte
	hasData bool
	lastID  string
	pending bool
}

// NewSSEDecoder reads events from r.
func NewSSEDecoder(r io.Reader) *SSEDecoder {
	return &SSEDecoder{r: r, buf: make([]byte, 32<<10), first: true, MaxLine: 64 << 20}
}

// line returns the next line without its terminator. The slice is valid
// until the next call.
func (d *SSEDecoder) line() ([]byte, error) {
	for {
		b := d.buf[d.start:d.end]
		if d.skipLF && len(b) > 0 {
			d.skipLF = false
			if b[0] == '\n' {
				d.start++
				continue
			}
		}
		lf := bytes.IndexByte(b, '\n')
		search := b
		if lf >= 0 {
			search = b[:lf]
		}
		if cr := bytes.IndexByte(search, '\r'); cr >= 0 {
			d.start += cr + 1
			d.skipLF = true
			return b[:cr], nil
		}
		if lf >= 0 {
			d.start += lf + 1
			return b[:lf], nil
		}
		if d.eof {
			if len(b) == 0 {
				return nil, d.err
			}
			d.start = d.end
			return b, nil
		}
		d.fill()
	}
}

func (d *SSEDecoder) fill() {
	if d.start > 0 {
		n := copy(d.buf, d.buf[d.start:d.end])
		d.start, d.end = 0, n
	}
	if d.end == len(d.buf) {
		if len(d.buf) >= d.MaxLine {
			d.eof, d.err = true, ErrLineTooLong
			d.start, d.end = 0, 0
			return
		}
		nb := make([]byte, min(2*len(d.buf), d.MaxLine))
		copy(nb, d.buf[:d.end])
		d.buf = nb
	}
	n, err := d.r.Read(d.buf[d.end:])
	d.end += n
	if err != nil {
		d.eof = true
		d.err = err
		if errors.Is(err, io.EOF) {
			d.err = io.EOF
		}
	}
}

// Next returns the next event, io.EOF at the end of a cleanly ended stream,
// or the read error that cut it.
func (d *SSEDecoder) Next() (SSEEvent, error) {
	for {
		ln, err := d.line()
		if err != nil {
			if d.pending && d.hasData && err == io.EOF {
				return d.dispatch(), nil
			}
			if err != io.EOF {
				return SSEEvent{}, fmt.Errorf("reading the event stream: %w", err)
			}
			return SSEEvent{}, io.EOF
		}
		if d.first {
			d.first = false
			ln = bytes.TrimPrefix(ln, []byte("\xEF\xBB\xBF"))
		}
		if len(ln) == 0 {
			if d.hasData {
				return d.dispatch(), nil
			}
			d.typ, d.pending = d.typ[:0], false
			continue
		}
		if ln[0] == ':' {
			continue
		}
		d.pending = true
		field, value := ln, []byte(nil)
		if i := bytes.IndexByte(ln, ':'); i >= 0 {
			field, value = ln[:i], ln[i+1:]
			if len(value) > 0 && value[0] == ' ' {
				value = value[1:]
			}
		}
		switch string(field) {
		case "data":
			if len(d.data)+len(value) >= d.MaxLine {
				d.data, d.hasData = d.data[:0], false
				return SSEEvent{}, fmt.Errorf("reading the event stream: %w", ErrEventTooLong)
			}
			if d.hasData {
				d.data = append(d.data, '\n')
			}
			d.data = append(d.data, value...)
			d.hasData = true
		case "event":
			d.typ = append(d.typ[:0], value...)
		case "id":
			if bytes.IndexByte(value, 0) < 0 {
				d.lastID = string(value)
			}
		}
	}
}

func (d *SSEDecoder) dispatch() SSEEvent {
	ev := SSEEvent{Type: "message", Data: string(d.data), ID: d.lastID}
	if len(d.typ) > 0 {
		ev.Type = string(d.typ)
	}
	d.typ, d.data, d.hasData, d.pending = d.typ[:0], d.data[:0], false, false
	return ev
}
