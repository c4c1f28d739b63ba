package app

import (
	"strings"
	"time"

	"github.com/hearth-agent/hearth/knowledge"
)

// IndexEventName carries knowledge.Status updates (progress, watcher state).
const IndexEventName = "index"

// SearchView is the search panel's result list.
type SearchView struct {
	Total   int             `json:"total"`
	TookMs  int64           `json:"tookMs"`
	Hits    []knowledge.Hit `json:"hits"`
	Partial bool            `json:"partial"`
	Approx  bool            `json:"approx"` // Total is an estimate
	// AsPrefix: the query found nothing, and this answers it with its
	// last word as a prefix (knowledge.RetryAsPrefix).
	AsPrefix bool `json:"asPrefix"`
	// AnyWord: the sentence found nothing, and this ranks files holding
	// any of its words (knowledge.AnyWord).
	AnyWord bool `json:"anyWord"`
	// Question names the words that ranked a question in plain words
	// (knowledge.Questions), weightiest first; "" otherwise. Each hit's
	// Matched says which of them it holds.
	Question string `json:"question"`
}

func (a *App) currentIndex() *knowledge.Index { return a.project().Index() }

// IndexStatus reports the workspace index's state for the status bar.
func (a *Project) IndexStatus() knowledge.Status {
	if ix := a.currentIndex(); ix != nil {
		return ix.Status()
	}
	return knowledge.Status{State: knowledge.StateClosed, Watcher: knowledge.WatchOff}
}

// SearchWorkspace runs a search-panel query over the index; one that
// finds nothing while its last word is being typed is answered for that
// word as a prefix, a sentence that finds nothing for any of its words,
// a question by its meaningful words, and the view says which.
func (a *Project) SearchWorkspace(query string, limit int) (SearchView, error) {
	ix := a.currentIndex()
	if ix == nil && a.workspace() == "" {
		return SearchView{}, invalidf("workspace", "open a folder first")
	}
	if ix == nil { // knowledge folders changed: the old index is closing
		return SearchView{}, invalidf("workspace", "the index is reopening; search again in a moment")
	}
	query = strings.TrimSpace(query)
	if query == "" {
		return SearchView{Hits: []knowledge.Hit{}}, nil
	}
	if limit <= 0 || limit > 200 {
		limit = 50
	}
	ctx, cancel := a.callCtx(5 * time.Second)
	defer cancel()
	res, err := ix.Search(ctx, query, limit, knowledge.RetryAsPrefix, knowledge.AnyWord, knowledge.Questions)
	if err != nil {
		return SearchView{}, invalidf("query", err.Error())
	}
	if res.Hits == nil {
		res.Hits = []knowledge.Hit{}
	}
	return SearchView{Total: res.Total, TookMs: res.Took.Milliseconds(), Hits: res.Hits, Partial: res.Partial, Approx: res.Approx,
		AsPrefix: res.AsPrefix != "", AnyWord: res.AnyWord != "", Question: res.Question}, nil
}

// FindFiles is the fuzzy file-name lookup behind @-mentions.
func (a *Composer) FindFiles(pattern string, limit int) ([]knowledge.FileMatch, error) {
	ix := a.currentIndex()
	if ix == nil {
		return []knowledge.FileMatch{}, nil
	}
	if limit <= 0 || limit > 100 {
		limit = 20
	}
	ctx, cancel := a.callCtx(2 * time.Second)
	defer cancel()
	m, err := ix.FindFiles(ctx, pattern, limit)
	if m == nil {
		m = []knowledge.FileMatch{}
	}
	return m, err
}
