package app

import (
	"time"

	"github.com/hearth-agent/hearth/agent/conversation"
	"github.com/hearth-agent/hearth/agent/provider"
)

// ChatChoiceView is what the composer's picker shows: the provider, model,
// reasoning effort and approval mode the conversation's next turn uses
// (its own choice, else Settings'), and the providers to pick from.
type ChatChoiceView struct {
	Provider  string           `json:"provider"`
	Model     string           `json:"model"`
	Effort    string           `json:"effort"`
	Mode      string           `json:"mode"`
	Providers []ChoiceProvider `json:"providers"`
	// Vision says whether the model takes images, as its name or its
	// server says; VisionKnown is false when neither could tell (an image
	// is then sent, and the provider refusing it is the final word).
	Vision      bool `json:"vision"`
	VisionKnown bool `json:"visionKnown"`
	// HasEffort says whether a reasoning effort reaches this model; the
	// picker offers one only then.
	HasEffort bool `json:"hasEffort"`
}

// ChoiceProvider is one provider the picker offers.
type ChoiceProvider struct {
	ID    string `json:"id"`
	Name  string `json:"name"`
	Local bool   `json:"local"`
}

// ChatChoiceInput sets the conversation's choice; an empty field follows
// Settings.
type ChatChoiceInput struct {
	Provider string `json:"provider"`
	Model    string `json:"model"`
	Effort   string `json:"effort"`
	Mode     string `json:"mode"`
}

// ChatChoice returns the composer picker's view.
func (a *Composer) ChatChoice() ChatChoiceView {
	st := a.deps.Settings.Get()
	ch := a.chat().Choice()
	v := ChatChoiceView{Provider: st.ActiveProvider, Effort: st.ReasoningEffort, Mode: st.ApprovalMode, Providers: []ChoiceProvider{}}
	if ch.ProviderID != "" {
		v.Provider = ch.ProviderID
	}
	if ep, err := st.Resolve(v.Provider, a.deps.Getenv); err == nil {
		v.Model = ep.Model
	}
	if ch.Model != "" {
		v.Model = ch.Model
	}
	baseURL := ""
	if ep, err := st.Resolve(v.Provider, a.deps.Getenv); err == nil {
		baseURL = ep.BaseURL
	}
	ctx, cancel := a.callCtx(4 * time.Second)
	defer cancel()
	v.Vision, v.VisionKnown = a.probes.Vision(ctx, v.Provider, baseURL, v.Model)
	v.HasEffort = provider.Effort(v.Provider, v.Model)
	if ch.Effort != "" {
		v.Effort = ch.Effort
	}
	if ch.Mode != "" {
		v.Mode = ch.Mode
	}
	for _, id := range st.ProviderIDs() {
		if id == provider.OpenAICompatible {
			continue
		}
		info, _ := provider.Lookup(id)
		v.Providers = append(v.Providers, ChoiceProvider{ID: id, Name: info.Name, Local: info.Local})
	}
	return v
}

// SetChatChoice sets the provider, model, effort and mode of this
// conversation's next turns, leaving Settings' defaults as they are; an
// empty mode keeps the conversation's (the mode switch sets it).
func (a *Composer) SetChatChoice(in ChatChoiceInput) (ChatChoiceView, error) {
	mode := in.Mode
	if mode == "" { // the mode switch owns the mode
		mode = a.chat().Mode()
	}
	err := a.chat().SetChoice(conversation.Choice{ProviderID: in.Provider, Model: in.Model, Effort: in.Effort, Mode: mode})
	if err != nil {
		return ChatChoiceView{}, viewErr(err)
	}
	return a.ChatChoice(), nil
}
