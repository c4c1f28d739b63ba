//go:build !linux

package session

import "time"

func cpuTime() time.Duration    { return 0 }
func threadTime() time.Duration { return 0 }
