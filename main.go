// Command hearth is the Hearth desktop agent. With no arguments (or a folder)
// it opens the window; with a command (run, apply, index, search, keys,
// sessions) it works headless.
package main

import (
	"context"
	"os"
	"os/signal"

	"github.com/hearth-agent/hearth/app/cli"
	"github.com/hearth-agent/hearth/gcpolicy"
	"github.com/hearth-agent/hearth/knowledge"
)

// version is set at build time with -ldflags "-X main.version=…".
var version = "0.1.0-dev"

// buildGCPercent is the collector's target while a knowledge index
// builds, in the CLI and the desktop alike: a build's garbage is most of
// the process's allocation, and collecting it sooner than Go's default
// keeps the build's peak memory down for a little more CPU.
const buildGCPercent = 75

// cliHeapFloor is how far a command's heap may grow past what a
// collection left live before the next (gcpolicy.KeepHeapFloor).
const cliHeapFloor = 32 << 20

func main() {
	gcpolicy.SetBuildGCPercent(buildGCPercent)
	knowledge.OnBuild(gcpolicy.LowerGCForBuild)
	args := os.Args[1:]
	if cli.IsCommand(args) {
		// A command's heap is small and most of it short-lived: collecting
		// every few MB was a one-shot search's largest cost after its walk.
		gcpolicy.KeepHeapFloor(cliHeapFloor)
		attachConsole()
		ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
		code := cli.Run(ctx, cli.OSEnv(version), args)
		stop()
		os.Exit(code)
	}
	env := cli.OSEnv(version)
	env.Stderr = consoleStderr()
	dir, code, ok := cli.Desktop(env, args, devBuild)
	if !ok {
		os.Exit(code)
	}
	os.Exit(runDesktop(dir))
}
