package redact

import (
	"strings"
	"testing"
)

// Realistic shapes, generated for the test: none of these is a live key.
const (
	openaiLegacy  = "sk-Xq3kT9vLm2Pz8RwY4nB6cD1eF5gH7jK0aS2dQ9wE4rT6yU8i"
	openaiProject = "sk-proj-4fGh7Jk2Lm9Np3Qr5St8Uv1Wx6Yz0Ab_Cd-Ef2Gh4Ij6Kl8Mn0Op"
	openaiSvc     = "sk-svcacct-Zz91Yy82Xx73Ww64Vv55Uu46Tt37Ss28Rr19"
	anthropicKey  = "sk-ant-api03-Ab3dEf6hIj9kLm2nOp5qRs8tUv1wXy4zAb7cDe0fGh3iJk6lMn9oPq2rSt5uVw8xYz1-AbCdEfAA"
	openrouterKey = "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"
	bearerToken   = "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0NTY3ODkwIn0.dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U"
	storedValue   = "my-custom-gateway-pass-2931"
)

func TestPlantedSecretsAreAllFound(t *testing.T) {
	r := New(storedValue)
	cases := []struct {
		name, text, secret, label string
	}{
		{"openai legacy", "export OPENAI_API_KEY=" + openaiLegacy + "\n", openaiLegacy, "openai-key"},
		{"openai project", `{"key": "` + openaiProject + `"}`, openaiProject, "openai-key"},
		{"openai service account", "key: " + openaiSvc, openaiSvc, "openai-key"},
		{"anthropic", "x-api-key: " + anthropicKey, anthropicKey, "anthropic-key"},
		{"openrouter", "OPENROUTER_API_KEY='" + openrouterKey + "'", openrouterKey, "openrouter-key"},
		{"bearer header", "Authorization: Bearer " + bearerToken, bearerToken, "bearer-token"},
		{"bearer lower case", "curl -H 'authorization: bearer " + bearerToken + "'", bearerToken, "bearer-token"},
		{"stored value", "password is " + storedValue + ", keep it safe", storedValue, "stored-secret"},
		{"key at start of text", openaiLegacy, openaiLegacy, "openai-key"},
		{"key inside markdown code", "`" + anthropicKey + "`", anthropicKey, "anthropic-key"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := r.String(c.text)
			if strings.Contains(got, c.secret) {
				t.Fatalf("secret survived: %q", got)
			}
			// No fragment of the key may survive either (a partial match).
			if strings.Contains(got, c.secret[len(c.secret)-12:]) {
				t.Fatalf("tail of secret survived: %q", got)
			}
			if !strings.Contains(got, "[REDACTED:"+c.label+"]") {
				t.Fatalf("want marker %q in %q", c.label, got)
			}
			if !r.Contains(c.text) {
				t.Fatal("Contains = false for text with a secret")
			}
		})
	}
}

func TestSeveralSecretsInOneText(t *testing.T) {
	text := "a=" + openaiLegacy + " b=" + anthropicKey + " c=" + openrouterKey + " d=Bearer " + bearerToken
	got := New().String(text)
	for _, s := range []string{openaiLegacy, anthropicKey, openrouterKey, bearerToken} {
		if strings.Contains(got, s) {
			t.Fatalf("%q survived in %q", s, got)
		}
	}
	if n := strings.Count(got, "[REDACTED:"); n != 4 {
		t.Fatalf("want 4 markers, got %d in %q", n, got)
	}
}

func TestOrdinaryTextIsUntouched(t *testing.T) {
	texts := []string{
		"The bearer of this letter is a trusted friend.",
		"Bearer authentication is described in RFC 6750.",
		"Set the header to `Authorization: Bearer $OPENAI_API_KEY` in your script.",
		"Use Bearer ${TOKEN} in the template.",
		"pip install scikit-learn; sk-learn-compatible-estimator-wrapper is a package name.",
		"func (t *task) run(ctx context.Context) error { return nil } // task-runner-implementation",
		"desk-0123456789abcdefghijklmnop is not a key, nor is risk-assessment-framework-v2.",
		"SELECT id, sk_product_key FROM products WHERE sku = 'sk-42';",
		"The keys start with sk- followed by random characters.",
		"sha256: 9f86d081884c7d659a2feaa0c55ad015a3bf4f1b2b0b822cd15d6c15b0f00a08",
		"UUID 123e4567-e89b-12d3-a456-426614174000 and commit 3f5a1c2e9b7d4f6a8c0e2b4d6f8a0c2e4b6d8f0a",
		"for i := 0; i < len(xs); i++ { sum += xs[i] }",
		"short stored value test appears here",
		"",
	}
	r := New("test", "1234") // too short to be redacted
	for _, text := range texts {
		if got := r.String(text); got != text {
			t.Errorf("changed ordinary text:\n in: %q\nout: %q", text, got)
		}
	}
}

func TestLongerValueWinsOverContainedValue(t *testing.T) {
	r := New("abcdefgh", "abcdefgh-ijklmnop")
	got := r.String("x abcdefgh-ijklmnop y abcdefgh z")
	want := "x [REDACTED:stored-secret] y [REDACTED:stored-secret] z"
	if got != want {
		t.Fatalf("got %q, want %q", got, want)
	}
}

func TestNilRedactorStillMatchesPatterns(t *testing.T) {
	var r *Redactor
	if got := r.String("k=" + openaiProject); strings.Contains(got, openaiProject) {
		t.Fatalf("nil redactor kept key: %q", got)
	}
}
