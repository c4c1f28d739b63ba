// Command hearth is the Hearth desktop agent. With no arguments it opens the
// window; with a command (run, apply, index, search, keys, sessions) it works
// headless.
package main

import (
	"context"
	"os"
	"os/signal"

	"github.com/hearth-agent/hearth/app/cli"
)

// version is set at build time with -ldflags "-X main.version=…".
var version = "0.1.0-dev"

func main() {
	args := os.Args[1:]
	if cli.IsCommand(args) {
		ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
		code := cli.Run(ctx, cli.OSEnv(version), args)
		stop()
		os.Exit(code)
	}
	os.Exit(runDesktop(args))
}
