#!/usr/bin/env bash
# bench/prediction-measure.sh: the measured side of bench/run prediction (docs/results/prediction.md).
#   bench/prediction-measure.sh OUT.tsv [--kernels "sor lu fft water math3 guava"] [--threads "1 2 4 8"] [--reps 3] [--jar WORKLOADS.jar]
#                               [--check MACHINE.properties --cli WHOLETRACE.jar]
# (--jar: a copy of the workloads jar, so that a build in the same tree during the hour of runs does not swap it)
# (--check: before the runs and after them, `calibrate --thread-exit --base MACHINE` on one core, its report in OUT.check: a
#  WARNING there says this machine's thread start is not the model's (session 51: the load average does not show it; at
#  load 1 the drivers' runs cost 1.4-2.9 times a quiet machine's, docs/results/prediction.md), and the file is no reference)
# Steady state, start-up excluded (the JIT's warm-up only where it ends before the low step count: not
# Math3Driver's, 55 % of whose difference on one core is the compiler threads, nor all of Lu's or
# GuavaDriver's, 12 %: docs/results/prediction.md, session 39, "the JIT"): each kernel or driver runs at a small and a large step count (steps_of
# in bench/prediction-sizes.sh, chosen so the difference is 0.7 s or more of one core's CPU: Lu at one thread, 0.71 s in session 36's quiet run); the steady-state time of
# STEPS_HI - STEPS_LO steps is the difference of the two runs' medians (start-up and class loading happen
# in both and cancel; so does the JIT's warm-up when it is over by the low step count). Each run is timed by /usr/bin/time: wall seconds and
# CPU seconds (user + sys of every thread of the JVM), pinned to one core (taskset -c 0) and to two
# (taskset -c 0,1), every run with the same collector (jvm_of in bench/prediction-sizes.sh: Serial; the ergonomic choice
# differs between one processor and two). Rows: kernel threads cores steps rep wall cpu load1 (load average before the run)
# gc (the collector option the run used; since session 45).
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
out="$1"; shift
kernels="sor lu fft water"; threads="1 2 4 8"; reps=3; jar=workloads/target/wholetrace-workloads.jar; check=""; cli=cli/target/wholetrace.jar
while [[ $# -gt 0 ]]; do
  case "$1" in
    --kernels) kernels="$2"; shift 2 ;;
    --threads) threads="$2"; shift 2 ;;
    --reps) reps="$2"; shift 2 ;;
    --jar) jar="$2"; shift 2 ;;
    --check) check="$2"; shift 2 ;;
    --cli) cli="$2"; shift 2 ;;
    *) echo "prediction-measure: unknown option $1" >&2; exit 2 ;;
  esac
done
source bench/prediction-sizes.sh
# machine_check WHEN: the thread start and exit now against the model's file (calibrate's own warning), appended to OUT.check
machine_check() {
  [[ -n $check ]] || return 0
  local tf; tf=$(mktemp --suffix=.properties)
  { echo "== $1 $(date -u +%FT%TZ) load $(cut -d' ' -f1 /proc/loadavg)"
    taskset -c 0 java -jar "$cli" calibrate --thread-exit --base "$check" -o "$tf" --force 2>&1 | grep 'thread exit' || echo "calibrate failed"; } >> "$out.check"
  rm -f "$tf"
}
: > "$out"
if [[ -n $check ]]; then : > "$out.check"; fi
machine_check before
for ((r = 0; r < reps; r++)); do
  for k in $kernels; do
    for t in $threads; do
      for cores in 0 0,1; do
        for s in $(steps_of "$k"); do
          load=$(cut -d' ' -f1 /proc/loadavg)
          tf=$(mktemp)
          rc=0
          # shellcheck disable=SC2046 # main_of's words are the class and its arguments
          /usr/bin/time -o "$tf" -f "%e %U %S" taskset -c "$cores" java $(jvm_of) -cp "$jar" $(main_of "$k" "$t" "$s") >/dev/null || rc=$?
          if [[ $rc != "$(exit_of "$k")" ]]; then echo "prediction-measure: $k $t threads $s steps exited with $rc" >&2; exit 1; fi
          read -r wall user sys < <(tail -n 1 "$tf"); rm -f "$tf" # time writes "Command exited with non-zero status" first
          n=$([[ $cores == 0 ]] && echo 1 || echo 2)
          printf '%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\t%s\n' "$k" "$t" "$n" "$s" "$r" "$wall" "$(echo "$user + $sys" | bc -l)" "$load" "$(jvm_of)" >> "$out"
        done
      done
    done
  done
done
machine_check after
