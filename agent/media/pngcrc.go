package media

import (
	"bytes"
	"encoding/binary"
	"hash/crc32"
)

var pngMagic = []byte("\x89PNG\r\n\x1a\n")

// fixPNGChecksums returns a copy of a PNG with every chunk's CRC recomputed,
// or nil when the chunks do not parse. Browsers show PNGs with wrong
// checksums, and some tools write them, so a checksum alone must not refuse one.
func fixPNGChecksums(data []byte) []byte {
	if !bytes.HasPrefix(data, pngMagic) {
		return nil
	}
	out := append([]byte(nil), data...)
	p := len(pngMagic)
	for p+12 <= len(out) {
		n := int(binary.BigEndian.Uint32(out[p:]))
		end := p + 8 + n
		if n < 0 || end+4 > len(out) {
			return nil
		}
		binary.BigEndian.PutUint32(out[end:], crc32.ChecksumIEEE(out[p+4:end]))
		if string(out[p+4:p+8]) == "IEND" {
			return out
		}
		p = end + 4
	}
	return nil
}
