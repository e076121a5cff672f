# TagCloud: the README's two commands live here.
#   make demo   renders the bundled default cloud (installs what it needs, builds, runs)
#   make test   runs every test (installs what it needs, builds, tests)
# Other targets: make build, make bench, make samples, make sanitize, make refs, make clean,
# make install, make uninstall, make deb, make fault-matrix, make docs-check, make leak-check, make fuzz.

SHELL := /bin/bash
export PATH := /opt/swift/usr/bin:$(PATH)
SWIFT ?= swift

# Debian packages: what building needs, and what the tests add: rsvg-convert (librsvg2-bin) and
# pdftoppm (poppler-utils) draw our SVGs and PDFs back to pixels so the tests can compare them with
# the PNGs (TagCloudTesting's .pdf strategy rasterises PDFs with pdftoppm too); fc-list
# (fontconfig) is what the system-font test compares our family list with; headless Chromium,
# driven by Tools/browser/cdp.py with python3, checks the SVG and HTML output as a web page shows
# it; Pillow and Chromium decode and play the animations, as independent readers of our APNG and
# animated SVG; hugo builds a small site whose term pages collect's links must reach.
BUILD_PACKAGES := pkg-config libcairo2-dev libfreetype-dev libfontconfig-dev libharfbuzz-dev \
                  libfribidi-dev libpng-dev libdeflate-dev libicu-dev
# What the command needs at run time besides its own libraries: Noto fonts for the scripts the
# bundled fonts lack (CJK, Indic, Southeast Asian, Ethiopic, …), found through fontconfig after the
# bundled fonts. The Debian package `make deb` builds depends on these.
RUNTIME_PACKAGES := fonts-noto-core fonts-noto-cjk fontconfig-config
# python3 writes the fault matrix's PNG bombs and listens on its Unix socket; python3-pil and
# chromium decode and play the animations and web output.
TEST_PACKAGES  := librsvg2-bin poppler-utils fontconfig file python3 python3-pil chromium hugo $(RUNTIME_PACKAGES)
# The benchmarks' browser comparison (Tools/browser/cdp.py drives Chromium).
BENCH_PACKAGES := chromium python3 time
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

.PHONY: all build demo test docs-check bench samples sanitize refs clean deps-build deps-runtime deps-test deps-bench deps-ref \
        static-pkgconfig release install uninstall deb install-check fault-matrix leak-check fuzz fuzz-build \
        fuzz-corpus fuzz-smoke

# Where `make install` puts the command (PREFIX/bin/tagcloud) and its fonts
# (PREFIX/share/tagcloud/Fonts, where the command finds them); DESTDIR stages the tree.
PREFIX  ?= /usr/local
DESTDIR ?=
# The package version: VERSION, then the number of commits (so later builds sort later), the
# commit, and ".dirty" when tracked files differ from it.
VERSION ?= $(shell cat VERSION)$(shell git rev-parse --short HEAD >/dev/null 2>&1 && echo "+git$$(git rev-list --count HEAD).$$(git rev-parse --short HEAD)$$(git diff --quiet HEAD -- 2>/dev/null || echo .dirty)")
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

# A stripped binary and the bundled fonts; the command finds the fonts beside it. Paths are
# quoted (a DESTDIR with a space); uninstall removes what install put and nothing else.
install: release
	@test -n "$(PREFIX)" || { echo "PREFIX is empty: give one, such as /usr/local"; exit 2; }
	Tools/packaging/install-files install "$(DESTDIR)$(PREFIX)" .build/release/tagcloud Fonts
	@echo "Installed $(DESTDIR)$(PREFIX)/bin/tagcloud and $(DESTDIR)$(PREFIX)/share/tagcloud/Fonts"

uninstall:
	@test -n "$(PREFIX)" || { echo "PREFIX is empty: give the one make install was given"; exit 2; }
	Tools/packaging/install-files uninstall "$(DESTDIR)$(PREFIX)" Fonts

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
	$(MAKE) --no-print-directory fault-matrix
	$(MAKE) --no-print-directory fuzz-smoke
	$(MAKE) --no-print-directory docs-check

# The documentation check (Tools/docs-check.sh): every library module's DocC catalog and doc
# comments, converted by docc with warnings as errors (a link to a symbol that is not there, an
# ambiguous link, an undocumented parameter), from a fresh build of their symbol graphs.
docs-check: deps-build
	Tools/docs-check.sh $(SWIFT)

# The fault matrix (Tests/FaultMatrix/fault-matrix.sh): the release command against every way its
# outputs, inputs, standard streams, images and numbers can go wrong, and kill -9 / SIGINT /
# SIGTERM / SIGHUP at several moments of a large render.
fault-matrix: release
	Tests/FaultMatrix/fault-matrix.sh .build/release/tagcloud

# LeakSanitizer over 1,000 renders in one process (Tests/LeakCheck: every sample spec in turn to
# PNG, SVG, PDF and layout JSON, decoded and compared, and a refused spec), in the AddressSanitizer
# build that make sanitize uses (.build-asan): any allocation nothing points to at exit fails it.
LEAK_RENDERS ?= 1000
leak-check: deps-build
	$(SWIFT) build --sanitize=address --scratch-path .build-asan --product LeakCheck
	ASAN_OPTIONS=detect_leaks=1 .build-asan/debug/LeakCheck $(LEAK_RENDERS) samples

# The fuzzer (Sources/TagCloudFuzz): libFuzzer through Swift's -sanitize=fuzzer, with
# AddressSanitizer, over the spec readers (json, yaml, csv, text), the --set parser (set), the PNG
# reader (png), the URL checker of links (link), collect's front matter (frontmatter) and Hugo
# configuration (hugoconfig) readers, and rendering a text spec in every format (render). SwiftPM names an executable's entry point
# <module>_main and defines main as it; gold fails on that with libFuzzer's own main, lld keeps
# one. The C code built here (libyaml, inside Yams) is instrumented too. The seed corpus is the
# samples (specs and small pictures), Fuzz/seeds (--set lines, PNG variants, links) and
# Fuzz/regressions (inputs that once failed, replayed by the tests as well); the working corpus
# grows in $(FUZZ_DIR)/corpus. The link target's dictionary is Fuzz/link.dict.
#   make fuzz                          every target for FUZZ_TIME seconds (1800), one after another
#   make fuzz FUZZ_TARGETS=png         one target
#   make fuzz-smoke                    each target FUZZ_RUNS runs (2000) from the seeds, fixed seed:
#                                      what make test runs
FUZZ_TARGETS ?= json yaml csv text set png link frontmatter hugoconfig render
FUZZ_TIME    ?= 1800
FUZZ_RUNS    ?= 2000
FUZZ_DIR     := $(CURDIR)/.build-fuzz
FUZZ_BIN     := $(FUZZ_DIR)/release/TagCloudFuzz
FUZZ_BUILD   := -c release --product TagCloudFuzz --scratch-path $(FUZZ_DIR) -Xswiftc -DFUZZING \
                -Xswiftc -sanitize=fuzzer,address -Xswiftc -use-ld=lld -Xcc -fsanitize=fuzzer-no-link,address
# The machine is shared: one worker, one job, niced.
FUZZ_RUN     := nice -n 15 env ASAN_OPTIONS=detect_leaks=0 SWIFT_BACKTRACE=enable=no TAGCLOUD_FONTS=$(CURDIR)/Fonts
FUZZ_DICT     = $$( case $$t in png) ;; link) echo -dict=$(CURDIR)/Fuzz/link.dict ;; *) echo -dict=$(FUZZ_DIR)/spec.dict ;; esac )

fuzz-build: deps-build
	$(SWIFT) build $(FUZZ_BUILD)

# Seeds per target, rebuilt from the samples each time for the targets named only (so that two
# lanes, make fuzz FUZZ_TARGETS="json csv" beside FUZZ_TARGETS="set png", do not remove each other's
# seeds): $(FUZZ_DIR)/seeds/<target> (the JSON
# layouts are JSON too, of keys a spec does not have); and a dictionary of the spec's keys and
# names, printed from the key tables by the replaying build (spec.dict).
fuzz-corpus:
	$(SWIFT) build --product TagCloudFuzz
	@mkdir -p $(FUZZ_DIR) && .build/debug/TagCloudFuzz --dictionary > $(FUZZ_DIR)/spec.dict
	@for t in $(FUZZ_TARGETS); do rm -rf $(FUZZ_DIR)/seeds/$$t && mkdir -p $(FUZZ_DIR)/seeds/$$t $(FUZZ_DIR)/corpus/$$t; done
	@cp samples/*.json $(FUZZ_DIR)/seeds/json/ 2>/dev/null || true
	@cp samples/*.yaml $(FUZZ_DIR)/seeds/yaml/ 2>/dev/null || true
	@cp samples/*.csv $(FUZZ_DIR)/seeds/csv/ 2>/dev/null || true
	@cp samples/*.txt $(FUZZ_DIR)/seeds/text/ 2>/dev/null || true
	@cp samples/*.txt Fuzz/seeds/render/* $(FUZZ_DIR)/seeds/render/ 2>/dev/null || true
	@cp Fuzz/seeds/set/* $(FUZZ_DIR)/seeds/set/ 2>/dev/null || true
	@cp Fuzz/seeds/link/* $(FUZZ_DIR)/seeds/link/ 2>/dev/null || true
	@find Tests/TagCloudTests/Fixtures/sites -name '*.md' -size -16k -exec cp {} $(FUZZ_DIR)/seeds/frontmatter/ \; 2>/dev/null || true
	@cp Fuzz/seeds/hugoconfig/* $(FUZZ_DIR)/seeds/hugoconfig/ 2>/dev/null || true
	@for f in samples/*.png; do [ $$(stat -c %s $$f) -le 32768 ] && cp $$f $(FUZZ_DIR)/seeds/png/ 2>/dev/null; done; \
	  cp Fuzz/seeds/png/* $(FUZZ_DIR)/seeds/png/ 2>/dev/null || true
	@for t in $(FUZZ_TARGETS); do [ -d Fuzz/regressions/$$t ] && cp Fuzz/regressions/$$t/* $(FUZZ_DIR)/seeds/$$t/; true; done

fuzz: fuzz-build fuzz-corpus
	@for t in $(FUZZ_TARGETS); do \
	  mkdir -p $(FUZZ_DIR)/logs/$$t $(FUZZ_DIR)/crashes && cd $(FUZZ_DIR)/logs/$$t && \
	  echo "fuzzing $$t for $(FUZZ_TIME) s (log: $(FUZZ_DIR)/logs/$$t/fuzz-0.log)" && \
	  start=$$(date +%s) && \
	  TAGCLOUD_FUZZ_TARGET=$$t $(FUZZ_RUN) $(FUZZ_BIN) -workers=1 -jobs=1 -max_total_time=$(FUZZ_TIME) \
	    -max_len=65536 $(FUZZ_DICT) -artifact_prefix=$(FUZZ_DIR)/crashes/$$t- $(FUZZ_DIR)/corpus/$$t $(FUZZ_DIR)/seeds/$$t; \
	  status=$$?; echo "$$t: $$(( $$(date +%s) - start )) s, exit $$status, $$(grep -o '^Done [0-9]* runs in [0-9]* second' fuzz-0.log | tail -1)"; \
	  cd $(CURDIR); [ $$status = 0 ] || exit $$status; \
	done

fuzz-smoke: fuzz-build fuzz-corpus
	@for t in $(FUZZ_TARGETS); do \
	  rm -rf $(FUZZ_DIR)/smoke/$$t && mkdir -p $(FUZZ_DIR)/smoke/$$t && \
	  TAGCLOUD_FUZZ_TARGET=$$t $(FUZZ_RUN) $(FUZZ_BIN) -runs=$(FUZZ_RUNS) -seed=1 -max_len=65536 $(FUZZ_DICT) \
	    -artifact_prefix=$(FUZZ_DIR)/smoke/$$t- $(FUZZ_DIR)/smoke/$$t $(FUZZ_DIR)/seeds/$$t 2>$(FUZZ_DIR)/smoke/$$t.log \
	    || { tail -40 $(FUZZ_DIR)/smoke/$$t.log; exit 1; }; \
	  echo "fuzz-smoke $$t: $(FUZZ_RUNS) runs, no failure"; \
	done

# The benchmarks: every figure with its median, min and max and its target, then
# "N figures, M targets met, K missed". Fails when a figure cannot be produced; BENCH_ARGS passes
# options (a group name, --require-targets to fail on a missed target too). The figures are also
# written as JSON to $(BENCH_JSON).
BENCH_JSON ?= .build/bench-figures.json
bench: release deps-bench
	$(RELEASE_ENV) $(SWIFT) build $(RELEASE) --product TagCloudBench
	.build/release/TagCloudBench --json $(BENCH_JSON) $(BENCH_ARGS)

# The committed samples (samples/*.png, .svg, .layout.json, .html and samples/gallery/*) are golden files.
#   make samples                      checks every one against what the code renders now
#   make samples RECORD=tag-cloud     records the named ones (paths under samples/ without the
#                                     extension, comma-separated: tag-cloud,gallery/numbers-flow,
#                                     world/languages), then checks them
#   make samples RECORD=all           records every one (the gallery's animation too), and the gallery
#                                     page samples/README.md
# Recording goes through the tests (TAGCLOUD_RECORD_SAMPLES), which fail while they record so a
# recording run is never taken for a pass; the check that follows must pass. Look at what changed.
SAMPLE_TESTS := SampleGoldenTests|GallerySampleTests|WorldLanguagesGoldenTests|AnimationFileTests
samples: deps-test
	$(SWIFT) build --build-tests
ifneq ($(RECORD),)
	@TAGCLOUD_RECORD_SAMPLES='$(RECORD)' $(SWIFT) test --skip-build --filter '$(SAMPLE_TESTS)' 2>&1 \
	  | grep -o 'recorded samples/[^;]*' | sort -u || true
ifeq ($(RECORD),all)
	@TAGCLOUD_RECORD=1 $(SWIFT) test --skip-build --filter AnimationFileTests 2>&1 | grep -o 'recorded /[^;]*' | sort -u || true
	@.build/debug/tagcloud samples >/dev/null && echo "wrote samples/README.md (and the gallery, as the tests recorded it)"
endif
endif
	$(SWIFT) test --skip-build --filter '$(SAMPLE_TESTS)'

# Sanitizers, each in its own build folder so the normal build stays as it is:
# ThreadSanitizer over the tests of the modules that use threads (Canvas draws bands and encodes
# PNG parts on every core; Typesetting loads fonts in parallel and shares its caches), as the
# Typesetting catalog claims, and a large cloud's chips, which TagCloud measures on every core
# (ParallelMeasuringTests); AddressSanitizer over the whole suite. LeakSanitizer is off: the
# command's processes exit with fontconfig's configuration still allocated. `make test` (and so
# .ci/run) does not run them: they rebuild everything twice, about 30 minutes on a 2-core machine.
# TSAN_TESTS=. runs ThreadSanitizer over the whole suite (about 15 minutes more).
TSAN_TESTS ?= CanvasTests|TypesettingTests|ParallelMeasuringTests
sanitize: deps-test
	$(SWIFT) build --build-tests --sanitize=thread --scratch-path .build-tsan
	TSAN_OPTIONS=halt_on_error=1 $(SWIFT) test --skip-build --sanitize=thread --scratch-path .build-tsan \
	  --filter '$(TSAN_TESTS)'
	$(SWIFT) build --build-tests --sanitize=address --scratch-path .build-asan
	ASAN_OPTIONS=detect_leaks=0 $(SWIFT) test --skip-build --sanitize=address --scratch-path .build-asan

# Regenerates committed reference data: Unicode tables (UCD), script names and the Debian font
# package of each script, the test fonts, shaping references (hb-shape, Chromium) and flex-wrap
# layouts (Chromium, at whole and at fractional font sizes; the scripts' ones with the machine's Noto
# fonts as fallback).
refs: deps-ref
	python3 Tests/TypesettingTests/Fixtures/make_unicode_tables.py
	python3 Tests/TypesettingTests/Fixtures/make_script_tables.py
	python3 Tests/TypesettingTests/Fixtures/make_fonts.py
	python3 Tests/TypesettingTests/Fixtures/make_refs.py
	python3 Tests/TypesettingTests/Fixtures/make_script_refs.py
	python3 Tools/browser/flexrefs.py
	python3 Tools/browser/flexrefs.py --count 100 --stress 40 --fractional-sizes --seed 20261203 \
	  --out Tests/TagCloudTests/Fixtures/chromium-flex-fractional.json
	python3 Tools/browser/scriptrefs.py

clean:
	rm -rf .build .build-tsan .build-asan .build-fuzz out
