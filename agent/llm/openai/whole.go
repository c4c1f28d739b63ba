package openai

import (
	"encoding/json"
	"io"
	"strings"

	"github.com/hearth-agent/hearth/agent/llm"
)

// isWhole reports whether the server ignored stream:true and answered with
// one JSON completion (some proxies and older local servers do).
func isWhole(s *llm.Stream) bool {
	ct := strings.ToLower(s.Header.Get("Content-Type"))
	return strings.HasPrefix(ct, "application/json")
}

type completion struct {
	Choices []struct {
		Message struct {
			Content          string      `json:"content"`
			ReasoningContent string      `json:"reasoning_content"`
			Reasoning        string      `json:"reasoning"`
			ToolCalls        []callDelta `json:"tool_calls"`
		} `json:"message"`
		FinishReason string `json:"finish_reason"`
	} `json:"choices"`
	Usage *wireUsage      `json:"usage"`
	Error json.RawMessage `json:"error"`
}

// readWhole turns a non-streamed completion into the same response and
// deltas a stream would have produced.
func readWhole(s *llm.Stream, resp *llm.Response, onDelta func(llm.Delta)) (*llm.Response, error) {
	maxBody := int64(s.Limits().MaxEvent)
	b, err := io.ReadAll(io.LimitReader(s.Body, maxBody+1))
	if err != nil {
		return resp, llm.TransportError(s.Ctx, err)
	}
	if int64(len(b)) > maxBody {
		return resp, llm.TooLargeError(maxBody)
	}
	var c completion
	if err := json.Unmarshal(b, &c); err != nil {
		return resp, &llm.Error{Class: llm.ClassServer, Err: err, Message: "the server sent a malformed completion"}
	}
	if len(c.Error) > 0 && string(c.Error) != "null" {
		return resp, llm.StreamError(c.Error)
	}
	if c.Usage != nil {
		resp.Usage = c.Usage.usage()
	}
	if len(c.Choices) == 0 {
		return resp, &llm.Error{Class: llm.ClassServer, Message: "the server sent a completion without choices"}
	}
	ch := c.Choices[0]
	if err := s.Progress(wholeContent(ch.Message.Content, ch.Message.ReasoningContent, ch.Message.Reasoning, ch.Message.ToolCalls)); err != nil {
		return resp, err
	}
	reasoning := ch.Message.ReasoningContent + ch.Message.Reasoning
	if reasoning != "" {
		resp.Message.Reasoning = []llm.Reasoning{{Text: reasoning}}
		onDelta(llm.Delta{Kind: llm.DeltaReasoning, Text: reasoning})
	}
	if ch.Message.Content != "" {
		resp.Message.Text = ch.Message.Content
		onDelta(llm.Delta{Kind: llm.DeltaText, Text: ch.Message.Content})
	}
	var acc Accumulator
	for i, tc := range ch.Message.ToolCalls {
		idx := i
		tc.Index = &idx // whole calls are distinct even when a server leaves index out
		acc.Add(tc)
	}
	resp.Message.ToolCalls = acc.Calls()
	switch {
	case len(resp.Message.ToolCalls) > 0:
		resp.StopReason = llm.StopToolCalls
	case ch.FinishReason == "length":
		resp.StopReason = llm.StopLength
	case ch.FinishReason == "content_filter":
		resp.StopReason = llm.StopRefusal
	default:
		resp.StopReason = llm.StopEnd
	}
	return resp, nil
}

func wholeContent(content, reasoning, reasoning2 string, calls []callDelta) int {
	n := len(content) + len(reasoning) + len(reasoning2)
	for _, tc := range calls {
		n += len(tc.ID) + len(tc.Function.Name) + len(tc.arguments())
	}
	return n
}
