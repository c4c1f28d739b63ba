package app

import (
	"errors"
	"fmt"

	"github.com/hearth-agent/hearth/agent/project"
	"github.com/hearth-agent/hearth/agent/trust"
)

// TrustItemView is one thing the open folder brings, with its trust state
// and what the review shows of it.
type TrustItemView struct {
	Path    string `json:"path"`
	Kind    string `json:"kind"`
	Summary string `json:"summary"`
	Runs    bool   `json:"runs"`   // it can run code or widen permissions
	Digest  string `json:"digest"` // what the person approves: this content
	Trusted bool   `json:"trusted"`
	Changed bool   `json:"changed"` // trusted before, changed since
	Reason  string `json:"reason"`
	// Files are the workspace files it runs, each as it is now.
	Files []TrustFileView `json:"files"`
	// Vars are the variables it reads (names only, never values).
	Vars []string `json:"vars"`
	// Warnings say plainly that it reads credentials or sends data out.
	Warnings []string `json:"warnings"`
	// Changes are what differs from the content trusted before.
	Changes []TrustChangeView `json:"changes"`
}

// TrustFileView is a file an item runs.
type TrustFileView struct {
	Path  string `json:"path"`
	State string `json:"state"`
}

// TrustChangeView is one changed file: a unified diff, or a note.
type TrustChangeView struct {
	Path string `json:"path"`
	Diff string `json:"diff"`
	Note string `json:"note"`
}

// WorkspaceTrustView lists the project items of the folder the shown
// conversation works in; Pending counts those that wait for the person's
// trust.
type WorkspaceTrustView struct {
	Path    string          `json:"path"`
	Items   []TrustItemView `json:"items"`
	Pending int             `json:"pending"`
	// Worktree is the id of the worktree the shown conversation works in
	// ("" in the folder): what it changed is judged against what the person
	// trusted in the folder.
	Worktree string `json:"worktree,omitempty"`
}

// TrustEventName tells the window that what the shown conversation's
// folder brings may have changed (no payload): a turn ended, whose tools
// may have written an item, or the window came back to the front after
// the person was elsewhere, perhaps editing one. The strip asks again.
const TrustEventName = "trust"

// TrustApproval names an item and the content (digest) the person saw.
type TrustApproval struct {
	Path   string `json:"path"`
	Digest string `json:"digest"`
}

func (a *App) openWorkspace() (string, error) {
	ws := a.workspace()
	if ws == "" {
		return "", invalidf("workspace", "open a folder first")
	}
	return ws, nil
}

// trustScope is the project whose items the trust banner reviews: the
// worktree the shown conversation works in, else the open folder.
func (a *App) trustScope() (*project.Project, string, error) {
	if _, err := a.openWorkspace(); err != nil {
		return nil, "", err
	}
	a.open.mu.Lock()
	defer a.open.mu.Unlock()
	if th := a.open.trees[a.open.shown]; th != nil {
		return th.proj, th.tree.ID, nil
	}
	return a.open.proj, "", nil
}

// WorkspaceTrust lists what the shown conversation's folder (or worktree)
// brings and whether each item may take effect.
func (a *Project) WorkspaceTrust() (WorkspaceTrustView, error) {
	p, tree, err := a.trustScope()
	if err != nil {
		return WorkspaceTrustView{}, err
	}
	return a.judgedView(p, tree)
}

func (a *App) judgedView(p *project.Project, tree string) (WorkspaceTrustView, error) {
	judged, err := p.Judged()
	if err != nil {
		return WorkspaceTrustView{}, err
	}
	v := trustView(p.Dir(), p.Origin(), a.trustStore(), judged.Statuses)
	v.Worktree = tree
	return v, nil
}

// TrustWorkspace trusts the items approved (all pending ones, or one changed
// file), each for the content the person was shown. An item that changed
// since is not trusted and the call says so.
func (a *Project) TrustWorkspace(approved []TrustApproval) (WorkspaceTrustView, error) {
	p, tree, err := a.trustScope()
	if err != nil {
		return WorkspaceTrustView{}, err
	}
	if len(approved) == 0 {
		return WorkspaceTrustView{}, invalidf("trust", "nothing to trust was named")
	}
	ws := p.Dir()
	items, err := trust.List(ws)
	if err != nil {
		return WorkspaceTrustView{}, err
	}
	byPath := map[string]trust.Item{}
	for _, it := range items {
		byPath[it.Path] = it
	}
	var ok []trust.Item
	for _, ap := range approved {
		it, found := byPath[ap.Path]
		switch {
		case !found:
			return WorkspaceTrustView{}, invalidf("trust", fmt.Sprintf("%s is no longer in the folder", ap.Path))
		case it.Digest != ap.Digest:
			return WorkspaceTrustView{}, invalidf("trust", fmt.Sprintf("%s changed since it was shown; review it again", ap.Path))
		}
		ok = append(ok, it)
	}
	if err := a.trustStore().Trust(ws, ok...); errors.Is(err, trust.ErrChangedSinceShown) {
		return WorkspaceTrustView{}, invalidf("trust", err.Error())
	} else if err != nil {
		return WorkspaceTrustView{}, err
	}
	a.startMCP(p) // a .mcp.json trusted now starts its servers
	return a.judgedView(p, tree)
}

// trustView shows statuses of the items in ws; a worktree's (origin not
// "") changes are shown against what the person trusted in origin.
func trustView(ws, origin string, store *trust.Store, st []trust.Status) WorkspaceTrustView {
	v := WorkspaceTrustView{Path: ws, Items: []TrustItemView{}}
	for _, s := range st {
		item := TrustItemView{Path: s.Path, Kind: string(s.Kind), Summary: s.Summary, Runs: s.Runs,
			Digest: s.Digest, Trusted: s.Trusted, Changed: s.Changed, Reason: s.Reason,
			Files: []TrustFileView{}, Vars: append([]string{}, s.Vars...), Warnings: append([]string{}, s.Warnings...), Changes: []TrustChangeView{}}
		for _, r := range s.Refs {
			item.Files = append(item.Files, TrustFileView{Path: r.Path, State: r.State})
		}
		if s.Changed {
			var changes []trust.Change
			if origin != "" {
				changes = store.ChangesFromOrigin(ws, origin, s.Item)
			} else {
				changes = store.Changes(ws, s.Item)
			}
			for _, c := range changes {
				item.Changes = append(item.Changes, TrustChangeView{Path: c.Path, Diff: c.Diff, Note: c.Note})
			}
		}
		v.Items = append(v.Items, item)
		if !s.Trusted {
			v.Pending++
		}
	}
	return v
}
