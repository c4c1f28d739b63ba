package permission

import "testing"

// FuzzJudgeShell: no input makes the judge panic, and a line that fails to
// parse is never read-only.
func FuzzJudgeShell(f *testing.F) {
	for _, c := range shellCorpus {
		f.Add(c.line)
	}
	f.Fuzz(func(t *testing.T, line string) {
		v := JudgeShell(line, testEnv)
		if v.AlwaysAsk && v.ReadOnly() {
			t.Fatalf("%q is both always-ask and read-only", line)
		}
	})
}
