package llm

import "math/rand/v2"

const idAlphabet = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"

// IDs synthesizes tool-call ids for servers that send none: 9 ASCII
// alphanumerics (the shape Mistral-style servers require), unique among the
// ids it has seen or made.
type IDs struct{ used map[string]bool }

// Seen records an id the server did send, so a made one never collides.
func (g *IDs) Seen(id string) {
	if g.used == nil {
		g.used = map[string]bool{}
	}
	g.used[id] = true
}

// New returns a fresh id.
func (g *IDs) New() string {
	if g.used == nil {
		g.used = map[string]bool{}
	}
	for {
		b := make([]byte, 9)
		for i := range b {
			b[i] = idAlphabet[rand.IntN(len(idAlphabet))]
		}
		if id := string(b); !g.used[id] {
			g.used[id] = true
			return id
		}
	}
}
