// Package oneshot is a one-shot search of a workspace (`hearth search`),
// or a look at its index (`hearth index`), answered by the Hearth process
// holding the workspace's index when there is one: the window, serve or
// acp answers over a unix socket beside the index, so a one-shot reads
// the live index instead of building a private copy, which took as long
// as a first build.
package oneshot

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"os"
	"runtime"
	"sync"
	"time"

	"github.com/hearth-agent/hearth/knowledge"
)

// maxRequest bounds a request's size; a query is a line.
const maxRequest = 64 << 10

// ioTimeout bounds how long a connection may take to send its request or
// read the reply, so a stuck peer cannot hold a handler forever.
const ioTimeout = time.Minute

// maxSocketPath is the longest path a unix socket may have.
const maxSocketPath = 107

// socketPath is where the holder of the index kept in dir answers:
// beside it, since the socket must not be among the index's files.
func socketPath(dir string) string { return dir + ".sock" }

type request struct {
	Query string `json:"query"`
	Limit int    `json:"limit"`
	// Index asks for the index's state (Index) instead of a search.
	Index bool `json:"index,omitempty"`
}

type reply struct {
	Results  knowledge.Results `json:"results"`
	Index    *Held             `json:"index,omitempty"`
	Error    string            `json:"error,omitempty"`
	BadQuery bool              `json:"badQuery,omitempty"`
}

// Held is the index as the process holding it keeps it.
type Held struct {
	Status knowledge.Status `json:"status"`
	Bytes  int64            `json:"bytes"` // its size on disk
	Dir    string           `json:"dir"`
}

// Search answers one search as `hearth search` does: by the process
// holding the workspace's index when one answers, else by opening the
// index here with opts.
func Search(ctx context.Context, opts knowledge.Options, q string, limit int) (knowledge.Results, error) {
	if res, ok, err := ask(ctx, opts, q, limit); ok {
		return res, err
	}
	x, err := knowledge.Open(ctx, opts)
	if err != nil {
		return knowledge.Results{}, err
	}
	defer x.Close()
	return search(ctx, x, q, limit)
}

// search is the search a one-shot makes, over the workspace only (a
// holder's index may also hold knowledge folders).
func search(ctx context.Context, x *knowledge.Index, q string, limit int) (knowledge.Results, error) {
	if err := x.Wait(ctx); err != nil {
		return knowledge.Results{}, err
	}
	workspaceOnly := knowledge.KeepOnly(func(source, _ string) bool { return source == "" })
	return x.Search(ctx, q, limit, knowledge.RetryAsPrefix, knowledge.AnyWord, knowledge.Questions, workspaceOnly)
}

// ask puts the search to the index's holder; ok is false when none
// answered (no holder, or it went away), and the caller searches itself.
func ask(ctx context.Context, opts knowledge.Options, q string, limit int) (res knowledge.Results, ok bool, err error) {
	r, ok, err := roundTrip(ctx, opts, request{Query: q, Limit: limit})
	return r.Results, ok, err
}

// Index waits until the process holding the workspace's index has it
// ready and says what it holds; ok is false when no process holds it.
func Index(ctx context.Context, opts knowledge.Options) (Held, bool, error) {
	r, ok, err := roundTrip(ctx, opts, request{Index: true})
	switch {
	case !ok || err != nil:
		return Held{}, ok, err
	case r.Index == nil:
		return Held{}, true, errors.New("the Hearth holding the index did not say what it holds")
	}
	return *r.Index, true, nil
}

// roundTrip sends req to the index's holder and reads its reply; ok is
// false when none answered.
func roundTrip(ctx context.Context, opts knowledge.Options, req request) (r reply, ok bool, err error) {
	dir, err := knowledge.DirOf(opts)
	if err != nil {
		return reply{}, false, nil
	}
	var d net.Dialer
	conn, err := d.DialContext(ctx, "unix", socketPath(dir))
	if err != nil {
		return reply{}, false, nil
	}
	defer conn.Close()
	stop := context.AfterFunc(ctx, func() { _ = conn.SetDeadline(time.Unix(1, 0)) })
	defer stop()
	if err := json.NewEncoder(conn).Encode(req); err != nil {
		if ctx.Err() != nil {
			return reply{}, true, ctx.Err()
		}
		return reply{}, false, nil
	}
	if err := json.NewDecoder(bufio.NewReader(conn)).Decode(&r); err != nil {
		if ctx.Err() != nil {
			return reply{}, true, ctx.Err()
		}
		return reply{}, false, nil
	}
	switch {
	case r.BadQuery:
		return reply{}, true, relayedBadQuery{r.Error}
	case r.Error != "":
		return reply{}, true, fmt.Errorf("the Hearth holding the index: %s", r.Error)
	}
	return r, true, nil
}

// relayedBadQuery is the holder's knowledge.ErrBadQuery, its message kept.
type relayedBadQuery struct{ msg string }

func (e relayedBadQuery) Error() string { return e.msg }
func (e relayedBadQuery) Unwrap() error { return knowledge.ErrBadQuery }

// Answer answers other processes' one-shot searches of x's workspace
// until stop is called (before x is closed). It is best effort: where x
// is a private copy, or no socket can be made, one-shots search alone.
func Answer(x *knowledge.Index) (stop func()) {
	dir, shared := x.SharedDir()
	path := socketPath(dir)
	if !shared || len(path) > maxSocketPath || runtime.GOOS == "windows" {
		return func() {}
	}
	// This process holds the index's lock, so a socket left there is a
	// dead holder's.
	_ = os.Remove(path)
	ln, err := net.Listen("unix", path)
	if err != nil {
		return func() {}
	}
	if err := os.Chmod(path, 0o600); err != nil {
		_ = ln.Close()
		return func() {}
	}
	ctx, cancel := context.WithCancel(context.Background())
	var wg sync.WaitGroup
	wg.Add(1)
	go func() {
		defer wg.Done()
		for {
			conn, err := ln.Accept()
			if err != nil {
				return
			}
			wg.Add(1)
			go func() {
				defer wg.Done()
				answerOne(ctx, x, conn)
			}()
		}
	}()
	var once sync.Once
	return func() {
		once.Do(func() {
			cancel()
			_ = ln.Close()
			wg.Wait()
			_ = os.Remove(path)
		})
	}
}

func answerOne(ctx context.Context, x *knowledge.Index, conn net.Conn) {
	defer conn.Close()
	if !sameUser(conn) {
		return
	}
	_ = conn.SetDeadline(time.Now().Add(ioTimeout))
	var req request
	if err := json.NewDecoder(io.LimitReader(conn, maxRequest)).Decode(&req); err != nil || !req.Index && req.Limit <= 0 {
		return
	}
	var r reply
	var err error
	if req.Index {
		if err = x.Wait(ctx); err == nil {
			r.Index = &Held{Status: x.Status(), Bytes: x.IndexBytes(), Dir: x.Dir()}
		}
	} else {
		r.Results, err = search(ctx, x, req.Query, req.Limit)
	}
	if err != nil {
		r = reply{Error: err.Error(), BadQuery: errors.Is(err, knowledge.ErrBadQuery)}
	}
	_ = json.NewEncoder(conn).Encode(r)
}
