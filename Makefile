# TagCloud: the README's two commands live here.
#   make demo   renders the bundled default cloud (installs what it needs, builds, runs)
#   make test   runs every test (installs what it needs, builds, tests)
# Other targets: make build, make bench, make samples, make sanitize, make refs, make clean.

SHELL := /bin/bash
export PATH := /opt/swift/usr/bin:$(PATH)
SWIFT ?= swift

# Debian packages: what building needs, and what the tests add: rsvg-convert (librsvg2-bin) and
# pdftoppm (poppler-utils) draw our SVGs and PDFs back to pixels so the tests can compare them with
# the PNGs; fc-list (fontconfig) is what the system-font test compares our family list with.
BUILD_PACKAGES := pkg-config libcairo2-dev libfreetype-dev libfontconfig-dev libharfbuzz-dev \
                  libfribidi-dev libpng-dev libdeflate-dev
TEST_PACKAGES  := librsvg2-bin poppler-utils fontconfig
# The benchmarks' browser comparison (Tools/browser/cdp.py drives Chromium).
BENCH_PACKAGES := chromium python3
# Only for regenerating reference data (make refs).
REF_PACKAGES   := libharfbuzz-bin chromium fonts-dejavu-core fonts-noto-color-emoji unicode-data

# Release builds link the Swift runtime and Foundation statically: the command starts several
# milliseconds sooner (no dynamic symbol binding of libFoundation) and runs without the toolchain.
# They link with the toolchain's lld: GNU gold prints a warning about mktemp for every link of the
# static Foundation (its own code, not ours), and lld produces a binary that starts as fast.
#
# They also link cairo (with pixman), fontconfig (with expat) and libdeflate from their static
# archives, which the -dev packages install: ldd then lists 16 libraries instead of 31
# (cairo's shared library pulls in X11, xcb and their helpers, none of which an image surface uses),
# and the command starts about a millisecond sooner (see the README's performance figures).
# Tools/static-link/make-pkgconfig writes .pc files naming the archives; SwiftPM reads them through
# PKG_CONFIG_PATH. `-Xlinker --as-needed` drops shared libraries nothing refers to any more, and,
# being a flag of its own, makes SwiftPM plan the release build anew instead of reusing pkg-config
# flags cached from a build without these files.
STATIC_PC   := $(CURDIR)/.build/static-pkgconfig
RELEASE     := -c release --static-swift-stdlib -Xswiftc -use-ld=lld -Xlinker --as-needed
RELEASE_ENV := PKG_CONFIG_PATH=$(STATIC_PC)

DEMO_INPUT  ?= samples/tag-cloud.yaml
DEMO_OUTPUT ?= out/demo.png

.PHONY: all build demo test bench samples sanitize refs clean deps-build deps-test deps-bench deps-ref static-pkgconfig

all: build

# Installs the named packages that are missing: with apt-get when run as root, otherwise prints the
# exact command to run and stops.
define ensure_packages
	@missing=""; for p in $(1); do \
	  dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q 'install ok installed' || missing="$$missing $$p"; \
	done; \
	if [ -n "$$missing" ]; then \
	  if [ "$$(id -u)" = 0 ]; then \
	    echo "Installing:$$missing"; \
	    export DEBIAN_FRONTEND=noninteractive; \
	    apt-get update -q && apt-get install -y -q --no-install-recommends $$missing || exit 1; \
	  else \
	    echo "Missing Debian packages:$$missing"; \
	    echo "Run:  sudo apt-get update && sudo apt-get install -y$$missing"; \
	    exit 1; \
	  fi; \
	fi
	@command -v $(SWIFT) >/dev/null || { echo "Swift 6 is needed (expected at /opt/swift/usr/bin)."; exit 1; }
endef

deps-build:
	$(call ensure_packages,$(BUILD_PACKAGES))

deps-test: deps-build
	$(call ensure_packages,$(TEST_PACKAGES))

deps-bench: deps-build
	$(call ensure_packages,$(BENCH_PACKAGES))

deps-ref: deps-build
	$(call ensure_packages,$(REF_PACKAGES))

build: deps-build
	$(SWIFT) build

static-pkgconfig: deps-build
	@Tools/static-link/make-pkgconfig $(STATIC_PC)

demo: static-pkgconfig
	$(RELEASE_ENV) $(SWIFT) build $(RELEASE) --product tagcloud
	@mkdir -p $(dir $(DEMO_OUTPUT))
	.build/release/tagcloud render $(DEMO_INPUT) -o $(DEMO_OUTPUT)
	@echo "Wrote $(DEMO_OUTPUT)"

test: deps-test
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build

# The benchmarks: every figure with its median, min and max and its target, then
# "N figures, M targets met, K missed". Fails when a figure cannot be produced; BENCH_ARGS passes
# options (a group name, --require-targets to fail on a missed target too). The figures are also
# written as JSON to $(BENCH_JSON).
BENCH_JSON ?= .build/bench-figures.json
bench: static-pkgconfig deps-bench
	$(RELEASE_ENV) $(SWIFT) build $(RELEASE) --product tagcloud
	$(RELEASE_ENV) $(SWIFT) build $(RELEASE) --product TagCloudBench
	.build/release/TagCloudBench --json $(BENCH_JSON) $(BENCH_ARGS)

# The committed samples (samples/*.png, .svg, .layout.json and samples/gallery/*) are golden files.
#   make samples                      checks every one against what the code renders now
#   make samples RECORD=tag-cloud     records the named ones (base names under samples/, comma-
#                                     separated: tag-cloud,gallery/numbers-flow), then checks them
#   make samples RECORD=all           records every one, and the gallery page samples/README.md
# Recording goes through the tests (TAGCLOUD_RECORD_SAMPLES), which fail while they record so a
# recording run is never taken for a pass; the check that follows must pass. Look at what changed.
SAMPLE_TESTS := SampleGoldenTests|GallerySampleTests
samples: deps-test
	$(SWIFT) build --build-tests
ifneq ($(RECORD),)
	@TAGCLOUD_RECORD_SAMPLES='$(RECORD)' $(SWIFT) test --skip-build --filter '$(SAMPLE_TESTS)' 2>&1 \
	  | grep -o 'recorded samples/[^;]*' | sort -u || true
ifeq ($(RECORD),all)
	@page=$$(mktemp -d) && .build/debug/tagcloud samples --out $$page >/dev/null \
	  && cp $$page/README.md samples/README.md && rm -rf $$page && echo "wrote samples/README.md"
endif
endif
	$(SWIFT) test --skip-build --filter '$(SAMPLE_TESTS)'

# Sanitizers, each in its own build folder so the normal build stays as it is:
# ThreadSanitizer over the tests of the modules that use threads (Canvas draws bands and encodes
# PNG parts on every core; Typesetting loads fonts in parallel and shares its caches), as the
# Typesetting catalog claims; AddressSanitizer over the whole suite. LeakSanitizer is off: the
# command's processes exit with fontconfig's configuration still allocated. `make test` does not
# run them (they rebuild everything twice: about 30 minutes on a 2-core machine); .ci/run does.
# TSAN_TESTS=. runs ThreadSanitizer over the whole suite (about 15 minutes more).
TSAN_TESTS ?= CanvasTests|TypesettingTests
sanitize: deps-test
	$(SWIFT) build --build-tests --sanitize=thread --scratch-path .build-tsan
	TSAN_OPTIONS=halt_on_error=1 $(SWIFT) test --skip-build --sanitize=thread --scratch-path .build-tsan \
	  --filter '$(TSAN_TESTS)'
	$(SWIFT) build --build-tests --sanitize=address --scratch-path .build-asan
	ASAN_OPTIONS=detect_leaks=0 $(SWIFT) test --skip-build --sanitize=address --scratch-path .build-asan

# Regenerates committed reference data: Unicode tables (UCD), shaping references (hb-shape,
# Chromium) and flex-wrap layouts (Chromium).
refs: deps-ref
	python3 Tests/TypesettingTests/Fixtures/make_unicode_tables.py
	python3 Tests/TypesettingTests/Fixtures/make_refs.py
	python3 Tools/browser/flexrefs.py

clean:
	rm -rf .build .build-tsan .build-asan out
