// Package anthropic streams from the Anthropic Messages API on plain
// net/http: thinking with signatures sent back verbatim, tool use, prompt
// caching on the system prompt and tools, cumulative usage.
package anthropic

import (
	"context"
	"net/http"
	"strings"
	"time"

	"github.com/hearth-agent/hearth/agent/llm"
)

// Version is the API version header sent with every request.
const Version = "2023-06-01"

// DefaultMaxTokens is used when neither the request nor the model table says.
const DefaultMaxTokens = 8192

// Config says where and how to connect.
type Config struct {
	BaseURL     string // includes the version segment: https://api.anthropic.com/v1
	APIKey      string
	HTTP        *http.Client
	IdleTimeout time.Duration
	// NoContentTimeout fails the call when the stream sends no content this
	// long (keep-alives do not count); 0 means llm.DefaultNoContentTimeout.
	NoContentTimeout time.Duration
	// MaxResponseBytes caps one response's content; 0 means
	// llm.DefaultMaxResponse.
	MaxResponseBytes int64
	Header           http.Header
}

// Client is a Messages API client.
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
	body, err := buildBody(req)
	if err != nil {
		return resp, &llm.Error{Class: llm.ClassInvalidRequest, Err: err, Message: "encoding the request: " + err.Error()}
	}
	h := http.Header{}
	for k, v := range c.cfg.Header {
		h[k] = v
	}
	h.Set("anthropic-version", Version)
	if c.cfg.APIKey != "" {
		h.Set("x-api-key", c.cfg.APIKey)
	}
	s, err := llm.OpenStream(ctx, c.cfg.HTTP, c.limits(), c.cfg.BaseURL+"/messages", h, body)
	if err != nil {
		return resp, err
	}
	defer s.Close()
	return readStream(s, resp, onDelta)
}

func (c *Client) limits() llm.Limits {
	return llm.Limits{Idle: c.cfg.IdleTimeout, NoContent: c.cfg.NoContentTimeout, MaxResponse: c.cfg.MaxResponseBytes}
}
