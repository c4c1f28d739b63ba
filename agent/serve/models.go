package serve

import (
	"net/http"
	"sort"
	"strings"
	"time"

	"github.com/hearth-agent/hearth/agent/conversation"
	"github.com/hearth-agent/hearth/agent/provider"
)

// AgentModel is the model id that names the agent on its configured
// provider and model.
const AgentModel = "hearth"

// models lists "hearth" and "hearth/<provider>/<model>" for the default
// model of every configured provider (and the server's own choice).
func (s *Server) models() []string {
	seen := map[string]bool{}
	var ids []string
	add := func(p, m string) {
		id := AgentModel + "/" + p + "/" + m
		if p != "" && m != "" && !seen[id] {
			seen[id] = true
			ids = append(ids, id)
		}
	}
	st := s.cfg.Settings()
	add(s.cfg.Agent.ProviderID, s.cfg.Agent.Model)
	var rest []string
	for p, ps := range st.Providers {
		if ps.Model != "" {
			rest = append(rest, p+"/"+ps.Model)
		}
	}
	for _, c := range st.Custom {
		if c.Model != "" {
			rest = append(rest, provider.CustomPrefix+c.Name+"/"+c.Model)
		}
	}
	sort.Strings(rest)
	for _, pm := range rest {
		p, m, _ := strings.Cut(pm, "/")
		add(p, m)
	}
	return append([]string{AgentModel}, ids...)
}

// choose maps a request's model onto the agent to build, or fails with 400.
func (s *Server) choose(model string) (conversation.AgentChoice, error) {
	a := s.cfg.Agent
	if model == AgentModel {
		return a, nil
	}
	for _, id := range s.models()[1:] {
		if id != model {
			continue
		}
		p, m, _ := strings.Cut(strings.TrimPrefix(id, AgentModel+"/"), "/")
		if p != a.ProviderID {
			a.BaseURL = "" // another provider's own endpoint
		}
		a.ProviderID, a.Model = p, m
		return a, nil
	}
	return a, badRequest("model_not_found", "model", "unknown model %q; this server offers %s", model, strings.Join(s.models(), ", "))
}

func (s *Server) handleModels(w http.ResponseWriter, r *http.Request) {
	list := modelList{Object: "list"}
	now := time.Now().Unix()
	for _, id := range s.models() {
		list.Data = append(list.Data, modelInfo{ID: id, Object: "model", Created: now, OwnedBy: "hearth"})
	}
	writeJSON(w, http.StatusOK, list)
}
