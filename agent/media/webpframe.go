package media

import (
	"bytes"
	"encoding/binary"
)

// webpFrameSize reads the size of the picture a WebP file holds from its
// VP8 or VP8L header. An extended WebP's header (VP8X) states a canvas size,
// which is all image.DecodeConfig reports, yet the decoder allocates for
// the frame's own size, which may be far larger. ok is false if no frame
// header is found.
func webpFrameSize(data []byte) (w, h int, ok bool) {
	if len(data) < 12 || !bytes.Equal(data[:4], []byte("RIFF")) || !bytes.Equal(data[8:12], []byte("WEBP")) {
		return 0, 0, false
	}
	for rest := data[12:]; len(rest) >= 8; {
		id, size := string(rest[:4]), binary.LittleEndian.Uint32(rest[4:8])
		body := rest[8:]
		if uint64(size) < uint64(len(body)) {
			body = body[:size]
		}
		switch {
		case id == "VP8L" && len(body) >= 5 && body[0] == 0x2F:
			bits := binary.LittleEndian.Uint32(body[1:5])
			return int(bits&0x3FFF) + 1, int(bits>>14&0x3FFF) + 1, true
		case id == "VP8 " && len(body) >= 10 && bytes.Equal(body[3:6], []byte{0x9D, 0x01, 0x2A}):
			return int(binary.LittleEndian.Uint16(body[6:8]) & 0x3FFF), int(binary.LittleEndian.Uint16(body[8:10]) & 0x3FFF), true
		}
		skip := 8 + uint64(size) + uint64(size&1)
		if skip > uint64(len(rest)) {
			break
		}
		rest = rest[skip:]
	}
	return 0, 0, false
}
