package knowledge

import (
	"reflect"
	"strings"
	"testing"

	"github.com/hearth-agent/hearth/knowledge/analysis"
)

func TestTokens(t *testing.T) {
	tests := []struct {
		in   string
		want []string
	}{
		{"no such container", []string{"no", "such", "container"}},
		{"noSuchContainer", []string{"nosuchcontainer", "no", "such", "container"}},
		{"HTTPServer", []string{"httpserver", "http", "server"}},
		{"parseHTTPRequest_v2", []string{"parsehttprequest_v2", "parsehttprequest", "parse", "http", "request", "v2", "v", "2"}},
		{"uint32_t V0-V31 _getUser", []string{"uint32_t", "uint32", "uint", "32", "t", "v0-v31", "v0", "v", "0", "v31", "v", "31",
			"_getuser", "getuser", "get", "user"}}, // a segment of several parts is a term too
		{"non-zero-sized a_b-c", []string{"non-zero-sized", "non-zero", "non", "zero-sized", "zero", "sized",
			"a_b-c", "a_b", "a", "b", "c"}}, // and each run of kebab-case pieces
		{"a-b-c-d-e-f", []string{"a-b-c-d-e-f", "a-b", "a-b-c", "a-b-c-d", "a", "b-c", "b-c-d", "b-c-d-e", "b",
			"c-d", "c-d-e", "c-d-e-f", "c", "d-e", "d-e-f", "d", "e-f", "e", "f"}}, // of up to four pieces
		{"snake_case_name", []string{"snake_case_name", "snake", "case", "name"}},
		{"kebab-case x-1 --flag", []string{"kebab-case", "kebab", "case", "x-1", "x", "1", "flag"}},
		{"utf8.Valid", []string{"utf8", "utf", "8", "valid"}},
		{"Running runs", []string{"running", "runs"}}, // no stemming
		{"the a of", []string{"the", "a", "of"}},      // no stop words
		{"__init__", []string{"__init__", "init"}},
		{"ÄrgerÖl straße", []string{"ärgeröl", "ärger", "öl", "straße"}},
		{"x := 42;", []string{"x", "42"}},
		{"ΣΊΣΥΦΟΣ σίσυφος Σίσυφοσ", []string{"σίσυφοσ", "σίσυφοσ", "σίσυφοσ"}}, // final sigma folds as grep folds it
		{"ſtraße", []string{"straße"}},
		{"İzmir", []string{"İzmir"}},                                                      // İ's lowercase (i) is not in its case orbit: a grep keeps them apart
		{"日本Server", []string{"日本server", "日本", "server"}},                                // a capital after a caseless letter starts a part
		{"Force" + strings.Repeat("z", 100), []string{"force" + strings.Repeat("z", 91)}}, // long parts are cut, not dropped
		{"", nil},
		// Encoded data makes no term (see data.go); names beside it do.
		{"sum 3c30e42670d1ef5f0b33876928b3bd56 h1:RYM6lWITV8oADrwLfdzxmt8ucfW6UtP9v1jg4qAbqts=", []string{"sum", "h1", "h", "1"}},
		{`"integrity": "sha512-Rg8/pe0Wu6qNB9Zyhu+AoKf3HXb4cvTp6ZFdW3Nl0xQkbtWy2d8fm2YBaQfHLvUo7xgF1lcW1EnPEyw+ZGJ9Hg=="`,
			[]string{"integrity", "sha512", "sha", "512"}}, // base64 cut by its + and /
		{"sha256_3c30e42670d1ef5f0b338769 OpExtendLo2ToInt64Int16x8", []string{"sha256", "sha", "256", "opextendlo2toint64int16x8",
			"op", "extend", "lo", "2", "to", "int", "64", "int", "16", "x", "8"}},
	}
	for _, tt := range tests {
		got := Tokens(tt.in)
		// A query reads its text with analysis.Terms: it must see what the analyzer made.
		if terms := analysis.Terms(tt.in); len(terms)+len(got) > 0 && !reflect.DeepEqual(terms, got) {
			t.Errorf("analysis.Terms(%q) = %q, the analyzer made %q", tt.in, terms, got)
		}
		if len(got) == 0 && len(tt.want) == 0 {
			continue
		}
		if !reflect.DeepEqual(got, tt.want) {
			t.Errorf("Tokens(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

func TestTokenPositions(t *testing.T) {
	// The whole identifier shares the first part's position and parts are
	// consecutive, so the phrase "such container" matches inside
	// noSuchContainer and the next word follows the last part.
	ts := codeAnalyzer{}.Analyze([]byte("noSuchContainer found"))
	var got []int
	for _, tok := range ts {
		got = append(got, tok.Position)
	}
	if want := []int{1, 1, 2, 3, 4}; !reflect.DeepEqual(got, want) {
		t.Errorf("positions = %v, want %v", got, want)
	}
	if ts[4].Start != 16 || ts[4].End != 21 {
		t.Errorf("offsets of found = %d..%d", ts[4].Start, ts[4].End)
	}
}

func BenchmarkAnalyze(b *testing.B) {
	src := []byte(`func (s *Server) handleHTTPRequest(ctx context.Context, req *http.Request) (resp_v2 []byte, err error) {
	if err := s.validate(req); err != nil { return nil, fmt.Errorf("no such container: %w", err) }
`)
	b.SetBytes(int64(len(src)))
	for i := 0; i < b.N; i++ {
		codeAnalyzer{}.Analyze(src)
	}
}

// A snake_case or kebab-case segment of several parts is a code word of
// its own, and so is a run of kebab-case pieces: uint32 finds uint32_t,
// getUser finds api_getUser, v0 finds V0-V31 and non-zero finds
// non-zero-sized, each with its line, where before they found nothing.
func TestSearchFindsSegments(t *testing.T) {
	x := openFiles(t, map[string]string{
		"types.h":  "typedef unsigned uint32_t;\n",
		"api.py":   "def api_getUser():\n    pass\n",
		"regs.txt": "V0-V31 overlap\n",
		"size.go":  "// For non-zero-sized types\n",
		"app.txt":  "go-get-issue-15410.app\n",
	})
	wantEach(t, x, []hitCase{
		{"uint32", []string{"types.h"}, 1, "uint32"},
		{"getUser", []string{"api.py"}, 1, "getUser"},
		{"v0", []string{"regs.txt"}, 1, "V0"},
		{"non-zero", []string{"size.go"}, 1, "non-zero"},
		{"get-issue", []string{"app.txt"}, 1, "get-issue"},
	})
}
