//go:build dev

package main

// devBuild: the development build's window reads its own flags
// (-devserver, -assetdir, -loglevel).
const devBuild = true
