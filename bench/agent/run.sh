#!/usr/bin/env bash
# Agent-core benchmarks: loop overhead per iteration (goal < 1 ms, zero-latency
# model and tool), SSE decode throughput (goal >= 200 MB/s), the OpenAI adapter's
# whole stream path, and the memory of a 1,000-message history.
# Usage: bench/agent/run.sh [benchtime]   (default 2s)
set -euo pipefail
cd "$(dirname "$0")/../.."
bt="${1:-2s}"
go test -run '^$' -bench 'BenchmarkSSEDecode' -benchtime "$bt" ./agent/llm/ | grep -E '^Benchmark'
go test -run '^$' -bench 'BenchmarkReadStream' -benchtime "$bt" ./agent/llm/openai/ | grep -E '^Benchmark'
go test -run '^$' -bench 'BenchmarkLoopIteration|BenchmarkHistory1000' -benchtime "$bt" ./agent/loop/ | grep -E '^Benchmark'
