# TagCloud: the README's two commands live here.
#   make demo   renders the bundled default cloud (installs what it needs, builds, runs)
#   make test   runs every test (installs what it needs, builds, tests)
# Other targets: make build, make bench, make samples, make sanitize, make refs, make clean,
# make install, make uninstall, make deb.

SHELL := /bin/bash
export PATH := /opt/swift/usr/bin:$(PATH)
SWIFT ?= swift

# Debian packages: what building needs, and what the tests add: rsvg-convert (librsvg2-bin) and
# pdftoppm (poppler-utils) draw our SVGs and PDFs back to pixels so the tests can compare them with
# the PNGs (TagCloudTesting's .pdf strategy rasterises PDFs with pdftoppm too); fc-list
# (fontconfig) is what the system-font test compares our family list with; headless Chromium,
# driven by Tools/browser/cdp.py with python3, checks the SVG and HTML output as a web page shows
# it; Pillow and Chromium decode and play the animations, as independent readers of our APNG and
# animated SVG.
BUILD_PACKAGES := pkg-config libcairo2-dev libfreetype-dev libfontconfig-dev libharfbuzz-dev \
                  libfribidi-dev libpng-dev libdeflate-dev
# What the command needs at run time besides its own libraries: Noto fonts for the scripts the
# bundled fonts lack (CJK, Indic, Southeast Asian, Ethiopic, …), found through fontconfig after the
# bundled fonts. The Debian package `make deb` builds depends on these.
RUNTIME_PACKAGES := fonts-noto-core fonts-noto-cjk
TEST_PACKAGES  := librsvg2-bin poppler-utils fontconfig file python3 python3-pil chromium $(RUNTIME_PACKAGES)
# The benchmarks' browser comparison (Tools/browser/cdp.py drives Chromium).
BENCH_PACKAGES := chromium python3
# Only for regenerating reference data (make refs).
REF_PACKAGES   := libharfbuzz-bin chromium fonts-dejavu-core fonts-noto-color-emoji unicode-data woff2 $(RUNTIME_PACKAGES)

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

.PHONY: all build demo test bench samples sanitize refs clean deps-build deps-runtime deps-test deps-bench deps-ref \
        static-pkgconfig release install uninstall deb install-check

# Where `make install` puts the command (PREFIX/bin/tagcloud) and its fonts
# (PREFIX/share/tagcloud/Fonts, where the command finds them); DESTDIR stages the tree.
PREFIX  ?= /usr/local
DESTDIR ?=
VERSION ?= $(shell cat VERSION)$(shell git rev-parse --short HEAD 2>/dev/null | sed 's/^/+git/')
DEB_OUTPUT ?= out/tagcloud_$(VERSION)_$(shell dpkg --print-architecture 2>/dev/null || echo amd64).deb

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

deps-runtime: deps-build
	$(call ensure_packages,$(RUNTIME_PACKAGES))

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

release: static-pkgconfig deps-runtime
	$(RELEASE_ENV) $(SWIFT) build $(RELEASE) --product tagcloud

demo: release
	@mkdir -p $(dir $(DEMO_OUTPUT))
	.build/release/tagcloud render $(DEMO_INPUT) -o $(DEMO_OUTPUT)
	@echo "Wrote $(DEMO_OUTPUT); the command is .build/release/tagcloud (make install puts it in $(PREFIX)/bin)"

# A stripped binary and the bundled fonts; the command finds the fonts beside it.
install: release
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/share/tagcloud
	install -m 755 -s .build/release/tagcloud $(DESTDIR)$(PREFIX)/bin/tagcloud
	rm -rf $(DESTDIR)$(PREFIX)/share/tagcloud/Fonts
	cp -R Fonts $(DESTDIR)$(PREFIX)/share/tagcloud/Fonts
	@echo "Installed $(DESTDIR)$(PREFIX)/bin/tagcloud and $(DESTDIR)$(PREFIX)/share/tagcloud/Fonts"

uninstall:
	rm -f $(DESTDIR)$(PREFIX)/bin/tagcloud
	rm -rf $(DESTDIR)$(PREFIX)/share/tagcloud

# A Debian package of the same (dpkg-deb), depending on the libraries it links and the Noto fonts.
deb:
	@rm -rf .build/deb-stage
	$(MAKE) --no-print-directory install DESTDIR=$(CURDIR)/.build/deb-stage PREFIX=/usr
	@mkdir -p $(dir $(DEB_OUTPUT))
	Tools/packaging/make-deb .build/deb-stage $(DEB_OUTPUT) $(VERSION) "$(RUNTIME_PACKAGES)"

# Installs into a temporary DESTDIR, renders from there with no checkout to fall back on, and
# checks make uninstall and the Debian package.
install-check: release
	Tools/packaging/check-install

test: deps-test
	$(SWIFT) build --build-tests
	$(SWIFT) test --skip-build
	$(MAKE) --no-print-directory install-check

# The benchmarks: every figure with its median, min and max and its target, then
# "N figures, M targets met, K missed". Fails when a figure cannot be produced; BENCH_ARGS passes
# options (a group name, --require-targets to fail on a missed target too). The figures are also
# written as JSON to $(BENCH_JSON).
BENCH_JSON ?= .build/bench-figures.json
bench: release deps-bench
	$(RELEASE_ENV) $(SWIFT) build $(RELEASE) --product TagCloudBench
	.build/release/TagCloudBench --json $(BENCH_JSON) $(BENCH_ARGS)

# The committed samples (samples/*.png, .svg, .layout.json and samples/gallery/*) are golden files.
#   make samples                      checks every one against what the code renders now
#   make samples RECORD=tag-cloud     records the named ones (paths under samples/ without the
#                                     extension, comma-separated: tag-cloud,gallery/numbers-flow,
#                                     world/languages), then checks them
#   make samples RECORD=all           records every one, and the gallery page samples/README.md
# Recording goes through the tests (TAGCLOUD_RECORD_SAMPLES), which fail while they record so a
# recording run is never taken for a pass; the check that follows must pass. Look at what changed.
SAMPLE_TESTS := SampleGoldenTests|GallerySampleTests|WorldLanguagesGoldenTests
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

# Regenerates committed reference data: Unicode tables (UCD), script names and the Debian font
# package of each script, the test fonts, shaping references (hb-shape, Chromium) and flex-wrap
# layouts (Chromium; the scripts' ones with the machine's Noto fonts as fallback).
refs: deps-ref
	python3 Tests/TypesettingTests/Fixtures/make_unicode_tables.py
	python3 Tests/TypesettingTests/Fixtures/make_script_tables.py
	python3 Tests/TypesettingTests/Fixtures/make_fonts.py
	python3 Tests/TypesettingTests/Fixtures/make_refs.py
	python3 Tests/TypesettingTests/Fixtures/make_script_refs.py
	python3 Tools/browser/flexrefs.py
	python3 Tools/browser/scriptrefs.py

clean:
	rm -rf .build .build-tsan .build-asan out
