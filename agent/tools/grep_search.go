package tools

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"io/fs"
	"os"
	"runtime"
	"slices"
	"strings"
	"sync"

	"github.com/hearth-agent/hearth/agent/confine"
	"github.com/hearth-agent/hearth/agent/tool"
)

// grepResult gathers matches from the workers.
type grepResult struct {
	mu      sync.Mutex
	byFile  map[string][]string
	total   int
	partial bool // counting stopped at the ceiling
}

// search greps start (a file or a directory) with a worker per CPU.
func (s *session) search(ctx context.Context, start string, isDir bool, q query) (*grepResult, error) {
	res := &grepResult{byFile: make(map[string][]string)}
	ceiling := q.max * grepCountLimit
	if !isDir {
		if s.gate.ReadDenied(start) {
			return nil, &tool.DeniedError{Reason: "a rule forbids reading " + start}
		}
		content, err := readSmall(func() (*os.File, fs.FileInfo, error) { return s.root.OpenRegular(start) }, grepMaxFileSize)
		if err != nil {
			return nil, err
		}
		res.add(start, q.matchLines(start, content, ceiling), ceiling)
		return res, nil
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	jobs := make(chan fileJob, 256)
	var wg sync.WaitGroup
	for range runtime.GOMAXPROCS(0) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for job := range jobs {
				if q.wants(job.rel) && s.fileKept(job.rel) {
					content, err := readSmall(func() (*os.File, fs.FileInfo, error) {
						return confine.OpenRegularIn(job.dir.root, job.name)
					}, grepMaxFileSize)
					if err == nil && content != nil && res.add(job.rel, q.matchLines(job.rel, content, ceiling), ceiling) {
						cancel()
					}
				}
				job.dir.release()
			}
		}()
	}
	walkErr := s.walkJobs(ctx, start, jobs)
	close(jobs)
	wg.Wait()
	if res.partial {
		return res, nil
	}
	if err := ctx.Err(); err != nil {
		return nil, err
	}
	if walkErr != nil {
		return nil, walkErr
	}
	return res, nil
}

// add records a file's matches and reports whether the ceiling is reached.
func (r *grepResult) add(rel string, lines []string, ceiling int) bool {
	if len(lines) == 0 {
		return false
	}
	r.mu.Lock()
	defer r.mu.Unlock()
	r.byFile[rel] = lines
	r.total += len(lines)
	if r.total >= ceiling {
		r.partial = true
	}
	return r.partial
}

func (r *grepResult) render(pattern string, max int) string {
	if r.total == 0 {
		return fmt.Sprintf("No matches for %q (each line is matched alone; ignored, binary and over-8-MB files are not searched).", pattern)
	}
	files := make([]string, 0, len(r.byFile))
	for f := range r.byFile {
		files = append(files, f)
	}
	slices.Sort(files)
	var b strings.Builder
	shown := 0
	for _, f := range files {
		for _, l := range r.byFile[f] {
			if shown == max {
				break
			}
			b.WriteString(l)
			b.WriteByte('\n')
			shown++
		}
	}
	switch {
	case r.partial:
		fmt.Fprintf(&b, "[showing %d of more than %d matches — narrow the pattern, path or include]", shown, r.total)
	case shown < r.total:
		fmt.Fprintf(&b, "[showing %d of %d matches in %d files — narrow the pattern, path or include]", shown, r.total, len(files))
	}
	return strings.TrimRight(b.String(), "\n")
}

// readSmall reads a regular file unless it is larger than max (then nil,
// nil), so a stray multi-gigabyte file is never loaded. open returns the
// file with its info.
func readSmall(open func() (*os.File, fs.FileInfo, error), max int64) ([]byte, error) {
	f, fi, err := open()
	if err != nil {
		return nil, err
	}
	defer f.Close()
	if fi.Size() > max {
		return nil, nil
	}
	var buf bytes.Buffer
	buf.Grow(int(fi.Size()) + bytes.MinRead)
	if _, err := buf.ReadFrom(io.LimitReader(f, max+1)); err != nil {
		return nil, err
	}
	if int64(buf.Len()) > max {
		return nil, nil // grew while reading
	}
	return buf.Bytes(), nil
}
