package conversation

import (
	"bufio"
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strings"
)

var makeTestTarget = regexp.MustCompile(`^test\s*:`)

// TestCommand is the command that runs dir's tests when one is plain from
// its files (a Makefile test target, package.json's test script, go.mod,
// Cargo.toml), "" when none is.
func TestCommand(dir string) string {
	if f, err := os.Open(filepath.Join(dir, "Makefile")); err == nil {
		defer f.Close()
		sc := bufio.NewScanner(f)
		for sc.Scan() {
			if makeTestTarget.MatchString(sc.Text()) {
				return "make test"
			}
		}
	}
	if b, err := os.ReadFile(filepath.Join(dir, "package.json")); err == nil {
		var pkg struct {
			Scripts map[string]string `json:"scripts"`
		}
		// npm init's placeholder only fails, so it is no test command.
		if json.Unmarshal(b, &pkg) == nil && pkg.Scripts["test"] != "" && !strings.Contains(pkg.Scripts["test"], "no test specified") {
			return "npm test"
		}
	}
	if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
		return "go test ./..."
	}
	if _, err := os.Stat(filepath.Join(dir, "Cargo.toml")); err == nil {
		return "cargo test"
	}
	return ""
}
