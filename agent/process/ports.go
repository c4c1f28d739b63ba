package process

import (
	"context"
	"fmt"
	"net"
	"regexp"
	"slices"
	"strconv"

	gnet "github.com/shirou/gopsutil/v4/net"
)

// watchPorts looks at the ports p listens on every Poll until it ends.
func (t *Table) watchPorts(p *proc) {
	ctx := context.Background()
	for {
		select {
		case <-p.done:
			return
		case <-t.opts.Clock.After(t.opts.Poll):
			t.scanPorts(ctx, p)
		}
	}
}

// scanPorts records the ports p's tree listens on now and tells the model
// and the person about new ones.
func (t *Table) scanPorts(ctx context.Context, p *proc) {
	if p.isDone() {
		return
	}
	ports, err := listening(ctx, p.tree.Pid())
	if err != nil {
		ports = urlPorts(p.out.all())
	}
	p.mu.Lock()
	var fresh []string
	for _, a := range ports {
		if !slices.Contains(p.ports, a) {
			fresh = append(fresh, a)
			p.ports = append(p.ports, a)
		}
	}
	p.mu.Unlock()
	for _, a := range fresh {
		t.addNews(fmt.Sprintf("background process %s (%s) is listening on %s", p.id, short(p.command), a))
	}
	if len(fresh) > 0 {
		t.changed()
	}
}

// listening returns the addresses root's tree listens on, from each
// process's sockets (on Linux, /proc/PID/fd matched with /proc/PID/net/tcp
// and tcp6, through gopsutil).
func listening(ctx context.Context, root int) ([]string, error) {
	pids, err := treePids(ctx, root)
	if err != nil {
		return nil, err
	}
	var out []string
	for _, pid := range pids {
		conns, err := gnet.ConnectionsPidWithoutUidsWithContext(ctx, "inet", int32(pid))
		if err != nil {
			continue // the process ended meanwhile
		}
		for _, c := range conns {
			if c.Status != "LISTEN" {
				continue
			}
			a := net.JoinHostPort(c.Laddr.IP, strconv.Itoa(int(c.Laddr.Port)))
			if !slices.Contains(out, a) {
				out = append(out, a)
			}
		}
	}
	return out, nil
}

// localURL finds a local address a server prints when it is ready.
var localURL = regexp.MustCompile(`https?://(localhost|127\.0\.0\.1|0\.0\.0\.0|\[::1?\]):(\d{1,5})`)

// urlPorts reads listening addresses from output, where the system cannot
// say which sockets a process holds.
func urlPorts(output string) []string {
	var out []string
	for _, m := range localURL.FindAllStringSubmatch(output, -1) {
		a := m[1] + ":" + m[2]
		if !slices.Contains(out, a) {
			out = append(out, a)
		}
	}
	return out
}
