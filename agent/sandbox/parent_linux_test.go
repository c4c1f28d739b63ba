package sandbox

import (
	"os"
	"os/exec"
	"testing"
)

func TestParentOf(t *testing.T) {
	cmd := exec.Command("sleep", "60")
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() { _ = cmd.Process.Kill(); _ = cmd.Wait() }()
	for _, tc := range []struct {
		name      string
		pid, want int
	}{
		{"a child of this test", cmd.Process.Pid, os.Getpid()},
		{"this test", os.Getpid(), os.Getppid()},
		{"no such process", 1 << 30, 0},
	} {
		if got := ParentOf(tc.pid); got != tc.want {
			t.Errorf("%s: ParentOf(%d) = %d, want %d", tc.name, tc.pid, got, tc.want)
		}
	}
}
