// Package probe asks a provider's model endpoint what it serves: the model
// list for Settings, and "Test connection" with failures in plain words.
package probe

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"sort"
	"strings"

	"github.com/hearth-agent/hearth/agent/provider"
)

// Kind classifies why a probe failed, so the UI can say what to do.
type Kind string

const (
	KindBadKey      Kind = "bad_key"
	KindNoKey       Kind = "no_key"
	KindUnreachable Kind = "unreachable"
	KindWrongURL    Kind = "wrong_url"
	KindProvider    Kind = "provider_error"
)

// Error is a failed probe with a message meant for people.
type Error struct {
	Kind    Kind
	Message string
	Cause   error
}

func (e *Error) Error() string { return e.Message }
func (e *Error) Unwrap() error { return e.Cause }

// Target is what to probe.
type Target struct {
	Wire    provider.Wire
	BaseURL string // with the version segment, e.g. https://api.openai.com/v1
	Key     string
	Name    string // for messages
}

// ListModels returns the model ids the endpoint reports, sorted.
func ListModels(ctx context.Context, client *http.Client, t Target) ([]string, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, strings.TrimRight(t.BaseURL, "/")+"/models", nil)
	if err != nil {
		return nil, &Error{KindWrongURL, fmt.Sprintf("%s: the base URL %q is not usable: %v", t.Name, t.BaseURL, err), err}
	}
	switch t.Wire {
	case provider.WireAnthropic:
		if t.Key != "" {
			req.Header.Set("x-api-key", t.Key)
		}
		req.Header.Set("anthropic-version", "2023-06-01")
	default:
		if t.Key != "" {
			req.Header.Set("Authorization", "Bearer "+t.Key)
		}
	}
	resp, err := client.Do(req)
	if err != nil {
		return nil, networkError(t, err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(io.LimitReader(resp.Body, 4<<20))
	if resp.StatusCode != http.StatusOK {
		return nil, statusError(t, resp.StatusCode, body)
	}
	var list struct {
		Data []struct {
			ID string `json:"id"`
		} `json:"data"`
	}
	if err := json.Unmarshal(body, &list); err != nil {
		return nil, &Error{KindWrongURL, fmt.Sprintf("%s answered, but not like a model API: check the base URL (%s) includes the version, e.g. /v1", t.Name, t.BaseURL), err}
	}
	ids := make([]string, 0, len(list.Data))
	for _, m := range list.Data {
		if m.ID != "" {
			ids = append(ids, m.ID)
		}
	}
	sort.Strings(ids)
	return ids, nil
}

func networkError(t Target, err error) error {
	if errors.Is(err, context.Canceled) {
		return err
	}
	var dnsErr *net.DNSError
	if errors.As(err, &dnsErr) {
		return &Error{KindUnreachable, fmt.Sprintf("%s is unreachable: the host %q was not found. Check the base URL.", t.Name, dnsErr.Name), err}
	}
	if errors.Is(err, context.DeadlineExceeded) {
		return &Error{KindUnreachable, fmt.Sprintf("%s did not answer in time at %s.", t.Name, t.BaseURL), err}
	}
	return &Error{KindUnreachable, fmt.Sprintf("%s is unreachable at %s: nothing answered (is it running?).", t.Name, t.BaseURL), err}
}

func statusError(t Target, code int, body []byte) error {
	detail := providerMessage(body)
	switch {
	case code == http.StatusUnauthorized || code == http.StatusForbidden:
		if t.Key == "" {
			return &Error{KindNoKey, fmt.Sprintf("%s needs an API key: none is set.", t.Name), nil}
		}
		return &Error{KindBadKey, fmt.Sprintf("%s rejected the API key (HTTP %d)%s.", t.Name, code, detail), nil}
	case code == http.StatusNotFound:
		return &Error{KindWrongURL, fmt.Sprintf("%s has no model list at %s/models (HTTP 404): check the base URL.", t.Name, strings.TrimRight(t.BaseURL, "/")), nil}
	default:
		return &Error{KindProvider, fmt.Sprintf("%s returned HTTP %d%s.", t.Name, code, detail), nil}
	}
}

// providerMessage pulls the human message out of an error body, never
// echoing more than a line of it.
func providerMessage(body []byte) string {
	var e struct {
		Error json.RawMessage `json:"error"`
	}
	if json.Unmarshal(body, &e) != nil || len(e.Error) == 0 {
		return ""
	}
	var obj struct {
		Message string `json:"message"`
	}
	msg := ""
	if json.Unmarshal(e.Error, &obj) == nil {
		msg = obj.Message
	} else {
		_ = json.Unmarshal(e.Error, &msg)
	}
	msg = strings.TrimSpace(strings.SplitN(msg, "\n", 2)[0])
	if len(msg) > 200 {
		msg = msg[:200] + "…"
	}
	if msg == "" {
		return ""
	}
	return ": " + msg
}
