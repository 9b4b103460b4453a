#!/bin/sh
# Regenerates Sources/TranscriptSearch/Folding/KeyPreimageTable.swift: for each scalar of
# a key, the scalars whose own key holds it, by the Unicode data of the Swift runtime
# that runs the tests (the same data the fold uses). Run it when KeyPreimagesTests says
# the table and the runtime disagree (a new toolchain with a new Unicode version).
set -eu
cd "$(dirname "$0")/.."
table="$PWD/Sources/TranscriptSearch/Folding/KeyPreimageTable.swift"
# The first run writes the table (and reports the old one as different); the second
# builds the new table and checks it.
TSB_WRITE_KEY_PREIMAGES="$table" swift test --filter 'KeyPreimagesTests/theTableIsWhatTheRuntimeComputes' || true
swift test --filter 'KeyPreimagesTests'
