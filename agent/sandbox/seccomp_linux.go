package sandbox

import (
	"fmt"
	"sync"
	"unsafe"

	seccomp "github.com/elastic/go-seccomp-bpf"
	"github.com/elastic/go-seccomp-bpf/arch"
	"golang.org/x/net/bpf"
	"golang.org/x/sys/unix"
)

// socketFilter is the seccomp program a contained command runs under. Landlock
// below ABI 9 does not cover connect(2) on pathname unix sockets, so the
// session bus, the keyring, ssh-agent and every other local service would be
// one connect away; the filter refuses to create unix sockets at all.
// socketpair(2) is a separate call and stays allowed: a pair reaches nothing
// outside the command. io_uring is refused because its socket and connect
// operations never pass through the syscall filter.
var socketFilter = sync.OnceValues(func() (*unix.SockFprog, error) {
	policy := seccomp.Policy{
		DefaultAction: seccomp.ActionAllow,
		Syscalls: []seccomp.SyscallGroup{
			{
				Action: seccomp.ActionErrno,
				NamesWithCondtions: []seccomp.NameWithConditions{
					{Name: "socket", Conditions: lowWordIs(0, unix.AF_UNIX)},
				},
			},
			{
				Action: seccomp.ActionErrno,
				Names:  []string{"io_uring_setup"},
			},
		},
	}
	insts, err := policy.Assemble()
	if err != nil {
		return nil, fmt.Errorf("sandbox: seccomp: %w", err)
	}
	// The library allows every call made through another ABI (int 0x80 from
	// a 64-bit process reaches socketcall); refuse those first.
	native, err := arch.GetInfo("")
	if err != nil {
		return nil, fmt.Errorf("sandbox: seccomp: %w", err)
	}
	insts = append(nativeOnly(uint32(native.ID)), insts...)
	raw, err := bpf.Assemble(insts)
	if err != nil {
		return nil, fmt.Errorf("sandbox: seccomp: %w", err)
	}
	prog := make([]unix.SockFilter, len(raw))
	for i, r := range raw {
		prog[i] = unix.SockFilter{Code: r.Op, Jt: r.Jt, Jf: r.Jf, K: r.K}
	}
	return &unix.SockFprog{Len: uint16(len(prog)), Filter: &prog[0]}, nil
})

// lowWordIs matches argument arg whose low 32 bits equal v, whatever its high
// bits: the kernel reads socket's domain as an int, so an Equal test on all
// 64 bits would let 1<<32|AF_UNIX through.
func lowWordIs(arg uint32, v uint32) seccomp.ArgumentConditions {
	return seccomp.ArgumentConditions{
		{Argument: arg, Operation: seccomp.BitsSet, Value: uint64(v)},
		{Argument: arg, Operation: seccomp.BitsNotSet, Value: uint64(^v)},
	}
}

// nativeOnly refuses with ENOSYS every call whose architecture is not the
// one the filter was built for.
func nativeOnly(native uint32) []bpf.Instruction {
	const archOffset = 4 // seccomp_data.arch
	return []bpf.Instruction{
		bpf.LoadAbsolute{Off: archOffset, Size: 4},
		bpf.JumpIf{Cond: bpf.JumpEqual, Val: native, SkipTrue: 1},
		bpf.RetConstant{Val: uint32(seccomp.ActionErrno) | uint32(unix.ENOSYS)},
	}
}

// loadSocketFilter installs the filter on the calling thread only (no
// TSYNC), so a locked thread hands it to the command it forks and Hearth's
// other threads stay free. The thread must already have no_new_privs.
func loadSocketFilter() error {
	prog, err := socketFilter()
	if err != nil {
		return err
	}
	if _, _, e := unix.Syscall(unix.SYS_SECCOMP, unix.SECCOMP_SET_MODE_FILTER, 0, uintptr(unsafe.Pointer(prog))); e != 0 {
		return fmt.Errorf("sandbox: seccomp: %w", e)
	}
	return nil
}
