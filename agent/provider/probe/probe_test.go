package probe

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/hearth-agent/hearth/agent/provider"
)

func TestListModels(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/v1/models":
			auth := r.Header.Get("Authorization")
			if r.Header.Get("anthropic-version") != "" {
				auth = "Bearer " + r.Header.Get("x-api-key")
			}
			if auth != "Bearer good" {
				w.WriteHeader(http.StatusUnauthorized)
				w.Write([]byte(`{"error":{"message":"Incorrect API key provided"}}`))
				return
			}
			w.Write([]byte(`{"object":"list","data":[{"id":"b-model"},{"id":"a-model"}]}`))
		case "/html/models":
			w.Write([]byte("<html>hi</html>"))
		default:
			http.NotFound(w, r)
		}
	}))
	defer srv.Close()
	closed := httptest.NewServer(http.NotFoundHandler())
	closedURL := closed.URL
	closed.Close()

	tests := []struct {
		name     string
		target   Target
		want     []string
		wantKind Kind
	}{
		{"openai ok", Target{provider.WireOpenAI, srv.URL + "/v1", "good", "X"}, []string{"a-model", "b-model"}, ""},
		{"anthropic ok", Target{provider.WireAnthropic, srv.URL + "/v1", "good", "X"}, []string{"a-model", "b-model"}, ""},
		{"bad key", Target{provider.WireOpenAI, srv.URL + "/v1", "bad", "X"}, nil, KindBadKey},
		{"no key", Target{provider.WireOpenAI, srv.URL + "/v1", "", "X"}, nil, KindNoKey},
		{"wrong path", Target{provider.WireOpenAI, srv.URL + "/nope", "good", "X"}, nil, KindWrongURL},
		{"not json", Target{provider.WireOpenAI, srv.URL + "/html", "good", "X"}, nil, KindWrongURL},
		{"unreachable", Target{provider.WireOpenAI, closedURL + "/v1", "good", "X"}, nil, KindUnreachable},
	}
	client := &http.Client{Timeout: 5 * time.Second}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := ListModels(context.Background(), client, tt.target)
			if tt.wantKind == "" {
				if err != nil || !reflect.DeepEqual(got, tt.want) {
					t.Fatalf("got %v, %v; want %v", got, err, tt.want)
				}
				return
			}
			var pe *Error
			if !errors.As(err, &pe) || pe.Kind != tt.wantKind {
				t.Fatalf("err = %v, want kind %s", err, tt.wantKind)
			}
			if tt.target.Key != "" && strings.Contains(pe.Message, tt.target.Key) {
				t.Errorf("message leaks the key: %s", pe.Message)
			}
		})
	}
}
