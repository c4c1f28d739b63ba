package app

import "testing"

func TestPaintInSoftwareLeavesTheUsersChoice(t *testing.T) {
	cases := []struct {
		name string
		env  map[string]string
		want string
	}{
		{"unset: the DMA-BUF renderer is turned off", map[string]string{}, "1"},
		{"the user's 0 stays", map[string]string{"WEBKIT_DISABLE_DMABUF_RENDERER": "0"}, "0"},
		{"an empty value the user set stays", map[string]string{"WEBKIT_DISABLE_DMABUF_RENDERER": ""}, ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			lookup := func(k string) (string, bool) { v, ok := c.env[k]; return v, ok }
			set := func(k, v string) error { c.env[k] = v; return nil }
			paintInSoftware(lookup, set)
			if got := c.env["WEBKIT_DISABLE_DMABUF_RENDERER"]; got != c.want {
				t.Fatalf("WEBKIT_DISABLE_DMABUF_RENDERER = %q, want %q", got, c.want)
			}
		})
	}
}
