//go:build !dev

package main

// devBuild: a release build takes no window flags.
const devBuild = false
