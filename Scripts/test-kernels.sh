#!/usr/bin/env bash
# make test-arm64: the C scan kernels against a plain C reference (Tests/KernelHarness),
# on arm64 under emulation and natively on this machine, so both architectures are held
# to one reference. Emulation proves correctness, never speed.
#
#   Scripts/test-kernels.sh [--rounds N] [--mca]
#     --rounds N  random rounds a kernel and function (default 300)
#     --mca       also print llvm-mca's estimate of the NEON quiet step (64 bytes without
#                 a candidate) on Apple M1, Neoverse V1 and Cortex-A72 (needs llvm-mca-16
#                 or newer: apt-get install llvm-16)
#
# The arm64 harness is built twice (char signed, as on Apple's arm64, and unsigned, as on
# Linux's) for plain Armv8.0, and each runs under qemu-aarch64 as a Cortex-A72 (any newer
# instruction faults) and as the newest CPU qemu models. Installs qemu-user and the arm64
# C library when missing (as root).
set -euo pipefail
root=$(cd "$(dirname "$0")/.." && pwd)
rounds=300
mca=0
while [ $# -gt 0 ]; do
  case $1 in
    --rounds) rounds=$2; shift 2 ;;
    --mca) mca=1; shift ;;
    *) echo "test-kernels: unknown argument '$1'" >&2; exit 64 ;;
  esac
done
clang=$(command -v clang || true)
[ -x /opt/swift/usr/bin/clang ] && clang=/opt/swift/usr/bin/clang
[ -n "$clang" ] || { echo "test-kernels: no clang (Swift's toolchain has one)" >&2; exit 1; }

if ! command -v qemu-aarch64 >/dev/null || [ ! -d /usr/aarch64-linux-gnu/lib ] \
  || ! ls /usr/lib/gcc-cross/aarch64-linux-gnu/*/crtbegin.o >/dev/null 2>&1; then
  echo "test-kernels: installing qemu-user, gcc-aarch64-linux-gnu and libc6-dev-arm64-cross"
  { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq \
      qemu-user gcc-aarch64-linux-gnu libc6-dev-arm64-cross >/dev/null; } || {
    echo "test-kernels: could not install them: run 'apt-get install qemu-user gcc-aarch64-linux-gnu libc6-dev-arm64-cross' as root" >&2
    exit 1
  }
fi

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
trap 'echo "test-kernels: interrupted" >&2; exit 130' INT TERM
kernels=$root/Sources/CScanKernels
sources=("$root/Tests/KernelHarness/kernel-harness.c" "$kernels/Dispatch.c" "$kernels"/x86_64/*.c
  "$kernels"/aarch64/*.c)
flags=(-O2 -std=c11 -Wall -Wextra -Werror -I "$kernels/include")

failed=0
run() {  # run LABEL COMMAND...
  local label=$1; shift
  if "$@" "$rounds" >"$work/out.txt" 2>&1; then
    sed "s/^/test-kernels: $label: /" "$work/out.txt"
  else
    head -20 "$work/out.txt" | sed "s/^/test-kernels: $label: /" >&2
    echo "test-kernels: $label: FAILED" >&2
    failed=1
  fi
}

for char in signed unsigned; do
  "$clang" "${flags[@]}" "-f$char-char" "${sources[@]}" -o "$work/native-$char"
  run "$(uname -m), char $char" "$work/native-$char"
  # Plain Armv8.0 (+ NEON, the arm64 baseline): a Cortex-A72 runs everything it holds.
  "$clang" --target=aarch64-linux-gnu -march=armv8-a "${flags[@]}" "-f$char-char" "${sources[@]}" \
    -o "$work/arm64-$char"
  for cpu in cortex-a72 max; do
    run "arm64 ($cpu), char $char" qemu-aarch64 -cpu "$cpu" -L /usr/aarch64-linux-gnu "$work/arm64-$char"
  done
done

if [ "$mca" = 1 ]; then
  mca_tool=$(command -v llvm-mca-16 || command -v llvm-mca-17 || command -v llvm-mca-18 || true)
  [ -n "$mca_tool" ] || { echo "test-kernels: --mca needs llvm-mca 16 or newer (apt-get install llvm-16)" >&2; exit 1; }
  # The quiet loop between markers (ScanTemplate.h, TSB_MCA_MARKERS); clang prints the
  # markers as "//" comments, which llvm-mca's AArch64 parser does not read.
  "$clang" --target=aarch64-linux-gnu -march=armv8-a -O2 -DTSB_MCA_MARKERS -I "$kernels/include" \
    -S "$kernels/aarch64/ScanNEON.c" -o - | sed 's|// LLVM-MCA|# LLVM-MCA|' > "$work/neon.s"
  for cpu in apple-m1 neoverse-v1 cortex-a72; do
    # The first region is tsb_find_neon's (no rows): absent and rare keywords.
    cycles=$("$mca_tool" -mtriple=aarch64-linux-gnu -mcpu="$cpu" -iterations=1000 "$work/neon.s" 2>/dev/null |
      awk '/^Total Cycles:/ && !done { print $3 / 1000; done = 1 }')
    echo "test-kernels: llvm-mca ($("$mca_tool" --version | awk '/version/ && !done { print $NF; done = 1 }')), $cpu: the NEON quiet step takes $cycles cycles a 64 bytes"
  done
fi

if [ "$failed" != 0 ]; then
  echo "test-kernels: FAILED: a kernel disagrees with the reference (above)" >&2
  exit 1
fi
echo "test-kernels: every kernel agrees with the reference"
