package redact

import (
	"math/rand"
	"strings"
	"testing"
	"time"
)

// keyShapes is one of each secret shape a stream must catch whole.
var keyShapes = []struct{ name, secret, label string }{
	{"openai legacy", openaiLegacy, "openai-key"},
	{"openai project", openaiProject, "openai-key"},
	{"openai service account", openaiSvc, "openai-key"},
	{"anthropic", anthropicKey, "anthropic-key"},
	{"openrouter", openrouterKey, "openrouter-key"},
	{"bearer", bearerToken, "bearer-token"},
	{"custom endpoint value", storedValue, "stored-secret"},
}

// contexts surround a secret; %s is where it goes.
var contexts = []string{
	"%s",
	"Your key is %s, keep it safe.",
	"export OPENAI_API_KEY=%s\nthen run it",
	"curl -H 'Authorization: Bearer %s' https://api.example.com",
	"```\nauthorization: bearer %s\n```",
	"twice: %s and %s.",
	"at the very end: %s",
	"glued:%s;%s",
	"inside `%s`",
}

func withSecret(ctx, secret string) string { return strings.ReplaceAll(ctx, "%s", secret) }

// splitRandomly cuts s at random points (sometimes every byte, sometimes
// a few big pieces).
func splitRandomly(rng *rand.Rand, s string) []string {
	var parts []string
	maxLen := 1 + rng.Intn(12)
	for len(s) > 0 {
		n := min(len(s), 1+rng.Intn(maxLen))
		parts = append(parts, s[:n])
		s = s[n:]
	}
	return parts
}

// streamAll runs parts through one stream and returns each emitted piece.
func streamAll(r *Redactor, parts []string) []string {
	st := r.Stream()
	var out []string
	for _, p := range parts {
		out = append(out, st.Write(p))
	}
	return append(out, st.Flush())
}

func TestStreamCatchesKeysSplitAnywhere(t *testing.T) {
	r := New(storedValue)
	rng := rand.New(rand.NewSource(23))
	for _, k := range keyShapes {
		for _, c := range contexts {
			shown := k.secret
			if k.label == "bearer-token" { // a bare token is not known to be one
				shown = "Bearer " + k.secret
			}
			text := withSecret(c, shown)
			want := r.String(text)
			if strings.Contains(want, k.secret) || !strings.Contains(want, "[REDACTED:"+k.label+"]") {
				t.Fatalf("%s: one-shot redaction missed it: %q", k.name, want)
			}
			for trial := 0; trial < 50; trial++ {
				parts := splitRandomly(rng, text)
				pieces := streamAll(r, parts)
				got := strings.Join(pieces, "")
				if got != want {
					t.Fatalf("%s in %q split as %q:\n got %q\nwant %q", k.name, c, parts, got, want)
				}
				if strings.Contains(got, k.secret) || strings.Contains(got, k.secret[len(k.secret)-12:]) {
					t.Fatalf("%s leaked: %q", k.name, got)
				}
			}
		}
	}
}

func TestStreamEveryTwoWaySplit(t *testing.T) {
	r := New(storedValue)
	for _, k := range keyShapes {
		text := "key: Bearer " + k.secret + " end"
		want := r.String(text)
		for i := 0; i <= len(text); i++ {
			for j := i; j <= len(text); j += 7 {
				got := strings.Join(streamAll(r, []string{text[:i], text[i:j], text[j:]}), "")
				if got != want {
					t.Fatalf("%s split at %d,%d: got %q want %q", k.name, i, j, got, want)
				}
			}
		}
	}
}

func TestStreamLetsOrdinaryTextOutAtOnce(t *testing.T) {
	tests := []struct {
		name, delta, now string
	}{
		{"prose", "Hello world, this is fine.", "Hello world, this is fine."},
		{"word in progress", "Hello wor", "Hello wor"},
		{"code", "for i := 0; i < n; i++ {", "for i := 0; i < n; i++ {"},
		{"could start sk-", "the key is s", "the key is "},
		{"sk- prefix", "the key is sk-", "the key is "},
		{"growing key", "the key is sk-proj-abc123", "the key is "},
		{"could start bearer", "Authorization: Bear", "Authorization: "},
		{"bearer and token", "Authorization: Bearer abc.def", "Authorization: "},
		{"s inside a word", "this is ask", "this is ask"},
		{"value prefix", "password my-custom-gate", "password "},
		{"ended key", "k=sk-proj-4fGh7Jk2Lm9Np3Qr5St8Uv1Wx6 ok", "k=[REDACTED:openai-key] ok"},
	}
	r := New(storedValue)
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			st := r.Stream()
			if got := st.Write(tt.delta); got != tt.now {
				t.Errorf("Write(%q) = %q, want %q now", tt.delta, got, tt.now)
			}
			if got := st.Flush(); got != r.String(tt.delta)[len(tt.now):] {
				t.Errorf("Flush = %q", got)
			}
		})
	}
}

func TestStreamHoldsAKeyRunUntilItEnds(t *testing.T) {
	st := New().Stream()
	var out strings.Builder
	out.WriteString(st.Write("token sk-"))
	for i := 0; i < 500; i++ { // far longer than any issued key
		if got := st.Write("a1"); got != "" {
			t.Fatalf("a growing key-shaped run let out %q", got)
		}
	}
	out.WriteString(st.Write(" done"))
	out.WriteString(st.Flush())
	if got := out.String(); got != "token [REDACTED:openai-key] done" {
		t.Fatalf("got %q", got)
	}
}

func TestStreamBoundsWhatItHolds(t *testing.T) {
	st := New().Stream()
	st.Write("sk-")
	var n int
	for i := 0; i < maxHold; i++ {
		n += len(st.Write("a1"))
	}
	if n == 0 || len(st.held) > maxHold {
		t.Fatalf("emitted %d bytes, holds %d", n, len(st.held))
	}
}

func TestFlushStartsANewText(t *testing.T) {
	st := New().Stream()
	if got := st.Write("abc"); got != "abc" {
		t.Fatalf("got %q", got)
	}
	st.Flush()
	// After a flush "sk-..." starts a word of its own.
	got := st.Write(openaiLegacy+" ") + st.Flush()
	if got != "[REDACTED:openai-key] " {
		t.Fatalf("got %q", got)
	}
}

func TestRegisteredValuesAreRedactedEverywhere(t *testing.T) {
	secret := "registered-gw-token-7781"
	text := "the gateway token is " + secret + "!"
	if got := New().String(text); !strings.Contains(got, secret) {
		t.Fatalf("redacted before it was registered: %q", got)
	}
	Register(secret, "short")
	var nilRedactor *Redactor
	for name, r := range map[string]*Redactor{"new": New(), "with values": New(storedValue), "nil": nilRedactor} {
		if got := r.String(text); strings.Contains(got, secret) || !strings.Contains(got, "[REDACTED:stored-secret]") {
			t.Errorf("%s: String = %q", name, got)
		}
		parts := []string{"the gateway token is regis", "tered-gw-to", "ken-77", "81!"}
		if got := strings.Join(streamAll(r, parts), ""); strings.Contains(got, "7781") {
			t.Errorf("%s: stream = %q", name, got)
		}
	}
	if got := New().String("short and sweet"); got != "short and sweet" {
		t.Errorf("a value under MinValueLen was registered: %q", got)
	}
}

// FuzzStream checks that a stream split anywhere emits exactly what String
// gives for the whole text. Its seed corpus (each key shape) runs in plain
// `go test`.
func FuzzStream(f *testing.F) {
	for _, k := range keyShapes {
		for _, c := range contexts {
			f.Add(withSecret(c, k.secret), []byte{1, 5, 2, 9, 3, 3, 0, 7})
		}
		f.Add("Authorization: Bearer "+k.secret+"\n", []byte{4, 0, 1})
	}
	f.Add("sk-ant-sk-or-sk-proj-"+storedValue+"bearer bearer  x", []byte{2, 3})
	r := New(storedValue)
	f.Fuzz(func(t *testing.T, text string, splits []byte) {
		if len(text) > maxHold/2 {
			t.Skip("held runs past maxHold are let out early by design")
		}
		var parts []string
		rest := text
		for i := 0; len(rest) > 0; i++ {
			n := len(rest)
			if len(splits) > 0 {
				n = min(n, 1+int(splits[i%len(splits)])%23)
			}
			parts = append(parts, rest[:n])
			rest = rest[n:]
		}
		want := r.String(text)
		if got := strings.Join(streamAll(r, parts), ""); got != want {
			t.Fatalf("split %q:\n got %q\nwant %q", parts, got, want)
		}
	})
}

// Hostile runs a delta at a time: each is redacted as one text, and none
// makes every delta rescan all that is held (which would take minutes).
func TestStreamHostileRunsByteByByte(t *testing.T) {
	r := New(storedValue)
	start := time.Now()
	for _, text := range []string{
		"Bearer " + strings.Repeat("=", 8000),
		"Bearer " + strings.Repeat(" ", 8000) + "x",
		"sk-" + strings.Repeat("a1", 4000) + " done",
		"bearer " + strings.Repeat("ab.c/", 1600),
		strings.Repeat("sk ", 3000),
		strings.Repeat("my-custom-gateway-pass-293", 300),
		strings.Repeat("sk-", 3000),
		strings.Repeat("Bearer sk-", 1000),
	} {
		parts := make([]string, len(text))
		for i := range text {
			parts[i] = text[i : i+1]
		}
		if got, want := strings.Join(streamAll(r, parts), ""), r.String(text); got != want {
			t.Errorf("%.30q: got %.60q, want %.60q", text, got, want)
		}
	}
	if d := time.Since(start); d > 20*time.Second {
		t.Errorf("took %v", d)
	}
}
