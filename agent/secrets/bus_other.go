//go:build !unix || darwin

package secrets

// checkSessionBus is a no-op where the keychain does not go through D-Bus.
func checkSessionBus() error { return nil }
