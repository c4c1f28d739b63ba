package knowledge

import (
	"context"
	"reflect"
	"testing"
)

func TestSearchFindsEncodedDataAsText(t *testing.T) {
	ws := t.TempDir()
	const (
		sum       = "3c30e42670d1ef5f0b33876928b3bd5693ef3b5be1df6b2710d48c2667ca7133"
		line      = "MIIDBjCCAe6gAwIBAgIQM8hdaXsBdFE2RCOfkO0ZJDANBgkqhkiG9w0BAQsFADAS"
		integrity = "Rg8/pe0Wu6qNB9Zyhu+AoKf3HXb4cvTp6ZFdW3Nl0xQkbtWy2d8fm2YBaQfHLvUo7xgF1lcW1EnPEyw+ZGJ9Hg=="
	)
	writeAll(t, ws, map[string]string{
		"go.sum":     "example.com/mod v1.0.0 h1:" + sum + "\n",
		"cert.pem":   "-----BEGIN CERTIFICATE-----\n" + line + "\n-----END CERTIFICATE-----\n",
		"notes.md":   "the release 3c30e426 fixed it\n",
		"prefix.txt": "ab" + sum + "\n", // the hash inside a longer run
		"other.txt":  "3c30e427 and MIIDBjCCAe6gAwIBAgIQ\n",
		"lock.json":  `{"integrity": "sha512-` + integrity + `"}` + "\n",
	})
	x := openReady(t, Options{Workspace: ws, NoWatch: true})
	tests := []struct {
		q    string
		want []string
	}{
		{sum, []string{"go.sum", "prefix.txt"}},
		{"3c30e426", []string{"go.sum", "notes.md", "prefix.txt"}}, // a prefix of a hash, and a short one
		{"3c30e426*", []string{"go.sum", "notes.md", "prefix.txt"}},
		{"3C30E426", []string{"go.sum", "notes.md", "prefix.txt"}},
		{"\"h1:" + sum[:12] + "\"", []string{"go.sum"}},
		{"v1.0.0 " + sum[:20], []string{"go.sum"}},
		{line, []string{"cert.pem"}},
		{line[:40], []string{"cert.pem"}},
		{"CERTIFICATE", []string{"cert.pem"}}, // the words around the data stay words
		{"example.com/mod", []string{"go.sum"}},
		{integrity, []string{"lock.json"}},
		{`"sha512-` + integrity[:40] + `"`, []string{"lock.json"}},
		{"sha512", []string{"lock.json"}},
		// Pieces of data that are no data themselves: words the index
		// holds nowhere, found within data as text.
		{"Rg8", []string{"lock.json"}},
		{"pe0Wu6qNB9Zyhu", []string{"lock.json"}},
		{"pe0wu6qnb9zyhu", []string{"lock.json"}},
		{"qNB9Zy", []string{"lock.json"}},
		{"gAwIBAgIQM8hd", []string{"cert.pem"}},
		{"gAwIBAgIQM8hd sha512", nil},
		// Phrases and punctuated words of such pieces: text already.
		{"Rg8/pe0Wu6qNB9Zyhu", []string{"lock.json"}},
		{`"pe0Wu6qNB9Zyhu+AoKf"`, []string{"lock.json"}},
		{`"sha512-Rg8/pe0W"`, []string{"lock.json"}},
		{`"` + line[:22] + `"`, []string{"cert.pem"}},
		{`"CERTIFICATE-----` + "\n" + line[:12] + `"`, nil}, // a phrase stays within a line
		// Outside data a word is still a word: not inside a longer one.
		{"eleas", nil},
		{"qqzzxxyy", nil},
	}
	for _, tt := range tests {
		t.Run(tt.q, func(t *testing.T) {
			res := search(t, x, tt.q)
			if got := hitPaths(res); !reflect.DeepEqual(got, tt.want) || res.Total != len(tt.want) {
				t.Errorf("Search(%q) = %v (total %d), want %v", tt.q, got, res.Total, tt.want)
			}
			if res.Scanned {
				t.Errorf("Search(%q) scanned the tree; want the index's grams", tt.q)
			}
		})
	}
}

// A word the index holds nowhere reads only the files holding data: here
// plain.txt holds its grams, within a longer word.
func TestUnknownWordAsksOnlyFilesWithData(t *testing.T) {
	const integrity = "Rg8/pe0Wu6qNB9Zyhu+AoKf3HXb4cvTp6ZFdW3Nl0xQkbtWy2d8fm2YBaQfHLvUo7xgF1lcW1EnPEyw+ZGJ9Hg=="
	x := openFiles(t, map[string]string{
		"lock.json": `{"integrity": "sha512-` + integrity + `"}` + "\n",
		"plain.txt": "xpe0Wu6qNB9Zyhu\n",
		"other.txt": "nothing here\n",
	})
	ctx := context.Background()
	// A phrase of a word too short for grams stays a term: turned, it
	// would read every file.
	for q, want := range map[string]int{"pe0Wu6qNB9Zyhu": 1, "xpe0Wu6qNB9Zyhu": 1, "nothing": 1, `"zq"`: 0} {
		pq, err := parseQuery(q)
		if err != nil {
			t.Fatal(err)
		}
		pq.dict = &indexDict{x: x, ctx: ctx}
		pq.lookForUnknownAsText()
		list, err := x.candidates(ctx, pq.bleveQuery(), nil, 10, 0, 0)
		if err != nil || list.Total != want {
			t.Errorf("%q: %d candidates (%v), want %d", q, list.Total, err, want)
		}
		if res := search(t, x, q); res.Total != want {
			t.Errorf("%q: %d hits, want %d", q, res.Total, want)
		}
	}
}
