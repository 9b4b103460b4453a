# The commands people run. Each target installs what it needs that a fresh machine lacks.
SWIFT ?= swift
RELEASE_BIN := .build/release
TSBENCH := $(RELEASE_BIN)/tsbench
LINT_PATHS := Package.swift Sources Tests Benchmarks/Package.swift Benchmarks/BenchmarkSupport \
  Benchmarks/Matchers Benchmarks/Index Benchmarks/Session Benchmarks/Gate Benchmarks/GateWorkload \
  Fuzz/Package.swift Fuzz/Driver Fuzz/Matchers Fuzz/Importers

.PHONY: fuzz sanitize sanitize-thread bench test unicode-data datasets build lint format clean help \
  bench-peers bench-suites bench-suites-report bench-check bench-baseline bench-gate-demo bench-alloc bench-tools

JEMALLOC := /usr/lib/x86_64-linux-gnu/libjemalloc.so.2
# The Matchers suite's benchmarks that bench-alloc runs under both allocators.
ALLOC_FILTER ?= .*-(1k|10k|100k)-.*

## bench: the main job: every strategy and its peers compared, with conformance, charts and a report
bench: datasets bench-peers
	$(TSBENCH) verify --report results/conformance.md
	$(TSBENCH) bench-corpus --dataset mixed-1m
	$(TSBENCH) bench-matchers --dataset mixed-1m --matchers folded,chunked
	$(TSBENCH) bench-session
	$(TSBENCH) replay --dataset datasets/mixed-1m.jsonl
	$(TSBENCH) bench-tokens --rounds 5
	$(TSBENCH) compare
	python3 Scripts/report-charts.py results || echo "charts not drawn: matplotlib is missing (pip install matplotlib)"
	python3 Scripts/benchmarks-report.py
	@echo "make bench: the report is results/REPORT.md; every target is in results/BENCHMARKS.md"

# The peers of the comparison and the chart library, installed when missing; a peer
# that cannot be installed is shown as "not installed" in the report.
bench-peers:
	@command -v rg >/dev/null || { apt-get update -qq && apt-get install -y -qq ripgrep; } || \
	  echo "ripgrep could not be installed: it will show as not installed"
	@python3 -c 'import stringzilla' 2>/dev/null || pip install -q stringzilla 2>/dev/null || \
	  echo "stringzilla could not be installed: it will show as not installed"
	@python3 -c 'import matplotlib' 2>/dev/null || pip install -q matplotlib 2>/dev/null || \
	  echo "matplotlib could not be installed: no charts"

## test: run every test
test: unicode-data
	$(SWIFT) test

# The case-folding test compares the committed table with Debian's CaseFolding.txt.
unicode-data:
	@test -f /usr/share/unicode/CaseFolding.txt || { \
	  echo "installing Debian's unicode-data (for /usr/share/unicode/CaseFolding.txt)"; \
	  apt-get update -qq && apt-get install -y -qq unicode-data; }

## datasets: generate the standard datasets that are missing and verify all against the manifest
datasets: build
	$(TSBENCH) datasets

build:
	$(SWIFT) build -c release --product tsbench

## bench-suites: every package-benchmark suite (Matchers, Index, Session, Gate); SUITE=Name for one
bench-suites:
	Scripts/run-suites.sh '$(SUITE)' '$(FILTER)'

## bench-suites-report: run every suite in full and write results/suites/ and results/BENCHMARKS.md
bench-suites-report:
	rm -rf results/suites.tmp && mkdir -p results/suites.tmp
	cd Benchmarks && swift package --allow-writing-to-directory ../results benchmark --format markdown \
	  --path ../results/suites.tmp --no-progress
	rm -rf results/suites && mv results/suites.tmp results/suites
	Scripts/benchmarks-report.py

## bench-check: the CI performance gate: instruction counts (callgrind) and malloc counts vs baselines
bench-check: bench-tools
	Scripts/bench-gate.sh check

## bench-baseline: measure again and rewrite the gate's baselines (results/gate/, Benchmarks/Thresholds/)
bench-baseline: bench-tools
	Scripts/bench-gate.sh baseline

## bench-gate-demo: show the gate fails a deliberate 2x slowdown of folded and passes unmodified code
bench-gate-demo: bench-tools
	Scripts/bench-gate-demo.sh

## bench-alloc: the Matchers suite under glibc malloc and under jemalloc, side by side in results/ALLOCATORS.md
bench-alloc: bench-tools
	rm -rf .build/alloc-glibc .build/alloc-jemalloc
	cd Benchmarks && swift package --allow-writing-to-directory ../.build benchmark --target Matchers \
	  --filter '$(ALLOC_FILTER)' --format jsonSmallerIsBetter --path ../.build/alloc-glibc --no-progress
	cd Benchmarks && TSB_WITHOUT_MALLOC_INTERPOSER=1 LD_PRELOAD=$(JEMALLOC) swift package \
	  --scratch-path .build-jemalloc --allow-writing-to-directory ../.build benchmark --target Matchers \
	  --filter '$(ALLOC_FILTER)' --format jsonSmallerIsBetter --path ../.build/alloc-jemalloc --no-progress
	Scripts/allocator-table.py .build/alloc-glibc/Current_run.json .build/alloc-jemalloc/Current_run.json \
	  "make bench-alloc ALLOC_FILTER='$(ALLOC_FILTER)'"

# valgrind (the instruction-count gate) and Debian's jemalloc, installed when missing.
bench-tools:
	@command -v valgrind >/dev/null && test -f $(JEMALLOC) || { \
	  echo "installing valgrind and libjemalloc-dev"; \
	  apt-get update -qq && apt-get install -y -qq valgrind libjemalloc-dev; }

## fuzz: libFuzzer on the matchers (vs the oracle) and the importers, FUZZ_SECONDS each (default 60)
fuzz:
	Scripts/fuzz.sh

## sanitize: the tests under AddressSanitizer, and the concurrent ones under ThreadSanitizer
sanitize: sanitize-thread
	swift test --scratch-path .build-asan --sanitize=address

## sanitize-thread: chunked, the pipeline and cancellation under ThreadSanitizer (run by CI)
sanitize-thread:
	swift test --scratch-path .build-tsan --sanitize=thread \
	  --filter 'ChunkedMatcher|SearchPipeline|TypingReplay'

## lint: check formatting with the toolchain's swift format
lint:
	$(SWIFT) format lint --strict --recursive $(LINT_PATHS)

## format: rewrite the sources in the project's format
format:
	$(SWIFT) format --in-place --recursive $(LINT_PATHS)

## clean: remove build products and generated datasets
clean:
	rm -rf .build .build-* Benchmarks/.build Benchmarks/.build-* datasets/*.jsonl datasets/*.txt

help:
	@grep -E '^## ' Makefile | sed 's/^## //'
