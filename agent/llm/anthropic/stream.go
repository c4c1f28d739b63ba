package anthropic

import (
	"encoding/json"
	"errors"
	"io"
	"sort"
	"strings"

	"github.com/hearth-agent/hearth/agent/llm"
)

type wireUsage struct {
	InputTokens              *int `json:"input_tokens"`
	OutputTokens             *int `json:"output_tokens"`
	CacheReadInputTokens     *int `json:"cache_read_input_tokens"`
	CacheCreationInputTokens *int `json:"cache_creation_input_tokens"`
}

type event struct {
	Type    string `json:"type"`
	Index   int    `json:"index"`
	Message *struct {
		Usage wireUsage `json:"usage"`
	} `json:"message"`
	ContentBlock *struct {
		Type string `json:"type"`
		ID   string `json:"id"`
		Name string `json:"name"`
		Text string `json:"text"`
		Data string `json:"data"`
	} `json:"content_block"`
	Delta *struct {
		Type        string `json:"type"`
		Text        string `json:"text"`
		Thinking    string `json:"thinking"`
		Signature   string `json:"signature"`
		PartialJSON string `json:"partial_json"`
		StopReason  string `json:"stop_reason"`
	} `json:"delta"`
	Usage *wireUsage `json:"usage"`
}

type contentBlock struct {
	typ, id, name, data string
	text, sig           strings.Builder
	args                []byte
}

// usage counters are cumulative: each report replaces the fields it names.
type usageState struct{ in, out, read, write int }

func (u *usageState) apply(w wireUsage) {
	set := func(dst *int, v *int) {
		if v != nil {
			*dst = *v
		}
	}
	set(&u.in, w.InputTokens)
	set(&u.out, w.OutputTokens)
	set(&u.read, w.CacheReadInputTokens)
	set(&u.write, w.CacheCreationInputTokens)
}

func readStream(s *llm.Stream, resp *llm.Response, onDelta func(llm.Delta)) (_ *llm.Response, err error) {
	dec := s.Decoder()
	blocks := map[int]*contentBlock{}
	var u usageState
	var streamErr *llm.Error
	stop, sawStop := "", false
	defer func() {
		assemble(resp, blocks, err == nil) // a failed response's calls never run
		resp.Usage = llm.Usage{InputTokens: u.in + u.read + u.write, CachedInputTokens: u.read,
			CacheWriteTokens: u.write, OutputTokens: u.out}
	}()
	get := func(i int) *contentBlock {
		b := blocks[i]
		if b == nil {
			b = &contentBlock{typ: "text"}
			blocks[i] = b
		}
		return b
	}
	for {
		ev, rerr := dec.Next()
		if errors.Is(rerr, io.EOF) {
			break
		}
		if rerr != nil {
			return resp, llm.TransportError(s.Ctx, rerr)
		}
		if strings.TrimSpace(ev.Data) == "" {
			continue
		}
		var e event
		if jerr := json.Unmarshal([]byte(ev.Data), &e); jerr != nil {
			return resp, &llm.Error{Class: llm.ClassServer, InStream: true, Err: jerr, Message: "the server sent a malformed event"}
		}
		if perr := s.Progress(e.content()); perr != nil {
			return resp, perr
		}
		switch e.Type {
		case "error":
			streamErr = llm.StreamError([]byte(ev.Data))
		case "message_start":
			if e.Message != nil {
				u.apply(e.Message.Usage)
			}
		case "content_block_start":
			if cb := e.ContentBlock; cb != nil {
				b := get(e.Index)
				b.typ, b.id, b.name, b.data = cb.Type, cb.ID, cb.Name, cb.Data
				if cb.Text != "" {
					b.text.WriteString(cb.Text)
					onDelta(llm.Delta{Kind: llm.DeltaText, Text: cb.Text})
				}
			}
		case "content_block_delta":
			if d := e.Delta; d != nil {
				b := get(e.Index)
				switch d.Type {
				case "text_delta":
					b.text.WriteString(d.Text)
					onDelta(llm.Delta{Kind: llm.DeltaText, Text: d.Text})
				case "thinking_delta":
					b.text.WriteString(d.Thinking)
					onDelta(llm.Delta{Kind: llm.DeltaReasoning, Text: d.Thinking})
				case "signature_delta":
					b.sig.WriteString(d.Signature)
				case "input_json_delta":
					b.args = append(b.args, d.PartialJSON...)
				}
			}
		case "message_stop":
			sawStop = true
		case "message_delta":
			if e.Delta != nil && e.Delta.StopReason != "" {
				stop = e.Delta.StopReason
			}
			if e.Usage != nil {
				u.apply(*e.Usage)
			}
		}
	}
	if streamErr != nil {
		return resp, streamErr
	}
	if !sawStop && stop == "" {
		return resp, &llm.Error{Class: llm.ClassNetwork, InStream: true, Err: io.ErrUnexpectedEOF,
			Message: "the stream ended before the response was complete"}
	}
	switch stop {
	case "tool_use":
		resp.StopReason = llm.StopToolCalls
	case "max_tokens":
		resp.StopReason = llm.StopLength
	case "refusal":
		resp.StopReason = llm.StopRefusal
	default:
		resp.StopReason = llm.StopEnd
	}
	return resp, nil
}

// assemble builds the message from blocks in index order. Tool calls are
// kept only from a response that did not fail.
func assemble(resp *llm.Response, blocks map[int]*contentBlock, withCalls bool) {
	idx := make([]int, 0, len(blocks))
	for i := range blocks {
		idx = append(idx, i)
	}
	sort.Ints(idx)
	var ids llm.IDs
	for _, i := range idx {
		if blocks[i].id != "" {
			ids.Seen(blocks[i].id)
		}
	}
	m := &resp.Message
	var text strings.Builder
	for _, i := range idx {
		b := blocks[i]
		switch b.typ {
		case "thinking":
			m.Reasoning = append(m.Reasoning, llm.Reasoning{Text: b.text.String(), Signature: b.sig.String()})
		case "redacted_thinking":
			m.Reasoning = append(m.Reasoning, llm.Reasoning{Redacted: b.data})
		case "tool_use", "server_tool_use":
			if !withCalls || b.typ != "tool_use" {
				continue
			}
			tc := llm.ToolCall{ID: b.id, Name: b.name}
			if tc.ID == "" {
				tc.ID = ids.New()
			}
			tc.Args, tc.RawArgs = llm.ParseArgs(b.args)
			m.ToolCalls = append(m.ToolCalls, tc)
		case "text":
			text.WriteString(b.text.String())
		}
	}
	m.Text = text.String()
	if len(m.ToolCalls) > 0 {
		resp.StopReason = llm.StopToolCalls
	}
}

// content is the bytes of content an event carries; pings and bare
// bookkeeping events carry none.
func (e *event) content() int {
	n := 0
	if cb := e.ContentBlock; cb != nil {
		n += len(cb.ID) + len(cb.Name) + len(cb.Text) + len(cb.Data)
	}
	if d := e.Delta; d != nil {
		n += len(d.Text) + len(d.Thinking) + len(d.Signature) + len(d.PartialJSON)
	}
	return n
}
