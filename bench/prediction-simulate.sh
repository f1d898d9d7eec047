#!/usr/bin/env bash
# bench/prediction-simulate.sh WORK MACHINE OUT.tsv [--kernels ...] [--threads ...] [--procs 1,2] [--replay] [--cli JAR] [--graph G] [--jit]: simulates
# each kernel's graph (WORK/workload.egraph; a driver's WORK/K.egraph, graph_of in bench/prediction-sizes.sh) with each recording WORK/rec/K-T-S.wtrace as --profile on MACHINE (with --replay: the
# trace-driven predictor, simulate --replay, instead). Rows: kernel threads procs steps seconds cpu-seconds
# (the simulated threads' executing time, summed); each simulation's JSON and log: WORK/TAG-MACHINE-K-T-S.json/.log
# (TAG sim or replay, with --cli the CLI's word; MACHINE the machine file's name without .properties). --cli: another build's CLI jar, --graph: its graph for the kernels (default WORK/workload.egraph),
# to compare two versions of the model on the same recordings. --jit (session 41; with --replay too since session 50): the high
# recording's row also gets what MACHINE's JIT term adds to the measured window (steps_of: simulate --jit-low/--jit-steps/--jit-window),
# seconds and CPU seconds, as two more columns (0 and 0 for a machine without one); prediction-report.py adds them to the scaled difference.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
work="$1"; machine="$2"; out="$3"; shift 3
kernels="sor lu fft water"; threads="1 2 4 8"; procs=1,2; use=--profile; tag=sim; cli=cli/target/wholetrace.jar; graph=; jit=
# cli_tag JAR: a word for the output files' names: the checkout's directory of ROOT/cli/target/*.jar (wt-pred), else the
# jar's own name without .jar (a copy anywhere else: /tmp/pred/wholetrace-fluid.jar -> wholetrace-fluid; the checkout's
# name of a copy was "/", and every output file went to WORK/sim-/)
cli_tag() {
  local name
  case "$1" in
    cli/target/*.jar) name=$(basename "$root") ;;
    */cli/target/*.jar) name=$(basename "${1%/cli/target/*}") ;;
    *) name=$(basename "$1" .jar) ;;
  esac
  echo "${name//[^A-Za-z0-9._-]/_}"
}
while [[ $# -gt 0 ]]; do
  case "$1" in
    --kernels) kernels="$2"; shift 2 ;;
    --threads) threads="$2"; shift 2 ;;
    --procs) procs="$2"; shift 2 ;;
    --replay) use=--replay; tag=replay; shift ;;
    --cli) cli="$2"; tag="$tag-$(cli_tag "$2")"; shift 2 ;;
    --graph) graph="$2"; shift 2 ;;
    --jit) jit=1; shift ;;
    *) echo "prediction-simulate: unknown option $1" >&2; exit 2 ;;
  esac
done
source bench/prediction-sizes.sh
# the machine file's name is in each output file's (two machine files on the same recordings and CLI each keep
# their JSON and log: the name was the CLI's alone, and the second file's run overwrote the first's)
mtag=$(basename "$machine" .properties); mtag="${mtag//[^A-Za-z0-9._-]/_}"
: > "$out"
for k in $kernels; do
  for t in $threads; do
    read -r a b < <(profile_steps_of "$k"); read -r lo hi < <(steps_of "$k")
    for s in $(profile_steps_of "$k"); do
      j="$work/$tag-$mtag-$k-$t-$s.json"
      g=$(graph_of "$k" "$work"); [[ -n $graph && $g == "$work/workload.egraph" ]] && g=$graph
      jitargs=()
      [[ -n $jit && $s == "$b" ]] && jitargs=(--jit-low "$work/rec/$k-$t-$a.wtrace" --jit-steps "$a,$b" --jit-window "$lo,$hi")
      java -jar "$cli" simulate "$g" --machine "$machine" --procs "$procs" --runs 1 --max-steps "$(max_steps_of "$k")" \
          "$use" "$work/rec/$k-$t-$s.wtrace" "${jitargs[@]}" --format json > "$j" 2>"$work/$tag-$mtag-$k-$t-$s.log"
      python3 - "$j" "$k" "$t" "$s" >> "$out" <<'PY'
import json, sys
d = json.load(open(sys.argv[1]))
for p in d['points']:
    busy = sum(t['executing'] for t in p['threads'])  # in cycles: prediction-report.py divides by the clock
    jit = [repr(p['jit']['addedSeconds']), repr(p['jit']['addedCpuSeconds'])] if 'jit' in p else []
    print('\t'.join([sys.argv[2], sys.argv[3], str(p['processors']), sys.argv[4], repr(p['seconds']), repr(busy), str(p['truncated'])] + jit))
PY
    done
  done
done
