package assembly

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"

	"github.com/hearth-agent/hearth/agent/trust"
)

// SpillDir is where compaction keeps the full output of shrunk tool results
// for the workspace ws: under the user cache dir (cacheDir, or
// os.UserCacheDir()/Hearth when ""), in a folder named by a hash of the
// workspace's canonical path. Nothing inside the workspace decides where
// these writes go; the loop creates the folder 0700 at its first spill.
func SpillDir(cacheDir, ws string) (string, error) {
	if cacheDir == "" {
		base, err := os.UserCacheDir()
		if err != nil {
			return "", fmt.Errorf("spill store: %w", err)
		}
		cacheDir = filepath.Join(base, "Hearth")
	}
	canon, err := trust.Canonical(ws)
	if err != nil {
		return "", fmt.Errorf("spill store: %w", err)
	}
	sum := sha256.Sum256([]byte(canon))
	return filepath.Join(cacheDir, "tool-outputs", hex.EncodeToString(sum[:12])), nil
}
