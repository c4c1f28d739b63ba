package process

import (
	"context"
	"errors"
	"os/exec"

	"github.com/hearth-agent/hearth/agent/sandbox"
)

func setGroup(*exec.Cmd) {}

// terminate has no gentle signal on Windows; Stop's kill ends the tree.
func terminate(*sandbox.Tree) {}

func treePids(context.Context, int) ([]int, error) {
	return nil, errors.New("process trees are not listed on Windows")
}
