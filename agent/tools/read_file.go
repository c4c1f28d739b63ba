package tools

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/hearth-agent/hearth/agent/permission"
	"github.com/hearth-agent/hearth/agent/tool"
)

const (
	readDefaultLimit = 2000           // lines shown when no limit is given
	readMaxLineLen   = 2000           // longer lines are cut
	readMaxBytes     = 50 << 20       // refuse to load larger files at all
	readMaxOutput    = 256 << 10      // bytes of numbered text returned
	binarySniffLen   = 8000           // bytes inspected for NULs
	utf8BOM          = "\xef\xbb\xbf" // kept in the file, hidden from the model
	readFileName     = "read_file"    // tool name
	readTruncatedFmt = "\n[truncated: showing lines %d-%d of %d; %d more lines — call read_file with offset=%d to continue]"
)

// ReadFileParams are read_file's arguments.
type ReadFileParams struct {
	Path   string `json:"path"`
	Offset int    `json:"offset,omitempty"` // 1-based first line
	Limit  int    `json:"limit,omitempty"`  // number of lines
}

// ReadFile shows a text file with line numbers.
type ReadFile struct{ s *session }

var _ tool.Tool = (*ReadFile)(nil)

const readFileDescription = `Read a text file, shown with line numbers that are not part of it. offset (1-based) and limit read a long file in pieces. Images and PDFs are shown to models that see them.`

const readFileSchema = `{"type":"object","properties":{"path":{"type":"string"},"offset":{"type":"integer"},"limit":{"type":"integer"}},"required":["path"]}`

// Definition implements tool.Tool.
func (t *ReadFile) Definition() tool.Definition {
	return definition(readFileName, readFileDescription, readFileSchema)
}

// Run implements tool.Tool.
func (t *ReadFile) Run(ctx context.Context, args json.RawMessage) (string, error) {
	var p ReadFileParams
	if err := decode(readFileName, args, &p); err != nil {
		return "", err
	}
	if p.Path == "" {
		return "", fmt.Errorf("read_file: path is required")
	}
	if p.Offset < 0 || p.Limit < 0 {
		return "", fmt.Errorf("read_file: offset and limit must be positive")
	}
	rel, err := t.s.root.Rel(p.Path)
	if err != nil {
		return "", err
	}
	if err := t.s.gate.Check(ctx, permission.Request{Tool: readFileName, Kind: permission.KindRead, Path: rel}); err != nil {
		return "", err
	}
	fi, err := t.s.root.Stat(rel)
	if err != nil {
		return "", fmt.Errorf("read_file: %w", err)
	}
	if fi.IsDir() {
		return "", fmt.Errorf("read_file: %s is a directory — use list_dir", rel)
	}
	if fi.Size() > readMaxBytes {
		return "", fmt.Errorf("read_file: %s is %s, larger than the %s limit — use grep to find the part you need", rel, humanSize(fi.Size()), humanSize(readMaxBytes))
	}
	raw, err := t.s.files.ReadFile(ctx, t.s.root.Abs(rel))
	if err != nil {
		return "", fmt.Errorf("read_file: %w", err)
	}
	if text, ok, err := readMedia(ctx, rel, raw); ok {
		return text, err
	}
	text, note, err := decodeText(raw)
	if err != nil {
		return "", fmt.Errorf("read_file: %s: %w", rel, err)
	}
	t.s.reads.saw(rel, raw)
	return numberLines(text, p.Offset, p.Limit, note), nil
}

// numberLines renders the requested window of text as "%6d\t%s" lines.
func numberLines(text string, offset, limit int, note string) string {
	if offset == 0 {
		offset = 1
	}
	if limit == 0 {
		limit = readDefaultLimit
	}
	text = strings.TrimPrefix(text, utf8BOM)
	if text == "" {
		return note + "(empty file)"
	}
	lines := strings.SplitAfter(text, "\n")
	if lines[len(lines)-1] == "" {
		lines = lines[:len(lines)-1]
	}
	total := len(lines)
	if offset > total {
		return fmt.Sprintf("%s(offset %d is past the end: the file has %d lines)", note, offset, total)
	}
	var b strings.Builder
	b.WriteString(note)
	last := offset - 1
	for i := offset - 1; i < total && i < offset-1+limit; i++ {
		line := strings.TrimRight(lines[i], "\r\n")
		if len(line) > readMaxLineLen {
			line = cutUTF8(line, readMaxLineLen) + fmt.Sprintf(" [… line cut, %d bytes]", len(line))
		}
		if b.Len()+len(line) > readMaxOutput {
			break
		}
		fmt.Fprintf(&b, "%6d\t%s\n", i+1, line)
		last = i + 1
	}
	if last < total {
		fmt.Fprintf(&b, readTruncatedFmt, offset, last, total, total-last, last+1)
	} else if !strings.HasSuffix(text, "\n") {
		b.WriteString("(no newline at end of file)")
	}
	return strings.TrimRight(b.String(), "\n")
}

// cutUTF8 shortens s to at most n bytes without splitting a character.
func cutUTF8(s string, n int) string {
	if len(s) <= n {
		return s
	}
	for n > 0 && s[n]&0xC0 == 0x80 {
		n--
	}
	return s[:n]
}

func humanSize(n int64) string {
	switch {
	case n >= 1<<20:
		return fmt.Sprintf("%.1f MB", float64(n)/(1<<20))
	case n >= 1<<10:
		return fmt.Sprintf("%.1f KB", float64(n)/(1<<10))
	}
	return fmt.Sprintf("%d bytes", n)
}
