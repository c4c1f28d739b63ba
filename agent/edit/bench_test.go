package edit

import "testing"

// BenchmarkApply5MB is one edit of a few lines near the end of a 5 MB file,
// exact tier, and one that needs the indentation tier (the two costlier
// tiers scan the whole file first).
func BenchmarkApply5MB(b *testing.B) {
	in := []byte(hugeFile(5 << 20))
	cases := []struct {
		name string
		e    Edit
	}{
		{"exact", Edit{"\tvalue_120000 := compute(120000)\n\tvalue_120001 := compute(120001)\n", "\tx := 1\n"}},
		{"indent", Edit{"value_120000 := compute(120000)\nvalue_120001 := compute(120001)\n", "x := 1\n"}},
		// A near miss: every tier scans the file, then the closest run is found.
		{"nomatch", Edit{"\tvalue_120000 := compute(120000)\n\tvalue_120001 := compute(999)\n\tvalue_120002 := compute(120002)\n", "x\n"}},
	}
	for _, c := range cases {
		b.Run(c.name, func(b *testing.B) {
			b.SetBytes(int64(len(in)))
			b.ReportAllocs()
			for b.Loop() {
				_, err := Apply(in, []Edit{c.e})
				if (err != nil) != (c.name == "nomatch") {
					b.Fatal(err)
				}
			}
		})
	}
}
