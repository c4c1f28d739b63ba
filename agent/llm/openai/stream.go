package openai

import (
	"encoding/json"
	"errors"
	"io"
	"strings"

	"github.com/hearth-agent/hearth/agent/llm"
)

type chunk struct {
	Choices []struct {
		Delta struct {
			Content          *string     `json:"content"`
			ReasoningContent *string     `json:"reasoning_content"`
			Reasoning        *string     `json:"reasoning"`
			ToolCalls        []callDelta `json:"tool_calls"`
		} `json:"delta"`
		FinishReason *string `json:"finish_reason"`
	} `json:"choices"`
	Usage *wireUsage      `json:"usage"`
	Error json.RawMessage `json:"error"`
}

type wireUsage struct {
	PromptTokens        int `json:"prompt_tokens"`
	CompletionTokens    int `json:"completion_tokens"`
	PromptTokensDetails *struct {
		CachedTokens int `json:"cached_tokens"`
	} `json:"prompt_tokens_details"`
	CompletionTokensDetails *struct {
		ReasoningTokens int `json:"reasoning_tokens"`
	} `json:"completion_tokens_details"`
	Cost *float64 `json:"cost"`
}

func (u wireUsage) usage() llm.Usage {
	out := llm.Usage{InputTokens: u.PromptTokens, OutputTokens: u.CompletionTokens, Cost: u.Cost}
	if u.PromptTokensDetails != nil {
		out.CachedInputTokens = u.PromptTokensDetails.CachedTokens
	}
	if u.CompletionTokensDetails != nil {
		out.ReasoningTokens = u.CompletionTokensDetails.ReasoningTokens
	}
	return out
}

// readStream decodes chunks until [DONE] or EOF. An error object anywhere in
// the stream fails the response even if the body then ends cleanly: the
// partial text stays in resp, its tool calls are dropped.
func readStream(s *llm.Stream, resp *llm.Response, onDelta func(llm.Delta)) (*llm.Response, error) {
	dec := s.Decoder()
	var acc Accumulator
	var text, reasoning strings.Builder
	var streamErr *llm.Error
	finish, sawDone := "", false
	defer func() {
		resp.Message.Text = text.String()
		if reasoning.Len() > 0 {
			resp.Message.Reasoning = []llm.Reasoning{{Text: reasoning.String()}}
		}
	}()
	for {
		ev, err := dec.Next()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return resp, llm.TransportError(s.Ctx, err)
		}
		data := strings.TrimSpace(ev.Data)
		if data == "[DONE]" {
			sawDone = true
			break
		}
		if data == "" {
			continue
		}
		if ev.Type == "error" {
			streamErr = llm.StreamError([]byte(data))
			continue
		}
		var ch chunk
		if err := json.Unmarshal([]byte(data), &ch); err != nil {
			// One malformed chunk is the server's fault; say so rather than
			// guess at what it meant.
			return resp, &llm.Error{Class: llm.ClassServer, InStream: true, Err: err,
				Message: "the server sent a malformed chunk: " + truncate(data, 200)}
		}
		if len(ch.Error) > 0 && string(ch.Error) != "null" {
			streamErr = llm.StreamError(ch.Error)
			continue
		}
		if ch.Usage != nil {
			resp.Usage = ch.Usage.usage() // the last report wins
		}
		if err := s.Progress(chunkContent(&ch)); err != nil {
			return resp, err
		}
		for _, choice := range ch.Choices {
			d := choice.Delta
			for _, r := range []*string{d.ReasoningContent, d.Reasoning} {
				if r != nil && *r != "" {
					reasoning.WriteString(*r)
					onDelta(llm.Delta{Kind: llm.DeltaReasoning, Text: *r})
					break
				}
			}
			if d.Content != nil && *d.Content != "" {
				text.WriteString(*d.Content)
				onDelta(llm.Delta{Kind: llm.DeltaText, Text: *d.Content})
			}
			for _, tc := range d.ToolCalls {
				acc.Add(tc)
			}
			if choice.FinishReason != nil && *choice.FinishReason != "" {
				finish = *choice.FinishReason
			}
		}
	}
	if streamErr != nil {
		return resp, streamErr
	}
	if !sawDone && finish == "" {
		// The connection closed cleanly but the answer never finished: a
		// proxy or server cut it. Half a tool call must not run.
		return resp, &llm.Error{Class: llm.ClassNetwork, InStream: true, Err: io.ErrUnexpectedEOF,
			Message: "the stream ended before the response was complete"}
	}
	resp.Message.ToolCalls = acc.Calls()
	switch {
	case len(resp.Message.ToolCalls) > 0:
		resp.StopReason = llm.StopToolCalls
	case finish == "length":
		resp.StopReason = llm.StopLength
	case finish == "content_filter":
		resp.StopReason = llm.StopRefusal
	default:
		resp.StopReason = llm.StopEnd
	}
	return resp, nil
}

func truncate(s string, n int) string {
	if len(s) > n {
		return s[:n] + "…"
	}
	return s
}

// chunkContent is the bytes of content a chunk carries: text, reasoning and
// tool calls. Keep-alive chunks with empty deltas carry none.
func chunkContent(ch *chunk) int {
	n := 0
	for _, c := range ch.Choices {
		d := c.Delta
		for _, p := range []*string{d.Content, d.ReasoningContent, d.Reasoning} {
			if p != nil {
				n += len(*p)
			}
		}
		for _, tc := range d.ToolCalls {
			n += len(tc.ID) + len(tc.Function.Name) + len(tc.arguments())
		}
	}
	return n
}
