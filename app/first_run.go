package app

import (
	"context"
	"fmt"
	"slices"
	"sort"
	"sync"
	"time"

	"github.com/hearth-agent/hearth/agent/provider"
	"github.com/hearth-agent/hearth/agent/provider/probe"
	"github.com/hearth-agent/hearth/agent/secrets"
)

// localProbeTimeout bounds the question "is a local server running?": one
// that answers at all answers at once on the loopback.
const localProbeTimeout = 800 * time.Millisecond

// SetupOption is a provider the first-run setup offers. Found says why it
// is offered first: "running" (a local server answered), "env" (its key is
// in the environment), "keychain" or "session" (a key is stored); "" for
// the others. A local server's Detail always says what was found: running,
// installed but not running, or not found.
type SetupOption struct {
	ID           string   `json:"id"`
	Name         string   `json:"name"`
	Local        bool     `json:"local"`
	NeedsKey     bool     `json:"needsKey"`
	KeyEnv       string   `json:"keyEnv"`
	Found        string   `json:"found"`
	Detail       string   `json:"detail"`
	Models       []string `json:"models"`
	DefaultModel string   `json:"defaultModel"`
	// InstallURL is where to get a local server that is not on this
	// machine ("" when it is, or for a cloud provider).
	InstallURL string `json:"installUrl"`
}

// FirstRunView is what the empty window's setup shows. Ready says the
// active provider can answer now (it has a key, or its local server runs),
// so no setup is needed.
type FirstRunView struct {
	Ready   bool          `json:"ready"`
	Active  string        `json:"active"`
	Options []SetupOption `json:"options"`
}

// FirstRun looks for what can answer a first message: local servers that
// respond (briefly, in parallel) and keys in the environment or keychain,
// those first, then the other providers.
func (a *Shell) FirstRun() FirstRunView {
	ctx, cancel := a.callCtx(5 * time.Second)
	defer cancel()
	st := a.deps.Settings.Get()
	var builtins []provider.Info
	var ids []string
	for _, p := range provider.Builtins() {
		if p.ID != provider.OpenAICompatible {
			builtins = append(builtins, p)
			ids = append(ids, p.ID)
		}
	}
	sources, _ := a.deps.Secrets.Statuses(ctx, ids)
	opts := make([]SetupOption, len(builtins))
	var wg sync.WaitGroup
	for i, p := range builtins {
		opts[i] = SetupOption{ID: p.ID, Name: p.Name, Local: p.Local, NeedsKey: p.NeedsKey, KeyEnv: p.KeyEnv,
			DefaultModel: p.DefaultModel, Models: []string{}}
		if !p.Local {
			opts[i].Found, opts[i].Detail = keyFound(p, sources[p.ID])
			continue
		}
		if path := probe.Installed(p, a.deps.Home, nil); path != "" {
			opts[i].Detail = p.Name + " is installed but not running: start it, then choose it here"
		} else {
			opts[i].Detail, opts[i].InstallURL = "not found on this machine — install it first", p.InstallURL
		}
		ep, err := st.Resolve(p.ID, a.deps.Getenv)
		if err != nil {
			continue
		}
		wg.Go(func() {
			pctx, cancel := context.WithTimeout(ctx, localProbeTimeout)
			defer cancel()
			models, err := probe.ListModels(pctx, a.deps.HTTP, probe.Target{Wire: ep.Wire, BaseURL: ep.BaseURL, Name: p.Name})
			if err != nil {
				return
			}
			opts[i].Found, opts[i].Models, opts[i].InstallURL = "running", models, ""
			opts[i].Detail = fmt.Sprintf("%s is running with %s", p.Name, plural(len(models), "model"))
		})
	}
	wg.Wait()
	// Found ones first, each group in catalog order.
	sort.SliceStable(opts, func(i, j int) bool { return opts[i].Found != "" && opts[j].Found == "" })
	v := FirstRunView{Active: st.ActiveProvider, Options: opts}
	for _, o := range opts {
		if o.ID == st.ActiveProvider {
			v.Ready = o.Found != ""
		}
	}
	if !slices.Contains(ids, st.ActiveProvider) {
		v.Ready = true // a custom endpoint or the compatible one: the user set it up
	}
	return v
}

func keyFound(p provider.Info, src secrets.Source) (found, detail string) {
	switch src {
	case secrets.SourceEnv:
		return "env", p.KeyEnv + " is set"
	case secrets.SourceKeychain:
		return "keychain", "a key is saved in the keychain"
	case secrets.SourceSession:
		return "session", "a key is set for this session"
	}
	return "", ""
}

func plural(n int, word string) string {
	if n == 1 {
		return "1 " + word
	}
	return fmt.Sprintf("%d %ss", n, word)
}
