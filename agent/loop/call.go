package loop

import (
	"context"
	"errors"
	"regexp"

	"github.com/hearth-agent/hearth/agent/llm"
)

func (t *turn) request() *llm.Request {
	a := t.a
	system, textSystem := a.systems()
	if a.useText() && textSystem != "" {
		system = textSystem
	}
	req := &llm.Request{Model: a.cfg.Model, System: system, Messages: t.msgs,
		MaxTokens: a.cfg.MaxTokens, Temperature: a.cfg.Temperature, Reasoning: a.cfg.Reasoning,
		NumCtx: a.cfg.NumCtx, Cache: a.cfg.Cache}
	if !a.useText() {
		req.Tools, req.ToolChoice = a.toolset().defs, a.cfg.ToolChoice
	}
	return req
}

// call makes one model request: compacting first when the history nears
// the window, retrying what is retryable, and answering a context_length
// error with one compaction and one retry.
func (t *turn) call(ctx context.Context) (*llm.Response, error) {
	a := t.a
	t.maybeCompact(ctx, false)
	t.shown = 0
	onDelta := func(d llm.Delta) {
		t.shown++
		switch {
		case d.Kind == llm.DeltaReasoning:
			t.emit(ReasoningDelta{Text: d.Text})
		case !a.useText(): // protocol replies are JSON, shown once parsed
			t.emit(TextDelta{Text: d.Text})
		}
	}
	onRetry := func(r llm.RetryInfo) {
		t.emit(Retrying{Class: r.Class, Attempt: r.Attempt, Delay: r.Delay})
	}
	for {
		req := t.request()
		estimate := a.est.request(req)
		resp, err := llm.StreamWithRetry(ctx, a.cfg.Client, req, a.cfg.Retry, onDelta, onRetry)
		if resp != nil {
			t.account(resp.Usage, estimate)
		}
		if _, textSystem := a.systems(); err != nil && t.shown == 0 && textSystem != "" && !a.useText() && toolsRefused(err) {
			a.mu.Lock()
			a.textMode = true
			a.mu.Unlock()
			a.cfg.Logf("the model refused native tools; switching to the text protocol: %v", err)
			continue
		}
		var le *llm.Error
		if err != nil && errors.As(err, &le) && le.Class == llm.ClassContextLength && !t.retried && ctx.Err() == nil {
			t.retried = true
			if w := a.est.getWindow(); le.Limit > 0 && (w == 0 || le.Limit < w) {
				a.est.setWindow(le.Limit)
			} else if w == 0 {
				a.est.setWindow(estimate * 9 / 10)
			}
			if t.maybeCompact(ctx, true) {
				continue
			}
		}
		return resp, err
	}
}

// account adds a response's usage to the turn and calibrates the token
// estimate against what the provider counted.
func (t *turn) account(u llm.Usage, estimate int) {
	if u == (llm.Usage{}) {
		return
	}
	t.res.Usage.Add(u)
	cost, ok := t.a.cfg.Pricing.Cost(u)
	if ok {
		t.res.Cost += cost
		t.res.CostKnown = true
	}
	t.a.est.calibrate(estimate, u.InputTokens)
	t.emit(UsageReported{Usage: u, Cost: cost, CostKnown: ok})
}

var toolsRefusal = regexp.MustCompile(`(?i)does not support (tools|function calling|tool use)|tools? (are|is) not supported|tools param requires|tool use is not supported`)

// toolsRefused reports whether the server rejected the request because the
// model cannot take native tools.
func toolsRefused(err error) bool {
	var le *llm.Error
	return errors.As(err, &le) && (le.Class == llm.ClassInvalidRequest || le.Class == llm.ClassServer) &&
		toolsRefusal.MatchString(le.Message)
}
