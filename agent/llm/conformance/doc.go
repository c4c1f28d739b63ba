// Package conformance holds the provider conformance suite: recorded
// streams of every supported server, replayed over loopback HTTP against
// both wire adapters. It has no non-test code.
package conformance
