# TagCloud: the README's two commands live here.
#   make demo   renders the bundled default cloud (installs what it needs, builds, runs)
#   make test   runs every test (installs what it needs, builds, tests)
# Other targets: make build, make bench, make samples, make refs, make clean.

SHELL := /bin/bash
export PATH := /opt/swift/usr/bin:$(PATH)
SWIFT ?= swift

# Debian packages: what building needs, and what the tests add (rsvg-convert renders our SVGs back
# to pixels so the tests can compare them with the PNGs; Pillow and Chromium decode and play the
# animations, as independent readers of our APNG and animated SVG).
BUILD_PACKAGES := pkg-config libcairo2-dev libfreetype-dev libfontconfig-dev libharfbuzz-dev \
                  libfribidi-dev libpng-dev libdeflate-dev
TEST_PACKAGES  := librsvg2-bin python3 python3-pil chromium
# Only for regenerating reference data (make refs) and the optional browser benchmark.
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

.PHONY: all build demo test bench samples refs clean deps-build deps-test deps-ref static-pkgconfig

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

bench: static-pkgconfig
	$(RELEASE_ENV) $(SWIFT) build $(RELEASE) --product tagcloud
	$(RELEASE_ENV) $(SWIFT) build $(RELEASE) --product TagCloudBench
	.build/release/TagCloudBench

samples: static-pkgconfig
	$(RELEASE_ENV) $(SWIFT) build $(RELEASE) --product tagcloud
	.build/release/tagcloud samples --out samples

# Regenerates committed reference data: Unicode tables (UCD), shaping references (hb-shape,
# Chromium) and flex-wrap layouts (Chromium).
refs: deps-ref
	python3 Tests/TypesettingTests/Fixtures/make_unicode_tables.py
	python3 Tests/TypesettingTests/Fixtures/make_refs.py
	python3 Tools/browser/flexrefs.py

clean:
	rm -rf .build out
