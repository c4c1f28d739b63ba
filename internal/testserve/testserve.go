// Package testserve turns a test binary into a tiny HTTP server with a
// grandchild, for tests of background processes: TestMain calls Main,
// and a test starts the binary with Env to get a server.
package testserve

import (
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
)

// envDir names the directory the server writes its pid and port files to;
// envGet a URL to fetch and print instead (a client without curl). Not
// HEARTH_*, which every child's environment loses.
const (
	envDir = "TESTSERVE_DIR"
	envGet = "TESTSERVE_GET"
)

// Body is what the server answers to every request.
const Body = "hello from the background"

// Main runs the server and exits when the binary was started as one; it
// returns at once otherwise.
func Main() {
	if dir := os.Getenv(envDir); dir != "" {
		os.Exit(serve(dir))
	}
	if url := os.Getenv(envGet); url != "" {
		os.Exit(get(url))
	}
}

// ServeLine is a shell command line that runs the test binary as a server
// writing its files to dir.
func ServeLine(dir string) string { return envDir + "=" + quote(dir) + " exec " + quote(Self()) }

// GetLine is a shell command line that fetches url and prints the body.
func GetLine(url string) string { return envGet + "=" + quote(url) + " " + quote(Self()) }

func quote(s string) string { return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'" }

func get(url string) int {
	resp, err := http.Get(url)
	if err != nil {
		fmt.Println(err)
		return 1
	}
	defer resp.Body.Close()
	_, _ = io.Copy(os.Stdout, resp.Body)
	return 0
}

// Env is the environment entry that makes the test binary a server writing
// its files to dir.
func Env(dir string) string { return envDir + "=" + dir }

// Self is the running test binary.
func Self() string {
	self, _ := os.Executable()
	return self
}

// serve starts a grandchild that only sleeps, listens on a free port and
// answers every request; it writes its pid, the grandchild's and the port
// to files (the port is not printed, so tests find it from the sockets).
func serve(dir string) int {
	child := exec.Command("sleep", "1000")
	if err := child.Start(); err != nil {
		fmt.Println(err)
		return 1
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		fmt.Println(err)
		return 1
	}
	write := func(name string, v int) {
		tmp := filepath.Join(dir, name+".tmp")
		_ = os.WriteFile(tmp, []byte(strconv.Itoa(v)), 0o644)
		_ = os.Rename(tmp, filepath.Join(dir, name))
	}
	write("child.pid", child.Process.Pid)
	write("port", ln.Addr().(*net.TCPAddr).Port)
	write("server.pid", os.Getpid())
	fmt.Println("ready")
	_ = http.Serve(ln, http.HandlerFunc(func(w http.ResponseWriter, _ *http.Request) {
		_, _ = io.WriteString(w, Body)
	}))
	return 0
}

// Files are what a server wrote: its pid, its grandchild's and its port.
type Files struct {
	Server, Child, Port int
}

// Read reads the server's files in dir; it fails until all are written.
func Read(dir string) (Files, error) {
	var f Files
	for _, x := range []struct {
		name string
		to   *int
	}{{"server.pid", &f.Server}, {"child.pid", &f.Child}, {"port", &f.Port}} {
		b, err := os.ReadFile(filepath.Join(dir, x.name))
		if err != nil {
			return Files{}, err
		}
		if *x.to, err = strconv.Atoi(strings.TrimSpace(string(b))); err != nil {
			return Files{}, err
		}
	}
	return f, nil
}

// Gone says whether pid has ended (a zombie not yet reaped counts).
func Gone(pid int) bool {
	stat, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return !alive(pid)
	}
	i := strings.LastIndexByte(string(stat), ')')
	return i > 0 && strings.HasPrefix(string(stat[i+1:]), " Z")
}
