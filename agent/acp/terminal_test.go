package acp

import (
	"reflect"
	"testing"

	sdk "github.com/coder/acp-go-sdk"
)

// The editor's terminal starts from the editor's environment: what Hearth
// keeps from children is blanked there, the rest left alone.
func TestWithheldEnv(t *testing.T) {
	for _, tc := range []struct {
		name    string
		environ []string
		want    []sdk.EnvVariable
	}{
		{"nothing withheld", []string{"PATH=/bin", "HOME=/h"}, []sdk.EnvVariable{}},
		{"a provider key", []string{"PATH=/bin", "OPENAI_API_KEY=sk-x"}, []sdk.EnvVariable{{Name: "OPENAI_API_KEY"}}},
		{"Hearth's own", []string{"HEARTH_SERVE_TOKEN=t", "ANTHROPIC_API_KEY=k"}, []sdk.EnvVariable{{Name: "HEARTH_SERVE_TOKEN"}, {Name: "ANTHROPIC_API_KEY"}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := withheldEnv(tc.environ); !reflect.DeepEqual(got, tc.want) {
				t.Errorf("withheldEnv(%q) = %+v, want %+v", tc.environ, got, tc.want)
			}
		})
	}
}
