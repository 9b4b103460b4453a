# The commands people run. Each target installs what it needs that a fresh machine lacks.
SWIFT ?= swift
RELEASE_BIN := .build/release
TSBENCH := $(RELEASE_BIN)/tsbench
LINT_PATHS := Package.swift Sources Tests

.PHONY: bench test datasets build lint format clean

## bench: the main job: make and verify the standard datasets, then measure the corpus layer
bench: datasets
	$(TSBENCH) bench-corpus --dataset mixed-1m

## test: run every test
test:
	$(SWIFT) test

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
