package analysis

import (
	"reflect"
	"testing"
)

func TestDataSpans(t *testing.T) {
	tests := []struct {
		id   string
		want bool
	}{
		{"3c30e42670d1ef5f0b33876928b3bd5693ef3b5be1df6b2710d48c2667ca7133", true}, // sha256
		{"00005c28a3d6318d", true},                                                             // 16 hex digits
		{"0x00005c28a3d6318d", false},                                                          // a hex literal of one word, 0x and all: a name's length
		{"sha256_3c30e42670d1ef5f0b338769", true},                                              // a run between separators
		{"RYM6lWITV8oADrwLfdzxmt8ucfW6UtP9v1jg4qAbqts", true},                                  // base64
		{"f0VMRgIBAQAAAAAAAAAAAAIAPgABAAAAADtFAAAAAABAAAAAAAAAAMgBAAAAAAAAAAAAAEAAOAAH", true}, // base64 of a binary
		{"MIIDBjCCAe6gAwIBAgIQM8hdaXsBdFE2RCOfkO0ZJDANBgkqhkiG9w0BAQsFADAS", true},             // a PEM line
		{"c422bd91140d0000", true},
		{"deadbeefdeadbeefdeadbeef", false}, // letters alone: could be a word
		{"12345678901234567890123456", false},
		{"OpExtendLo2ToInt64Int16x8", false}, // SSA op names read as base64 under 32 bytes
		{"testUint16x16ConvertLoToInt32x8", false},
		{"TestParseHTTPRequestWithContentLengthTooLarge", false},
		{"AKIAIOSFODNN7EXAMPLE", false},
		{"XMLHttpRequestEventTargetUploadProgressHandler", false},
		{"550e8400-e29b-41d4-a716-446655440000", false}, // a UUID's pieces are short
		{"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789", false},
		{"Ωmega1Ωmega2Ωmega3Ωmega4Ωmega5Ωmega6Ωmega7", false},
	}
	for _, tt := range tests {
		if got := len(DataSpans([]byte(tt.id))) > 0; got != tt.want {
			t.Errorf("DataSpans(%q) found data: %v, want %v", tt.id, got, tt.want)
		}
	}
}

func TestSearchedAsText(t *testing.T) {
	tests := []struct {
		id   string
		want bool
	}{
		{"3c30e426", true}, // a short commit hash
		{"3C30E426", true},
		{"3c30e42", false},  // too short: a name as likely
		{"deadbeef", false}, // no digit
		{"12345678", false}, // no letter
		{"3c30e42g", false}, // not hex
		{"日本", true},        // CJK
		{"RYM6lWITV8oADrwLfdzxmt8ucfW6UtP9v1jg4qAbqts", true},
		{"parseHTTPRequest_v2", false},
	}
	for _, tt := range tests {
		if got := SearchedAsText(tt.id); got != tt.want {
			t.Errorf("SearchedAsText(%q) = %v, want %v", tt.id, got, tt.want)
		}
	}
}

func TestForEachIdentOrData(t *testing.T) {
	const b64 = "Rg8/pe0Wu6qNB9Zyhu+AoKf3HXb4cvTp6ZFdW3Nl0xQkbtWy2d8f=="
	tests := []struct {
		text string
		want []string // identifiers, those in data marked with a leading '#'
	}{
		{"plain words/and+paths=here", []string{"plain", "words", "and", "paths", "here"}},
		{"sha512-" + b64, []string{"sha512", "#Rg8", "#pe0Wu6qNB9Zyhu", "#AoKf3HXb4cvTp6ZFdW3Nl0xQkbtWy2d8f"}},
		{b64[:20] + "_tail x", []string{"Rg8", "pe0Wu6qNB9Zyhu", "A_tail", "x"}}, // too short: not data
		{b64[:50] + "-suffix", []string{"#Rg8", "#pe0Wu6qNB9Zyhu", "#AoKf3HXb4cvTp6ZFdW3Nl0xQkbtWy2d", "suffix"}},
		{"golang.org/x/tools/internal/packagesinternal/nothing/like/base64", []string{"golang", "org", "x", "tools",
			"internal", "packagesinternal", "nothing", "like", "base64"}},
	}
	for _, tt := range tests {
		var got []string
		ForEachIdentOrData([]byte(tt.text), func(start, end int, inData bool) {
			id := tt.text[start:end]
			if inData {
				id = "#" + id
			}
			got = append(got, id)
		})
		if !reflect.DeepEqual(got, tt.want) {
			t.Errorf("ForEachIdentOrData(%q) = %q, want %q", tt.text, got, tt.want)
		}
	}
}
