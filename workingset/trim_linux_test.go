package workingset

import (
	"errors"
	"strings"
	"testing"
)

const sampleSmaps = `00400000-00409000 r--p 00000000 fe:00 4242                               /opt/hearth
Size:                 36 kB
Rss:                  36 kB
00409000-01430000 r-xp 00009000 fe:00 4242                               /opt/hearth
Rss:               14524 kB
Pss:               14524 kB
VmFlags: rd ex mr mw me sd
0258e000-02774000 rw-p 0218d000 fe:00 4242                               /opt/hearth
Rss:                1484 kB
7fa216d08000-7fa21a3b4000 r-xp 00000000 fe:00 99                         /usr/lib/libwebkit2gtk-4.1.so.0
Rss:                5369 kB
7fa21c000000-7fa21c65e000 rw-p 00000000 00:00 0 
Rss:                6484 kB
`

func TestMappingsOfFindsTheExecutablesReadOnlyMappings(t *testing.T) {
	cases := []struct {
		name     string
		ino      uint64
		spans    []span
		resident int64
	}{
		{"the executable's code and constants, not its data", 4242, []span{{0x400000, 0x409000}, {0x409000, 0x1430000}}, (36 + 14524) << 10},
		{"another file", 99, []span{{0x7fa216d08000, 0x7fa21a3b4000}}, 5369 << 10},
		{"no such file", 7, nil, 0},
		{"an anonymous mapping is no file's", 0, nil, 0},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			spans, resident := mappingsOf(strings.NewReader(sampleSmaps), c.ino)
			if len(spans) != len(c.spans) {
				t.Fatalf("spans = %x, want %x", spans, c.spans)
			}
			for i := range spans {
				if spans[i] != c.spans[i] {
					t.Fatalf("spans = %x, want %x", spans, c.spans)
				}
			}
			if resident != c.resident {
				t.Fatalf("resident = %d, want %d", resident, c.resident)
			}
		})
	}
}

// A window's smaps has tens of thousands of lines; reading them leaves
// garbage only for the mappings found, not for each line.
func TestMappingsOfReadsLinesInPlace(t *testing.T) {
	big := strings.Repeat(sampleSmaps, 200)
	allocs := testing.AllocsPerRun(5, func() {
		spans, _ := mappingsOf(strings.NewReader(big), 99)
		if len(spans) != 200 {
			t.Fatalf("found %d spans, want 200", len(spans))
		}
	})
	// The scanner's buffer and the spans slice growing: well under one per line (2,600 lines).
	if allocs > 30 {
		t.Fatalf("mappingsOf made %.0f allocations for 2,600 lines, want at most 30", allocs)
	}
}

// The test binary, like Hearth, has most of its file resident after
// starting; paging it out leaves only what ran since.
func TestTrimExecutablePagesOutTheTestBinary(t *testing.T) {
	r, err := TrimExecutable()
	if errors.Is(err, ErrUnsupported) {
		t.Skip("this kernel has no MADV_PAGEOUT:", err)
	}
	if err != nil {
		t.Fatal(err)
	}
	if r.Mappings < 2 {
		t.Errorf("paged out %d mappings, want the code and the constants at least", r.Mappings)
	}
	if r.Before <= 0 || r.After >= r.Before {
		t.Errorf("resident before %d bytes, after %d: want fewer after", r.Before, r.After)
	}
	t.Logf("resident %d kB before, %d kB after, over %d mappings", r.Before>>10, r.After>>10, r.Mappings)
}
