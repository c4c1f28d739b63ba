package query

import "testing"

func TestAnyWord(t *testing.T) {
	tests := []struct {
		q, want string
		ok      bool
	}{
		{"where is the config loaded?", "config OR loaded", true},
		{"the user's read-only Config, config", "user OR read OR only OR Config", true},
		{"what is this", "what OR is OR this", true}, // only grammar: it is the subject
		{"config", "", false},              // one word
		{"handleRequest", "", false},       // one word is not a sentence
		{"a b", "", false},                 // nor are letters
		{`"exact phrase" here`, "", false}, // a phrase asks for its words together
		{"config ext:go", "", false},       // a filter narrows on purpose
		{"retry OR backoff", "", false},    // already alternatives
		{"parse* config", "", false},       // a prefix
		{"config -path:vendor", "", false}, // an exclusion
		{"a b c d e f g h i j k l m n o p q r s t u v w x y z aa bb", "aa OR bb", true},
		{"w1 w2 w3 w4 w5 w6 w7 w8 w9 w10 w11 w12 w13 w14 w15 w16 w17", "w1 OR w2 OR w3 OR w4 OR w5 OR w6 OR w7 OR w8 OR w9 OR w10 OR w11 OR w12 OR w13 OR w14 OR w15 OR w16", true},
	}
	for _, tt := range tests {
		got, ok := AnyWord(tt.q)
		if got != tt.want || ok != tt.ok {
			t.Errorf("AnyWord(%q) = %q, %v; want %q, %v", tt.q, got, ok, tt.want, tt.ok)
		}
	}
}
