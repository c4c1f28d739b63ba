// Command hearth-package builds Hearth's Linux packages and SHA256SUMS
// from a built binary: `make package` runs it.
//
//	SOURCE_DATE_EPOCH=$(git log -1 --format=%ct) hearth-package -bin build/bin/hearth -version v1.2.3 -out build/packages
package main

import (
	"bytes"
	"context"
	"flag"
	"fmt"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"runtime"
	"strconv"
	"time"

	"github.com/hearth-agent/hearth/packaging"
)

func main() {
	bin := flag.String("bin", "build/bin/hearth", "the built hearth binary")
	version := flag.String("version", "", "the version, as git describe prints it")
	out := flag.String("out", "build/packages", "where the packages and SHA256SUMS go")
	arch := flag.String("arch", runtime.GOARCH, "the binary's GOARCH")
	flag.Parse()
	if err := run(*bin, *version, *out, *arch); err != nil {
		fmt.Fprintln(os.Stderr, "hearth-package:", err)
		os.Exit(1)
	}
}

func run(bin, version, out, arch string) error {
	if version == "" {
		return fmt.Errorf("-version is required")
	}
	epoch, err := strconv.ParseInt(os.Getenv("SOURCE_DATE_EPOCH"), 10, 64)
	if err != nil {
		return fmt.Errorf("SOURCE_DATE_EPOCH must be the commit time in seconds (git log -1 --format=%%ct): %w", err)
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt)
	defer stop()
	home, err := os.MkdirTemp("", "hearth-package-home-")
	if err != nil {
		return err
	}
	defer os.RemoveAll(home)
	spec := packaging.Spec{
		Binary:     bin,
		Desktop:    "build/linux/hearth.desktop",
		Icon:       "build/appicon.png",
		Metainfo:   filepath.Join("build/linux", packaging.AppID+".metainfo.xml"),
		Version:    version,
		MTime:      time.Unix(epoch, 0).UTC(),
		Arch:       arch,
		Maintainer: "Hearth contributors <hearth@users.noreply.github.com>",
		Help:       binaryHelp(ctx, bin, home),
	}
	paths, err := packaging.Build(ctx, spec, out)
	for _, p := range paths {
		fmt.Println(p)
	}
	return err
}

// binaryHelp runs the binary for its help in a scratch home, so asking
// for help touches none of the person's settings.
func binaryHelp(ctx context.Context, bin, home string) packaging.HelpFunc {
	return func(args ...string) (string, error) {
		ctx, cancel := context.WithTimeout(ctx, 30*time.Second)
		defer cancel()
		cmd := exec.CommandContext(ctx, bin, args...)
		cmd.Env = []string{"PATH=/usr/bin:/bin", "HOME=" + home, "XDG_CONFIG_HOME=" + home, "XDG_DATA_HOME=" + home,
			"XDG_CACHE_HOME=" + home, "LANG=C.UTF-8"}
		// Go's flag package also prints the help on stderr; stdout is enough.
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		out, err := cmd.Output()
		if err != nil {
			return "", fmt.Errorf("%w: %s", err, stderr.Bytes())
		}
		return string(out), nil
	}
}
