package acp

import (
	"encoding/base64"
	"fmt"
	"net/url"
	"path"
	"strings"

	sdk "github.com/coder/acp-go-sdk"

	"github.com/hearth-agent/hearth/agent/conversation"
)

// Input is an ACP prompt as Hearth takes it: the text the model is sent
// and the files attached to it.
type Input struct {
	Text  string
	Files []conversation.File
}

// PromptInput reads an ACP prompt: text as it is, a resource_link as a
// mention of its file, an embedded text resource as a context block after
// the text, images and other binary resources as attachments.
func PromptInput(blocks []sdk.ContentBlock) (Input, error) {
	var text, context strings.Builder
	var in Input
	for i, b := range blocks {
		switch {
		case b.Text != nil:
			text.WriteString(b.Text.Text)
		case b.ResourceLink != nil:
			fmt.Fprintf(&text, "[@%s](%s)", b.ResourceLink.Name, b.ResourceLink.Uri)
		case b.Resource != nil && b.Resource.Resource.TextResourceContents != nil:
			r := b.Resource.Resource.TextResourceContents
			fmt.Fprintf(&context, "\n<context ref=%q>\n%s\n</context>", r.Uri, r.Text)
		case b.Resource != nil && b.Resource.Resource.BlobResourceContents != nil:
			r := b.Resource.Resource.BlobResourceContents
			f, err := file(uriName(r.Uri, i), r.Blob)
			if err != nil {
				return Input{}, err
			}
			in.Files = append(in.Files, f)
		case b.Image != nil:
			f, err := file(fmt.Sprintf("image-%d%s", i+1, imageExt(b.Image.MimeType)), b.Image.Data)
			if err != nil {
				return Input{}, err
			}
			in.Files = append(in.Files, f)
		case b.Audio != nil:
			return Input{}, fmt.Errorf("audio prompts are not supported")
		}
	}
	in.Text = text.String()
	if context.Len() > 0 {
		in.Text = strings.TrimRight(in.Text, "\n") + "\n" + context.String()
	}
	return in, nil
}

func file(name, data string) (conversation.File, error) {
	b, err := base64.StdEncoding.DecodeString(data)
	if err != nil {
		return conversation.File{}, fmt.Errorf("%s: not base64: %w", name, err)
	}
	return conversation.File{Name: name, Data: b}, nil
}

// uriName is the file name a resource's URI ends in.
func uriName(uri string, i int) string {
	if u, err := url.Parse(uri); err == nil {
		if b := path.Base(u.Path); b != "." && b != "/" && b != "" {
			return b
		}
	}
	return fmt.Sprintf("resource-%d", i+1)
}

func imageExt(mime string) string {
	switch mime {
	case "image/png":
		return ".png"
	case "image/jpeg":
		return ".jpg"
	case "image/gif":
		return ".gif"
	case "image/webp":
		return ".webp"
	}
	return ""
}
