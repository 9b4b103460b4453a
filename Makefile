# The commands people run. Each target installs what it needs that a fresh machine lacks.
SWIFT ?= swift
RELEASE_BIN := .build/release
TSBENCH := $(RELEASE_BIN)/tsbench
LINT_PATHS := Package.swift Sources Tests Benchmarks/Package.swift Benchmarks/BenchmarkSupport \
  Benchmarks/Matchers Benchmarks/Index Benchmarks/Session Benchmarks/Gate Benchmarks/GateWorkload

.PHONY: bench test unicode-data datasets build lint format clean help \
  bench-suites bench-check bench-baseline bench-gate-demo bench-alloc bench-tools

JEMALLOC := /usr/lib/x86_64-linux-gnu/libjemalloc.so.2
# The Matchers suite's benchmarks that bench-alloc runs under both allocators.
ALLOC_FILTER ?= .*-(1k|10k|100k)-.*

## bench: the main job: datasets, conformance of every matcher, corpus, matcher and session timings
bench: datasets
	$(TSBENCH) verify --report results/conformance.md
	$(TSBENCH) bench-corpus --dataset mixed-1m
	$(TSBENCH) bench-matchers --dataset mixed-1m
	$(TSBENCH) bench-session

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
	cd Benchmarks && swift package benchmark $(if $(SUITE),--target $(SUITE)) $(if $(FILTER),--filter '$(FILTER)')

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
