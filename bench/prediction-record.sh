#!/usr/bin/env bash
# bench/prediction-record.sh WORK [--kernels "sor lu fft water math3 guava"] [--threads "1 2 4 8"] [--cli JAR] [--workloads JAR]:
# the COR recordings whose block counts drive the predictions of bench/run prediction, at two small step counts per kernel
# (the steady state per step is the difference: the same subtraction as the measured side makes). --cli: another build's
# CLI jar records (default cli/target/wholetrace.jar; a copy outside a build tree needs $WHOLETRACE_AGENT, docs/cli.md);
# --workloads: the programs' jar (default workloads/target/wholetrace-workloads.jar), e.g. a copy that a rebuild cannot change.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
work="$1"; shift
kernels="sor lu fft water"; threads="1 2 4 8"; cli=cli/target/wholetrace.jar; jar=workloads/target/wholetrace-workloads.jar
while [[ $# -gt 0 ]]; do
  case "$1" in
    --kernels) kernels="$2"; shift 2 ;;
    --threads) threads="$2"; shift 2 ;;
    --cli) cli="$2"; shift 2 ;;
    --workloads) jar="$2"; shift 2 ;;
    *) echo "prediction-record: unknown option $1" >&2; exit 2 ;;
  esac
done
source bench/prediction-sizes.sh
mkdir -p "$work"
for k in $kernels; do
  for t in $threads; do
    for s in $(profile_steps_of "$k"); do
      f="$work/$k-$t-$s.wtrace"
      [[ -s "$f" ]] && continue
      rc=0
      # shellcheck disable=SC2046 # main_of's words are the class and its arguments
      java -jar "$cli" record --mode COR -o "$f" --force -- java -cp "$jar" $(main_of "$k" "$t" "$s") >/dev/null 2>"$work/$k-$t-$s.record.log" || rc=$?
      if [[ $rc != "$(exit_of "$k")" ]]; then echo "prediction-record: $k $t threads $s steps exited with $rc ($work/$k-$t-$s.record.log)" >&2; exit 1; fi
    done
  done
done
