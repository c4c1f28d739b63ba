package tools

import (
	"bytes"
	"errors"
	"fmt"
	"net/http"
	"unicode/utf8"

	"golang.org/x/text/encoding/charmap"
	"golang.org/x/text/encoding/unicode"
)

// ErrBinary reports a file that is not text.
var ErrBinary = errors.New("binary file")

// decodeText turns raw file bytes into text for the model. note is empty for
// UTF-8 and otherwise says how the file was decoded.
func decodeText(raw []byte) (text, note string, err error) {
	switch {
	case bytes.HasPrefix(raw, []byte{0xFF, 0xFE}), bytes.HasPrefix(raw, []byte{0xFE, 0xFF}):
		dec := unicode.UTF16(unicode.LittleEndian, unicode.UseBOM).NewDecoder()
		out, err := dec.Bytes(raw)
		if err != nil {
			return "", "", fmt.Errorf("undecodable UTF-16: %w", err)
		}
		return string(out), "(file is UTF-16; shown decoded)\n", nil
	}
	if isBinary(raw) {
		return "", "", fmt.Errorf("%w (%d bytes, looks like %s); not shown", ErrBinary, len(raw), http.DetectContentType(raw))
	}
	if utf8.Valid(raw) {
		return string(raw), "", nil
	}
	out, err := charmap.Windows1252.NewDecoder().Bytes(raw)
	if err != nil {
		return "", "", fmt.Errorf("undecodable text: %w", err)
	}
	return string(out), "(file is not UTF-8; shown decoded as Windows-1252/Latin-1)\n", nil
}

// isBinary uses git's heuristic: a NUL byte early in the file.
func isBinary(raw []byte) bool {
	return bytes.IndexByte(raw[:min(len(raw), binarySniffLen)], 0) >= 0
}
