package knowledge

import (
	"bytes"
	"context"

	"github.com/hearth-agent/hearth/knowledge/inorder"
	"github.com/hearth-agent/hearth/knowledge/match"
	"github.com/hearth-agent/hearth/knowledge/rank"
	"github.com/hearth-agent/hearth/knowledge/textfile"
)

type checkedHit struct {
	Hit
	dropped bool
	// definitions maps a sentence's words to the name the file defines
	// holding each (see sentenceDefinitions).
	definitions map[string]string
}

// snippetWorkers read hit files at once: more than the cores, so one
// waiting on the disk leaves the others work.
const snippetWorkers = 8

// snippets reads the hit files in parallel and fills lines and snippets;
// hits whose file lacks a verify term's exact text are marked dropped.
// With enough, the hits are instead handed to it in order, and no more
// files are read once it returns true (see inorder.Check): a phrase's
// files are checked best first until its page is full.
// A candidate its pair sketch rules out is dropped unread.
func (x *Index) snippets(ctx context.Context, pq *parsedQuery, list rank.Ranking, enough func(checkedHit) bool) []checkedHit {
	check := func(i int) checkedHit {
		if list.RuledOut != nil && list.RuledOut[i] {
			src, rel := x.locate(list.IDs[i])
			return checkedHit{Hit: Hit{Path: rel, Source: src.label, Score: list.Scores[i]}, dropped: true}
		}
		return x.checkHit(pq, list.IDs[i], list.Scores[i])
	}
	return inorder.Check(ctx, len(list.IDs), snippetWorkers, check, enough)
}

// checkHit reads the file of one hit and finds its lines.
func (x *Index) checkHit(pq *parsedQuery, id string, score float64) checkedHit {
	src, rel := x.locate(id)
	h := checkedHit{Hit: Hit{Path: rel, Source: src.label, Score: score}}
	var head match.Lines
	defTerm, defines := pq.definers[id]
	// def:name shows the definition whatever the file's size; with a
	// capital (exact), a file not defining it in that case is dropped.
	exact := false
	if t, ok := pq.DefOnlyTerm(); ok {
		defTerm, defines, exact = t.Text, true, t.ExactCase
	}
	definedWords := pq.definedWords[id]
	peek := pq.headPeek(&head)
	if defines || len(definedWords) > 0 { // the definition may be anywhere in the file
		peek = nil
	}
	data, held, headDone, err := textfile.ReadPeek(src.absPath(rel), x.opts.MaxFileSize, peek)
	if err == nil && headDone {
		h.Line, h.Lines, h.Snippet, h.Highlights = head.Line, head.Lines, head.Snippet, head.Ranges
	} else if err == nil && !match.QuickReject(data, pq.Terms) {
		m := match.Find(data, pq.Terms)
		if defines {
			m, h.Defines = match.DefinitionFirst(data, m, defTerm, langOfPath(rel), exact)
		}
		if len(definedWords) > 0 {
			m, h.definitions = sentenceDefinitions(data, m, langOfPath(rel), definedWords)
			h.Defines = len(h.definitions) > 0
		}
		held.Release()
		h.Line, h.Lines, h.Snippet, h.Highlights = m.Line, m.Lines, m.Snippet, m.Ranges
		h.dropped = m.Unverified && !match.PathHasAll(rel, pq.Terms) || exact && !h.Defines
	} else {
		if err == nil {
			held.Release()
		}
		h.dropped = match.NeedsVerify(pq.Terms) && !match.PathHasAll(rel, pq.Terms) || exact
	}
	return h
}

// headPeek, for a lone word, finds its lines in a file's head (its whole
// lines) into m, and is satisfied when they are enough for loneLines to
// stop there; nil for other queries.
func (q *parsedQuery) headPeek(m *match.Lines) func(head []byte) bool {
	if len(q.Terms) != 1 || q.Terms[0].Verify {
		return nil
	}
	return func(head []byte) bool {
		cut := bytes.LastIndexByte(head, '\n')
		if cut < 0 {
			return false
		}
		*m = match.Find(head[:cut+1], q.Terms)
		return len(m.Lines) >= match.MaxLines
	}
}
