# The commands people run. Each target installs what it needs that a fresh machine lacks.
SWIFT ?= swift
RELEASE_BIN := .build/release
TSBENCH := $(RELEASE_BIN)/tsbench
LINT_PATHS := Package.swift Sources Tests

.PHONY: bench test unicode-data datasets build lint format clean help

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

## lint: check formatting with the toolchain's swift format
lint:
	$(SWIFT) format lint --strict --recursive $(LINT_PATHS)

## format: rewrite the sources in the project's format
format:
	$(SWIFT) format --in-place --recursive $(LINT_PATHS)

## clean: remove build products and generated datasets
clean:
	rm -rf .build datasets/*.jsonl datasets/*.txt

help:
	@grep -E '^## ' Makefile | sed 's/^## //'
