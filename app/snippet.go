package app

import (
	"strings"
	"unicode/utf8"

	"github.com/hearth-agent/hearth/agent/confine"
)

// SnippetView is a few numbered lines of a workspace file around a line.
type SnippetView struct {
	Path  string        `json:"path"`
	Focus int           `json:"focus"`
	Lines []SnippetLine `json:"lines"`
	Total int           `json:"total"` // lines in the file
}

// SnippetLine is one numbered line.
type SnippetLine struct {
	N    int    `json:"n"`
	Text string `json:"text"`
}

const (
	snippetBefore   = 8
	snippetAfter    = 16
	snippetMaxBytes = 4 << 20
	snippetMaxLine  = 400
)

// ReadSnippet returns the lines around line in a file of the open
// workspace, for the search panel's preview. Paths are confined to the
// workspace exactly as the agent's tools are: nothing outside it is read.
func (a *Project) ReadSnippet(path string, line int) (SnippetView, error) {
	ws := a.workspace()
	if ws == "" {
		return SnippetView{}, invalidf("workspace", "open a folder first")
	}
	root, err := confine.Open(ws)
	if err != nil {
		return SnippetView{}, err
	}
	defer root.Close()
	data, err := root.ReadFile(path)
	if err != nil {
		return SnippetView{}, invalidf("path", err.Error())
	}
	if len(data) > snippetMaxBytes {
		data = data[:snippetMaxBytes]
	}
	if !utf8.Valid(data) || strings.ContainsRune(string(data[:min(len(data), 8192)]), 0) {
		return SnippetView{}, invalidf("path", path+" is not a text file")
	}
	all := strings.Split(strings.ReplaceAll(string(data), "\r\n", "\n"), "\n")
	if line < 1 {
		line = 1
	}
	from, to := max(1, line-snippetBefore), min(len(all), line+snippetAfter)
	v := SnippetView{Path: path, Focus: line, Total: len(all), Lines: []SnippetLine{}}
	for n := from; n <= to; n++ {
		text := all[n-1]
		if len(text) > snippetMaxLine {
			cut := snippetMaxLine
			for cut > 0 && !utf8.RuneStart(text[cut]) {
				cut--
			}
			text = text[:cut] + "…"
		}
		v.Lines = append(v.Lines, SnippetLine{N: n, Text: text})
	}
	return v, nil
}
