//go:build race

package media

import "os"

// memoryFactor widens the child's memory limit under the race detector,
// whose shadow memory counts against it.
const memoryFactor = 4

// childEnv spares each child the race detector's second of sleep at exit.
func childEnv() []string {
	return append(os.Environ(), "GORACE="+os.Getenv("GORACE")+" atexit_sleep_ms=0")
}
