package edit

import (
	"fmt"
	"regexp"
	"strings"
)

// Block is one SEARCH/REPLACE block of an LLM reply.
type Block struct {
	Path    string // as written in the reply, undecorated
	Search  string
	Replace string
	Line    int // 1-based line of the SEARCH marker in the reply
}

// Edit returns the block as an Edit.
func (b Block) Edit() Edit { return Edit{Search: b.Search, Replace: b.Replace} }

// ParseError reports a reply that cannot be read as blocks: a truncated
// block or one with no file path.
type ParseError struct {
	Block  int // 1-based
	Line   int // 1-based line in the reply
	Reason string
}

func (e *ParseError) Error() string {
	return fmt.Sprintf("block %d (line %d): %s", e.Block, e.Line, e.Reason)
}

var (
	searchRe  = regexp.MustCompile(`^\s*<{5,9} ?SEARCH>?\s*$`)
	dividerRe = regexp.MustCompile(`^\s*={5,9}\s*$`)
	replaceRe = regexp.MustCompile(`^\s*>{5,9} ?REPLACE\s*$`)
	fenceRe   = regexp.MustCompile("^\\s*(`{3,4})\\s*([^`\\s]*)\\s*$")
)

// pathLookback is how many lines above a SEARCH marker may hold its path.
const pathLookback = 4

// ParseBlocks reads every SEARCH/REPLACE block of reply, in order:
//
//	path/to/file.go
//	```go
//	<<<<<<< SEARCH
//	old lines
//	=======
//	new lines
//	>>>>>>> REPLACE
//	```
//
// The path may be decorated (backticks, **bold**, a trailing colon, a
// heading, or alone in its own fence); a block with no path above it reuses
// the previous block's. Markers have 5 to 9 characters; fences of 3 or 4
// backticks are optional; CRLF replies are fine. Lines inside shell fences
// are never taken for paths.
func ParseBlocks(reply string) ([]Block, error) {
	lines := strings.Split(strings.ReplaceAll(reply, "\r\n", "\n"), "\n")
	fs := &fences{shell: make([]bool, len(lines)), open: -1}
	var blocks []Block
	prev, floor := "", 0
	for i := 0; i < len(lines); i++ {
		if !searchRe.MatchString(lines[i]) {
			fs.step(lines, i)
			continue
		}
		n := len(blocks) + 1
		path := findPath(lines, i, floor, fs)
		if path == "" {
			path = prev
		}
		if path == "" {
			return nil, &ParseError{Block: n, Line: i + 1, Reason: "no file path on the lines above <<<<<<< SEARCH"}
		}
		search, j, err := collect(lines, i+1, dividerRe, "=======", n, i)
		if err != nil {
			return nil, err
		}
		repl, k, err := collect(lines, j+1, replaceRe, ">>>>>>> REPLACE", n, i)
		if err != nil {
			return nil, err
		}
		blocks = append(blocks, Block{Path: path, Search: search, Replace: repl, Line: i + 1})
		prev, i, floor = path, k, k+1
	}
	return blocks, nil
}

// collect gathers lines from start up to the line matching end, returning
// them as text and the index of the end line.
func collect(lines []string, start int, end *regexp.Regexp, want string, block, at int) (string, int, error) {
	var b strings.Builder
	for j := start; j < len(lines); j++ {
		switch {
		case end.MatchString(lines[j]):
			return b.String(), j, nil
		case searchRe.MatchString(lines[j]) || (end == dividerRe && replaceRe.MatchString(lines[j])):
			return "", 0, &ParseError{Block: block, Line: j + 1,
				Reason: fmt.Sprintf("found %q before the %s that ends the block started at line %d", strings.TrimSpace(lines[j]), want, at+1)}
		}
		b.WriteString(lines[j])
		b.WriteByte('\n')
	}
	return "", 0, &ParseError{Block: block, Line: at + 1, Reason: "truncated: no " + want + " before the end of the reply"}
}

// fences tracks markdown fences outside blocks, so shell snippets are known.
type fences struct {
	in, isShell bool
	ticks       string
	open        int // line of the open fence, -1 when none
	shell       []bool
}

func (f *fences) step(lines []string, i int) {
	m := fenceRe.FindStringSubmatch(lines[i])
	switch {
	case m != nil && !f.in:
		f.in, f.ticks, f.open, f.isShell = true, m[1], i, shellLangs[strings.ToLower(m[2])]
	case m != nil && f.in && m[1] == f.ticks && m[2] == "":
		f.in, f.open, f.isShell = false, -1, false
	case f.in:
		f.shell[i] = f.isShell
	}
}

var shellLangs = map[string]bool{"bash": true, "sh": true, "shell": true, "zsh": true, "console": true,
	"shell-session": true, "powershell": true, "ps1": true, "pwsh": true, "cmd": true, "bat": true, "fish": true}

// findPath looks at the few lines above a SEARCH marker, down to floor (the
// end of the previous block), for the file path.
func findPath(lines []string, at, floor int, f *fences) string {
	for j := at - 1; j >= floor && j >= at-pathLookback; j-- {
		l := strings.TrimSpace(lines[j])
		if l == "" {
			continue
		}
		if m := fenceRe.FindStringSubmatch(l); m != nil {
			// A path alone in its own fence: ``` / path / ``` just above.
			if m[2] == "" && j-2 >= floor && fenceRe.MatchString(lines[j-2]) && !f.shell[j-1] {
				if p, ok := pathOf(lines[j-1], true); ok {
					return p
				}
			}
			// Some models name the file as the fence's info string.
			if info := m[2]; strings.ContainsAny(strings.TrimLeft(info, "."), "./") {
				if p, ok := pathOf(info, false); ok {
					return p
				}
			}
			continue // the fence around this block
		}
		if f.shell[j] && !(f.in && j > f.open) {
			return "" // a command in an earlier shell snippet
		}
		p, _ := pathOf(lines[j], false)
		return p // the nearest text line decides: a path, or prose
	}
	return ""
}

var bareNames = map[string]bool{"Makefile": true, "Dockerfile": true, "Containerfile": true, "Rakefile": true,
	"Gemfile": true, "Procfile": true, "Justfile": true, "Jenkinsfile": true, "Vagrantfile": true,
	"LICENSE": true, "README": true, "CODEOWNERS": true, "Brewfile": true, "Caddyfile": true}

// pathOf undecorates a line and says whether it is a file path rather than
// prose: a path is one token that looks like a file (a separator, an
// extension or a well-known name), or anything in backticks or a fence.
func pathOf(l string, fenced bool) (string, bool) {
	s := strings.TrimSpace(l)
	s = strings.TrimSpace(strings.TrimLeft(s, "#"))
	decorated := fenced
	for range 3 {
		t := strings.TrimSuffix(s, ":")
		t = strings.Trim(t, "*")
		if strings.HasPrefix(t, "`") && strings.HasSuffix(t, "`") && len(t) > 1 {
			t, decorated = strings.Trim(t, "`"), true
		}
		t = strings.TrimSpace(t)
		if t == s {
			break
		}
		s = t
	}
	if s == "" || strings.ContainsAny(s, "`<>|\"") || strings.HasSuffix(s, ".") || strings.HasSuffix(s, ",") {
		return "", false
	}
	if strings.ContainsAny(s, " \t") && !decorated {
		return "", false
	}
	if decorated || strings.ContainsAny(s, "/\\") || bareNames[s] ||
		(strings.Contains(strings.TrimLeft(s, "."), ".")) || strings.HasPrefix(s, ".") {
		return s, true
	}
	return "", false
}
