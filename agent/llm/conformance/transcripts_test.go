package conformance

import (
	"strings"
	"time"

	"github.com/hearth-agent/hearth/agent/llm"
)

// oai frames Chat Completions chunks as a server sends them.
func oai(chunks ...string) string {
	var b strings.Builder
	for _, c := range chunks {
		b.WriteString("data: " + c + "\n\n")
	}
	return b.String() + "data: [DONE]\n\n"
}

// ant frames Anthropic events: alternating type and data.
func ant(kv ...string) string {
	var b strings.Builder
	for i := 0; i+1 < len(kv); i += 2 {
		b.WriteString("event: " + kv[i] + "\ndata: " + kv[i+1] + "\n\n")
	}
	return b.String()
}

func cost(v float64) *float64 { return &v }

func transcripts() []transcript {
	return []transcript{
		{flavour: "OpenAI", name: "text, repeated finish, usage-only chunk", wire: "openai",
			body: oai(`{"choices":[{"index":0,"delta":{"role":"assistant","content":""},"finish_reason":null}]}`,
				`{"choices":[{"index":0,"delta":{"content":"Hello"},"finish_reason":null}],"unknown_field":{"x":1}}`,
				`{"choices":[{"index":0,"delta":{"content":", world"},"finish_reason":null}]}`,
				`{"choices":[{"index":0,"delta":{},"finish_reason":"stop"}]}`,
				`{"choices":[{"index":0,"delta":{},"finish_reason":"stop"}]}`,
				`{"choices":[],"usage":{"prompt_tokens":900,"completion_tokens":10,"prompt_tokens_details":{"cached_tokens":800},"completion_tokens_details":{"reasoning_tokens":3}}}`),
			text: "Hello, world", usage: &llm.Usage{InputTokens: 900, CachedInputTokens: 800, OutputTokens: 10, ReasoningTokens: 3}},
		{flavour: "OpenAI", name: "parallel tool calls split across deltas", wire: "openai",
			body: oai(`{"choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"id":"call_a","type":"function","function":{"name":"read_file","arguments":""}}]}}]}`,
				`{"choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"function":{"arguments":"{\"pa"}}]}}]}`,
				`{"choices":[{"index":0,"delta":{"tool_calls":[{"index":1,"id":"call_b","type":"function","function":{"name":"list_dir","arguments":"{}"}}]}}]}`,
				`{"choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"function":{"arguments":"th\":\"a.txt\"}"}}]}}]}`,
				`{"choices":[{"index":0,"delta":{},"finish_reason":"tool_calls"}],"usage":{"prompt_tokens":5,"completion_tokens":6}}`,
				`{"choices":[],"usage":{"prompt_tokens":50,"completion_tokens":60}}`),
			calls: []wantCall{{"call_a", "read_file", `{"path":"a.txt"}`}, {"call_b", "list_dir", `{}`}},
			usage: &llm.Usage{InputTokens: 50, OutputTokens: 60}},
		{flavour: "OpenAI", name: "error object inside a 200 stream", wire: "openai",
			body: oai(`{"choices":[{"index":0,"delta":{"content":"Partial"}}]}`,
				`{"choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"id":"call_x","function":{"name":"read_file","arguments":"{}"}}]}}]}`,
				`{"error":{"message":"Rate limit reached for requests","type":"requests","code":"rate_limit_exceeded"}}`),
			text: "Partial", errClass: llm.ClassRateLimit},
		{flavour: "OpenAI", name: "429 with retry-after-ms", wire: "openai", status: 429,
			header:   map[string]string{"retry-after-ms": "1500", "retry-after": "9"},
			body:     `{"error":{"message":"Rate limit reached","type":"requests","code":"rate_limit_exceeded"}}`,
			errClass: llm.ClassRateLimit, retryAfter: 1500 * time.Millisecond},
		{flavour: "OpenAI", name: "context length exceeded", wire: "openai", status: 400,
			body:     `{"error":{"message":"This model's maximum context length is 128000 tokens. However, your messages resulted in 130532 tokens. Please reduce the length of the messages.","type":"invalid_request_error","code":"context_length_exceeded"}}`,
			errClass: llm.ClassContextLength, limit: 128000, prompt: 130532},
		{flavour: "OpenAI", name: "bad key", wire: "openai", status: 401,
			body:     `{"error":{"message":"Incorrect API key provided","type":"invalid_request_error","code":"invalid_api_key"}}`,
			errClass: llm.ClassAuth},
		{flavour: "OpenAI", name: "stream cut without finish or [DONE]", wire: "openai",
			body: "data: " + `{"choices":[{"index":0,"delta":{"content":"Writing"}}]}` + "\n\n" +
				"data: " + `{"choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"id":"call_w","function":{"name":"write_file","arguments":"{\"path\":\"a"}}]}}]}` + "\n\n",
			text: "Writing", errClass: llm.ClassNetwork},
		{flavour: "OpenRouter", name: "processing comments, reasoning, cost", wire: "openai",
			body: ": OPENROUTER PROCESSING\n\n: OPENROUTER PROCESSING\n\n" + oai(
				`{"choices":[{"index":0,"delta":{"role":"assistant","content":"","reasoning":"Think"}}]}`,
				`{"choices":[{"index":0,"delta":{"content":"","reasoning":"ing."}}]}`,
				`{"choices":[{"index":0,"delta":{"content":"Done."},"finish_reason":"stop","native_finish_reason":"end_turn"}]}`,
				`{"choices":[],"usage":{"prompt_tokens":12,"completion_tokens":4,"cost":0.00042}}`),
			text: "Done.", reasoning: "Thinking.", usage: &llm.Usage{InputTokens: 12, OutputTokens: 4, Cost: cost(0.00042)}},
		{flavour: "OpenRouter", name: "upstream error mid-stream", wire: "openai",
			body: oai(`{"choices":[{"index":0,"delta":{"content":"Half an ans"}}]}`,
				`{"error":{"code":502,"message":"Provider returned error"},"choices":[{"index":0,"delta":{"content":""},"finish_reason":"error"}]}`),
			text: "Half an ans", errClass: llm.ClassServer},
		{flavour: "Ollama", name: "two whole calls both at index 0", wire: "openai",
			body: oai(`{"choices":[{"index":0,"delta":{"role":"assistant","content":"","tool_calls":[{"id":"call_k1","index":0,"type":"function","function":{"name":"read_file","arguments":"{\"path\":\"a\"}"}}]}}]}`,
				`{"choices":[{"index":0,"delta":{"role":"assistant","content":"","tool_calls":[{"id":"call_k2","index":0,"type":"function","function":{"name":"read_file","arguments":"{\"path\":\"b\"}"}}]}}]}`,
				`{"choices":[{"index":0,"delta":{"role":"assistant","content":""},"finish_reason":"tool_calls"}]}`),
			calls: []wantCall{{"call_k1", "read_file", `{"path":"a"}`}, {"call_k2", "read_file", `{"path":"b"}`}}},
		{flavour: "Ollama", name: "two whole calls at index 0 without ids", wire: "openai",
			body: oai(`{"choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"function":{"name":"read_file","arguments":"{\"path\":\"a\"}"}}]}}]}`,
				`{"choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"function":{"name":"list_dir","arguments":"{\"path\":\".\"}"}}]}}]}`,
				`{"choices":[{"index":0,"delta":{},"finish_reason":"stop"}]}`),
			calls: []wantCall{{"", "read_file", `{"path":"a"}`}, {"", "list_dir", `{"path":"."}`}}},
		{flavour: "llama.cpp", name: "name repeated on every delta, empty ids, reasoning_content", wire: "openai",
			body: oai(`{"choices":[{"index":0,"delta":{"reasoning_content":"Need the file."}}]}`,
				`{"choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"id":"","type":"function","function":{"name":"read_file","arguments":"{\"path\""}}]}}]}`,
				`{"choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"id":"","type":"function","function":{"name":"read_file","arguments":":\"notes"}}]}}]}`,
				`{"choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"id":"","type":"function","function":{"name":"read_file","arguments":".txt\"}"}}]}}]}`,
				`{"choices":[{"index":0,"delta":{"tool_calls":[{"index":0,"id":"","type":"function","function":{"name":"read_file","arguments":""}}]}}]}`,
				`{"choices":[{"finish_reason":"tool_calls","index":0,"delta":{}}],"usage":{"completion_tokens":20,"prompt_tokens":300}}`),
			reasoning: "Need the file.", calls: []wantCall{{"", "read_file", `{"path":"notes.txt"}`}},
			usage: &llm.Usage{InputTokens: 300, OutputTokens: 20}},
		{flavour: "llama.cpp", name: "prompt exceeds n_ctx", wire: "openai", status: 400,
			body:     `{"error":{"code":400,"message":"the request exceeds the available context size, try increasing it","type":"exceed_context_size_error","n_prompt_tokens":5123,"n_ctx":4096}}`,
			errClass: llm.ClassContextLength, limit: 4096, prompt: 5123},
		{flavour: "LM Studio", name: "missing index and id, empty arguments", wire: "openai",
			body: oai(`{"choices":[{"index":0,"delta":{"content":"Listing."}}]}`,
				`{"choices":[{"index":0,"delta":{"tool_calls":[{"type":"function","function":{"name":"list_dir"}}]}}]}`,
				`{"choices":[{"index":0,"delta":{},"finish_reason":"tool_calls"}]}`),
			text: "Listing.", calls: []wantCall{{"", "list_dir", `{}`}}},
		{flavour: "vLLM", name: "usage in the last chunk, stream ends without blank line", wire: "openai",
			body: `data: {"choices":[{"index":0,"delta":{"tool_calls":[{"id":"chatcmpl-tool-1","type":"function","index":-1,"function":{"name":"read_file","arguments":"{\"path\": \"x\"}"}}]}}]}` + "\n\n" +
				`data: {"choices":[{"index":0,"delta":{},"finish_reason":"tool_calls"}],"usage":{"prompt_tokens":77,"completion_tokens":8,"total_tokens":85}}`,
			calls: []wantCall{{"chatcmpl-tool-1", "read_file", `{"path":"x"}`}},
			usage: &llm.Usage{InputTokens: 77, OutputTokens: 8}},
		{flavour: "vLLM", name: "answers with one JSON completion despite stream:true", wire: "openai",
			header: map[string]string{"Content-Type": "application/json"},
			body:   `{"id":"x","object":"chat.completion","choices":[{"index":0,"message":{"role":"assistant","content":"Two calls.","reasoning_content":"hm","tool_calls":[{"id":"chatcmpl-tool-a","type":"function","function":{"name":"read_file","arguments":"{\"path\":\"a\"}"}},{"id":"chatcmpl-tool-b","type":"function","function":{"name":"read_file","arguments":"{\"path\":\"b\"}"}}]},"finish_reason":"tool_calls"}],"usage":{"prompt_tokens":9,"completion_tokens":4}}`,
			text:   "Two calls.", reasoning: "hm",
			calls: []wantCall{{"chatcmpl-tool-a", "read_file", `{"path":"a"}`}, {"chatcmpl-tool-b", "read_file", `{"path":"b"}`}},
			usage: &llm.Usage{InputTokens: 9, OutputTokens: 4}},
		{flavour: "vLLM", name: "context length as BadRequestError", wire: "openai", status: 400,
			body:     `{"object":"error","message":"This model's maximum context length is 4096 tokens. However, you requested 5000 tokens (4000 in the messages, 1000 in the completion). Please reduce the length of the messages or completion.","type":"BadRequestError","param":null,"code":400}`,
			errClass: llm.ClassContextLength, limit: 4096, prompt: 5000},
		{flavour: "vLLM", name: "server error is retryable class", wire: "openai", status: 503,
			header: map[string]string{"retry-after": "2"}, body: `{"object":"error","message":"Service Unavailable"}`,
			errClass: llm.ClassOverloaded, retryAfter: 2 * time.Second},
		{flavour: "Anthropic", name: "thinking with signature, text, tool use, cumulative usage", wire: "anthropic",
			body: ant("message_start", `{"type":"message_start","message":{"id":"msg_1","role":"assistant","content":[],"usage":{"input_tokens":100,"cache_read_input_tokens":50,"cache_creation_input_tokens":10,"output_tokens":1}}}`,
				"ping", `{"type":"ping"}`,
				"content_block_start", `{"type":"content_block_start","index":0,"content_block":{"type":"thinking","thinking":""}}`,
				"content_block_delta", `{"type":"content_block_delta","index":0,"delta":{"type":"thinking_delta","thinking":"Read "}}`,
				"content_block_delta", `{"type":"content_block_delta","index":0,"delta":{"type":"thinking_delta","thinking":"it."}}`,
				"content_block_delta", `{"type":"content_block_delta","index":0,"delta":{"type":"signature_delta","signature":"EqQBCkgIARABGAIiQL=="}}`,
				"content_block_stop", `{"type":"content_block_stop","index":0}`,
				"content_block_start", `{"type":"content_block_start","index":1,"content_block":{"type":"text","text":""}}`,
				"content_block_delta", `{"type":"content_block_delta","index":1,"delta":{"type":"text_delta","text":"Reading."}}`,
				"content_block_stop", `{"type":"content_block_stop","index":1}`,
				"content_block_start", `{"type":"content_block_start","index":2,"content_block":{"type":"tool_use","id":"toolu_01","name":"read_file","input":{}}}`,
				"content_block_delta", `{"type":"content_block_delta","index":2,"delta":{"type":"input_json_delta","partial_json":""}}`,
				"content_block_delta", `{"type":"content_block_delta","index":2,"delta":{"type":"input_json_delta","partial_json":"{\"path\": \"n"}}`,
				"content_block_delta", `{"type":"content_block_delta","index":2,"delta":{"type":"input_json_delta","partial_json":"otes.txt\"}"}}`,
				"content_block_stop", `{"type":"content_block_stop","index":2}`,
				"some_future_event", `{"type":"some_future_event"}`,
				"message_delta", `{"type":"message_delta","delta":{"stop_reason":"tool_use"},"usage":{"output_tokens":42}}`,
				"message_stop", `{"type":"message_stop"}`),
			text: "Reading.", reasoning: "Read it.", signatures: []string{"EqQBCkgIARABGAIiQL=="},
			calls: []wantCall{{"toolu_01", "read_file", `{"path":"notes.txt"}`}},
			usage: &llm.Usage{InputTokens: 160, CachedInputTokens: 50, CacheWriteTokens: 10, OutputTokens: 42}},
		{flavour: "Anthropic", name: "overloaded error event mid-stream", wire: "anthropic",
			body: ant("message_start", `{"type":"message_start","message":{"usage":{"input_tokens":10,"output_tokens":1}}}`,
				"content_block_start", `{"type":"content_block_start","index":0,"content_block":{"type":"text","text":""}}`,
				"content_block_delta", `{"type":"content_block_delta","index":0,"delta":{"type":"text_delta","text":"Part"}}`,
				"content_block_start", `{"type":"content_block_start","index":1,"content_block":{"type":"tool_use","id":"toolu_9","name":"read_file","input":{}}}`,
				"error", `{"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}}`),
			text: "Part", errClass: llm.ClassOverloaded},
		{flavour: "Anthropic", name: "529 overloaded with retry-after", wire: "anthropic", status: 529,
			header:   map[string]string{"retry-after": "2", "x-should-retry": "true"},
			body:     `{"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}}`,
			errClass: llm.ClassOverloaded, retryAfter: 2 * time.Second},
		{flavour: "Anthropic", name: "prompt too long", wire: "anthropic", status: 400,
			body:     `{"type":"error","error":{"type":"invalid_request_error","message":"prompt is too long: 210000 tokens > 200000 maximum"}}`,
			errClass: llm.ClassContextLength, limit: 200000, prompt: 210000},
		{flavour: "Anthropic", name: "stream cut before message_stop", wire: "anthropic",
			body: ant("message_start", `{"type":"message_start","message":{"usage":{"input_tokens":10,"output_tokens":1}}}`,
				"content_block_start", `{"type":"content_block_start","index":0,"content_block":{"type":"text","text":"Let me "}}`,
				"content_block_start", `{"type":"content_block_start","index":1,"content_block":{"type":"tool_use","id":"toolu_2","name":"write_file","input":{}}}`,
				"content_block_delta", `{"type":"content_block_delta","index":1,"delta":{"type":"input_json_delta","partial_json":"{\"path\": \"a"}}`),
			text: "Let me ", errClass: llm.ClassNetwork},
		{flavour: "Anthropic", name: "redacted thinking kept", wire: "anthropic",
			body: ant("message_start", `{"type":"message_start","message":{"usage":{"input_tokens":3,"output_tokens":1}}}`,
				"content_block_start", `{"type":"content_block_start","index":0,"content_block":{"type":"redacted_thinking","data":"EmwKAhgBEgy3va=="}}`,
				"content_block_stop", `{"type":"content_block_stop","index":0}`,
				"content_block_start", `{"type":"content_block_start","index":1,"content_block":{"type":"text","text":""}}`,
				"content_block_delta", `{"type":"content_block_delta","index":1,"delta":{"type":"text_delta","text":"Hi."}}`,
				"message_delta", `{"type":"message_delta","delta":{"stop_reason":"end_turn"},"usage":{"output_tokens":5}}`,
				"message_stop", `{"type":"message_stop"}`),
			text: "Hi.", usage: &llm.Usage{InputTokens: 3, OutputTokens: 5}},
		{flavour: "Anthropic", name: "bad key", wire: "anthropic", status: 401,
			body:     `{"type":"error","error":{"type":"authentication_error","message":"invalid x-api-key"}}`,
			errClass: llm.ClassAuth},
	}
}
