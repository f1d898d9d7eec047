#!/usr/bin/env bash
# bench/prediction-record.sh WORK [--kernels "sor lu fft water"] [--threads "1 2 4 8"]: the COR recordings
# whose block counts drive the predictions of bench/run prediction, at two small step counts per kernel
# (the steady state per step is the difference: the same subtraction as the measured side makes).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
work="$1"; shift
kernels="sor lu fft water"; threads="1 2 4 8"
while [[ $# -gt 0 ]]; do
  case "$1" in
    --kernels) kernels="$2"; shift 2 ;;
    --threads) threads="$2"; shift 2 ;;
    *) echo "prediction-record: unknown option $1" >&2; exit 2 ;;
  esac
done
jar=workloads/target/wholetrace-workloads.jar
source bench/prediction-sizes.sh
mkdir -p "$work"
for k in $kernels; do
  for t in $threads; do
    for s in $(profile_steps_of "$k"); do
      f="$work/$k-$t-$s.wtrace"
      [[ -s "$f" ]] && continue
      java -jar cli/target/wholetrace.jar record --mode COR -o "$f" --force -- java -cp "$jar" dev.wholetrace.workloads.Workload "$k" "$t" "$(size_of "$k")" "$s" >/dev/null 2>"$work/$k-$t-$s.record.log"
    done
  done
done
