// Package openai streams from OpenAI Chat Completions and the servers that
// copy it (OpenRouter, Ollama's /v1, llama.cpp, LM Studio, vLLM), on plain
// net/http, tolerating the quirks of local servers.
package openai

import (
	"context"
	"net/http"
	"strings"
	"time"

	"github.com/hearth-agent/hearth/agent/llm"
)

// Config says where and how to connect.
type Config struct {
	BaseURL string // includes the version segment, e.g. http://127.0.0.1:8080/v1
	APIKey  string // optional for local servers
	HTTP    *http.Client
	// IdleTimeout fails the call when the stream sends nothing this long.
	IdleTimeout time.Duration
	// NoContentTimeout fails the call when the stream sends no content this
	// long (keep-alives do not count); 0 means llm.DefaultNoContentTimeout.
	NoContentTimeout time.Duration
	// MaxResponseBytes caps one response's content; 0 means
	// llm.DefaultMaxResponse.
	MaxResponseBytes int64
	// SendReasoningEffort sends reasoning_effort (OpenAI reasoning models,
	// OpenRouter); servers that reject unknown fields keep it off.
	SendReasoningEffort bool
	// OpenRouter asks for usage accounting (cost) in the stream.
	OpenRouter bool
	Header     http.Header // extra headers
}

// Client is a Chat Completions client.
type Client struct{ cfg Config }

var _ llm.Client = (*Client)(nil)

// New returns a client for cfg.
func New(cfg Config) *Client {
	if cfg.HTTP == nil {
		cfg.HTTP = llm.NewHTTPClient()
	}
	cfg.BaseURL = strings.TrimRight(cfg.BaseURL, "/")
	return &Client{cfg: cfg}
}

// Stream sends req and streams the answer.
func (c *Client) Stream(ctx context.Context, req *llm.Request, onDelta func(llm.Delta)) (*llm.Response, error) {
	resp := &llm.Response{Message: llm.Message{Role: llm.RoleAssistant}}
	body, err := c.buildBody(req)
	if err != nil {
		return resp, &llm.Error{Class: llm.ClassInvalidRequest, Err: err, Message: "encoding the request: " + err.Error()}
	}
	h := http.Header{}
	for k, v := range c.cfg.Header {
		h[k] = v
	}
	if c.cfg.APIKey != "" {
		h.Set("Authorization", "Bearer "+c.cfg.APIKey)
	}
	s, err := llm.OpenStream(ctx, c.cfg.HTTP, c.limits(), c.cfg.BaseURL+"/chat/completions", h, body)
	if err != nil {
		return resp, err
	}
	defer s.Close()
	if isWhole(s) {
		return readWhole(s, resp, onDelta)
	}
	return readStream(s, resp, onDelta)
}

func (c *Client) limits() llm.Limits {
	return llm.Limits{Idle: c.cfg.IdleTimeout, NoContent: c.cfg.NoContentTimeout, MaxResponse: c.cfg.MaxResponseBytes}
}
