# TagCloud: the README's two commands live here.
#   make demo   renders the bundled default cloud (installs what it needs, builds, runs)
#   make test   runs every test (installs what it needs, builds, tests)
# Other targets: make build, make bench, make samples, make refs, make clean, make install,
# make uninstall, make deb.

SHELL := /bin/bash
export PATH := /opt/swift/usr/bin:$(PATH)
SWIFT ?= swift

# Debian packages: what building needs, and what the tests add (rsvg-convert renders our SVGs back
# to pixels so the tests can compare them with the PNGs; poppler-utils' pdftoppm rasterises the PDFs
# that TagCloudTesting's .pdf strategy compares; headless Chromium, driven by Tools/browser/cdp.py
# with python3, checks the SVG and HTML output as a web page shows it; Pillow and Chromium decode and
# play the animations, as independent readers of our APNG and animated SVG).
BUILD_PACKAGES := pkg-config libcairo2-dev libfreetype-dev libfontconfig-dev libharfbuzz-dev \
                  libfribidi-dev libpng-dev libdeflate-dev
# What the command needs at run time besides its own libraries: Noto fonts for the scripts the
# bundled fonts lack (CJK, Indic, Southeast Asian, Ethiopic, …), found through fontconfig after the
# bundled fonts. The Debian package `make deb` builds depends on these.
RUNTIME_PACKAGES := fonts-noto-core fonts-noto-cjk
TEST_PACKAGES  := librsvg2-bin poppler-utils file python3 python3-pil chromium $(RUNTIME_PACKAGES)
# Only for regenerating reference data (make refs) and the optional browser benchmark.
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

.PHONY: all build demo test bench samples refs clean deps-build deps-runtime deps-test deps-ref static-pkgconfig \
        release install uninstall deb install-check

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

bench: static-pkgconfig
	$(RELEASE_ENV) $(SWIFT) build $(RELEASE) --product tagcloud
	$(RELEASE_ENV) $(SWIFT) build $(RELEASE) --product TagCloudBench
	.build/release/TagCloudBench

samples: static-pkgconfig
	$(RELEASE_ENV) $(SWIFT) build $(RELEASE) --product tagcloud
	.build/release/tagcloud samples --out samples

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
	rm -rf .build out
