//go:build !race

package media

import "os"

// memoryFactor widens the child's memory limit under the race detector.
const memoryFactor = 1

// childEnv is the child's environment: Hearth's own.
func childEnv() []string { return os.Environ() }
