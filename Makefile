# Hearth: `make run` builds and launches the app; `make test` runs every test.
# Both install whatever is missing first (scripts/setup.sh).
SHELL := /bin/bash
.SHELLFLAGS := -euo pipefail -c
export PATH := $(shell go env GOPATH 2>/dev/null)/bin:$(PATH)

VERSION ?= $(shell git describe --tags --always --dirty 2>/dev/null || echo dev)
TAGS    := webkit2_41
LDFLAGS := -X main.version=$(VERSION)
BIN     := build/bin/hearth
DEV_BIN := build/bin/hearth-dev
PREFIX  ?= $(HOME)/.local
PKG_DIR := build/packages
# Packages are stamped with the commit's time, so a rebuild gives the same bytes.
SOURCE_DATE_EPOCH ?= $(shell git log -1 --format=%ct 2>/dev/null || echo 0)
# npm packages may ship Go code (flatted does); it is not ours to vet or test.
GO_PKGS  = $$(go list ./... | grep -v /node_modules/)

.PHONY: run test deps frontend build dev-build gotest frontend-test launch-test keychain-test e2e \
        windows install uninstall bench lint fmt-check vet clean serve-e2e acp-e2e package package-test workflow-lint

run: deps build
	./$(BIN)

deps:
	@scripts/setup.sh

# The Go build embeds frontend/dist, so it must exist before vet, test and build.
frontend:
	cd frontend && npm run build

build: frontend
	wails build -tags $(TAGS) -trimpath -ldflags "$(LDFLAGS)" -s -m -skipbindings -o hearth
	scripts/unlink-toolkit.sh $(BIN)

dev-build: frontend
	go build -tags dev,$(TAGS) -o $(DEV_BIN) .

test: deps fmt-check workflow-lint frontend vet gotest frontend-test build keychain-test launch-test e2e serve-e2e acp-e2e windows package-test
	@echo "make test: all suites passed"

fmt-check:
	@out=$$(gofmt -l $$(git ls-files '*.go')); if [[ -n $$out ]]; then echo "gofmt needed: $$out"; exit 1; fi

# The macOS and Windows workflows never run here; actionlint (a pinned Go tool) keeps them valid.
workflow-lint:
	go tool actionlint

vet:
	go vet -tags $(TAGS) $(GO_PKGS)

gotest:
	go test -race -tags $(TAGS) $(GO_PKGS)

frontend-test:
	cd frontend && npm run typecheck && npm run lint && npm test

keychain-test: build
	scripts/sandbox.sh env HEARTH_KEYRING_TEST=1 go test -count=1 -run 'TestRealKeychain' ./agent/secrets/
	scripts/sandbox.sh env HEARTH_SANDBOX_DBUS_TEST=1 timeout 300 go test -count=1 -run 'TestContainedCommandsCannotReachTheKeyring' ./agent/tools/
	scripts/sandbox.sh timeout 300 go test -race -count=1 -run 'TestDBus' ./agent/notify/
	scripts/sandbox.sh scripts/acceptance-keys.sh ./$(BIN)
	scripts/sandbox.sh scripts/acceptance-trust.sh ./$(BIN)

launch-test: build
	scripts/sandbox.sh --x scripts/launch-test.sh ./$(BIN)

e2e: dev-build
	cd frontend && ../scripts/sandbox.sh --x node --test --test-concurrency=1 e2e/

# hearth serve, the real binary, against the official OpenAI Node SDK.
serve-e2e: build
	cd test/serve && npm ci --no-audit --no-fund --loglevel=error && HEARTH_BIN=../../$(BIN) timeout 180 npm test

# hearth acp against the official ACP TypeScript SDK as the editor.
acp-e2e: build
	cd test/acp && npm ci --no-audit --no-fund --loglevel=error && HEARTH_BIN=../../$(BIN) timeout 180 npm test

# Cross-compiles the Windows build and its NSIS installer so they never rot.
windows: frontend
	wails build -platform windows/amd64 -nsis -trimpath -ldflags "$(LDFLAGS)" -s -m -skipbindings -o hearth.exe

# .deb, .rpm and Arch packages with SHA256SUMS, into $(PKG_DIR).
package: build
	rm -rf $(PKG_DIR)
	SOURCE_DATE_EPOCH=$(SOURCE_DATE_EPOCH) go run ./packaging/cmd/hearth-package -bin $(BIN) -version $(VERSION) -out $(PKG_DIR)

# Packages the same binary again and compares the bytes, then installs the
# .deb with apt, runs it from /usr/bin and purges it.
package-test: package
	tmp=$$(mktemp -d) && SOURCE_DATE_EPOCH=$(SOURCE_DATE_EPOCH) go run ./packaging/cmd/hearth-package \
	  -bin $(BIN) -version $(VERSION) -out $$tmp >/dev/null && cmp $(PKG_DIR)/SHA256SUMS $$tmp/SHA256SUMS && rm -rf $$tmp
	@echo "package: a second build of the same binary gave the same bytes"
	scripts/package-test.sh $(PKG_DIR)

install: build
	install -Dm755 $(BIN) $(PREFIX)/bin/hearth
	install -Dm644 build/linux/hearth.png $(PREFIX)/share/icons/hicolor/512x512/apps/hearth.png
	sed "s|^Exec=hearth|Exec=$(PREFIX)/bin/hearth|" build/linux/hearth.desktop > /tmp/hearth.desktop.$$$$ && \
	  install -Dm644 /tmp/hearth.desktop.$$$$ $(PREFIX)/share/applications/hearth.desktop && rm /tmp/hearth.desktop.$$$$
	@if command -v update-desktop-database >/dev/null; then update-desktop-database $(PREFIX)/share/applications; fi
	@echo "Installed: Hearth is in your application menu."

uninstall:
	rm -f $(PREFIX)/bin/hearth $(PREFIX)/share/icons/hicolor/512x512/apps/hearth.png $(PREFIX)/share/applications/hearth.desktop

bench: build
	bench/startup.sh ./$(BIN)
	scripts/sandbox.sh node bench/first-request.mjs ./$(BIN)
	go run ./bench/prompt
	go test -run '^$$' -bench EditWithDiagnostics -benchtime 40x ./agent/lsp/
	go test -run '^$$' -bench ConversationMemory -benchtime 5x ./agent/project/
	go test -run '^$$' -bench CreateOn10k -benchtime 3x ./agent/worktree/

clean:
	rm -rf build/bin build/packages frontend/dist test-artifacts
