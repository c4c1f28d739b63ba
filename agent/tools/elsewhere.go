package tools

import (
	"context"
	"fmt"
	"time"

	"github.com/hearth-agent/hearth/agent/edit"
)

const (
	elsewhereMaxFiles = 5000
	elsewhereMaxHits  = 5
	elsewhereMaxSize  = 1 << 20
	elsewhereBudget   = 2 * time.Second
)

// elsewhere returns the finder edit uses to say where else a SEARCH text
// exists when it matched nothing in the target file. It only informs the
// error; nothing is ever applied to another file.
func (s *session) elsewhere(ctx context.Context, target string) func(search string) []string {
	return func(search string) []string {
		ctx, cancel := context.WithTimeout(ctx, elsewhereBudget)
		defer cancel()
		var hits []string
		seen := 0
		_ = s.walkFiles(ctx, ".", func(rel string) error {
			if rel == target {
				return nil
			}
			seen++
			if seen > elsewhereMaxFiles || len(hits) >= elsewhereMaxHits {
				return errStopWalk
			}
			if fi, err := s.root.Stat(rel); err != nil || fi.Size() > elsewhereMaxSize {
				return nil
			}
			content, err := s.root.ReadFile(rel)
			if err != nil || isBinary(content) {
				return nil
			}
			for _, line := range edit.Locate(content, search) {
				hits = append(hits, fmt.Sprintf("%s:%d", rel, line))
			}
			return nil
		})
		return hits
	}
}
