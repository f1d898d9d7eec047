#!/usr/bin/env bash
# bench/run prediction: execution-graph predictions against measured run times (docs/results/prediction.md).
#   bench/run prediction [--kernels "sor lu fft water math3 guava"] [--threads "1 2 4 8"] [--reps 3] [--out docs/results] [--work bench/work/prediction]
# 1. calibrate a machine file once, pinned to one core (taskset -c 0 wholetrace calibrate: least squares over
#    micro-benchmark loops, none of them a kernel below; thread CPU time), and add the cross-core group measured
#    pinned to two cores (calibrate --cross-core --base: a park/unpark ping-pong, no kernel either); every
#    prediction below uses that combined file; since session 41 it also carries the JIT term (calibrate --jit --base, pinned
#    to one core: the compilers' CPU per bytecode byte and the slow code's factors, measured on calibrate's own loops in child
#    JVMs, and the JVM's compile thresholds), and since session 48 a started thread's own exit (calibrate --thread-exit). The library drivers Math3Driver and GuavaDriver (math3, guava) go
#    through every step like the kernels, each predicted from its own graph (bench/prediction-sizes.sh: their
#    command lines, steps and graphs);
# 2. measure each kernel x thread count at two step counts, pinned to one core and to two, wall and CPU
#    time, --reps runs each (bench/prediction-measure.sh; the difference is the steady state, JIT warm-up excluded);
# 3. record each kernel x thread count in COR mode at two small step counts (bench/prediction-record.sh);
# 4. simulate the Workload graph with each recording as --profile at 1 and 2 processors (bench/prediction-simulate.sh; --jit:
#    the JIT term of the measured window too, computed at the measured step counts);
#    and the same with the trace-driven predictor (simulate --replay; with the same JIT term since session 50);
# 5. compare per steady-state step, scaled to the measured steps (bench/prediction-report.py), and chart
#    (dev.wholetrace.bench.PredictionChart), for both predictors;
# 6. the 1-64 processor curves: each kernel recorded with 64 threads, simulated at 1..64 processors with
#    3 seeded runs (bench/prediction-curves.py, dev.wholetrace.bench.PredictionCurves). Sizes and steps:
#    bench/prediction-sizes.sh.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"
kernels="sor lu fft water math3 guava"; threads="1 2 4 8"; reps=3; out=docs/results; work=bench/work/prediction
while [[ $# -gt 0 ]]; do
  case "$1" in
    --kernels) kernels="$2"; shift 2 ;;
    --threads) threads="$2"; shift 2 ;;
    --reps) reps="$2"; shift 2 ;;
    --out) out="$2"; shift 2 ;;
    --work) work="$2"; shift 2 ;;
    *) echo "bench/run prediction: unknown option $1" >&2; exit 2 ;;
  esac
done
mkdir -p "$work" "$out"
jar=workloads/target/wholetrace-workloads.jar
./wholetrace --help >/dev/null # builds the CLI, the agent and the workloads if a source changed
[[ -f bench/target/wholetrace-bench.jar ]] || mvn -q -B -pl bench -am package -DskipTests >&2
echo "prediction: calibrating on one core" >&2
taskset -c 0 java -jar cli/target/wholetrace.jar calibrate -o "$work/one-core.properties" --force 2>"$work/calibrate.log"
# the cross-core group (session 36): a wake-up onto another, idle processor, which one core never shows; the
# combined file predicts the 1-core points exactly as the one-core file does (the group costs only on 2+ processors)
taskset -c 0,1 java -jar cli/target/wholetrace.jar calibrate --cross-core --base "$work/one-core.properties" -o "$work/machine-cross-core.properties" --force 2>"$work/calibrate-cross-core.log"
# the JIT term (session 41), on one core like the rest; a file without it predicts as before; and a started thread's own
# exit (session 48, cost.jvm.thread-exit: what Math3Driver's per-round threads cost beyond thread-start; a program that
# starts its threads once per run is left alone)
taskset -c 0 java -jar cli/target/wholetrace.jar calibrate --jit --thread-exit --base "$work/machine-cross-core.properties" -o "$work/machine.properties" --force 2>"$work/calibrate-jit.log"
source bench/prediction-sizes.sh
built=" "
for k in $kernels; do
  g=$(graph_of "$k" "$work")
  [[ $built == *" $g "* ]] && continue # the kernels share one graph
  built+="$g "
  java -jar cli/target/wholetrace.jar graph "$jar" --entry "$(entry_of "$k")" -o "$g" --force 2>"${g%.egraph}-graph.log"
done
echo "prediction: measuring" >&2
bench/prediction-measure.sh "$work/measured.tsv" --kernels "$kernels" --threads "$threads" --reps "$reps"
echo "prediction: recording" >&2
bench/prediction-record.sh "$work/rec" --kernels "$kernels" --threads "$threads"
echo "prediction: simulating" >&2
bench/prediction-simulate.sh "$work" "$work/machine.properties" "$work/predicted.tsv" --kernels "$kernels" --threads "$threads" --jit
bench/prediction-simulate.sh "$work" "$work/machine.properties" "$work/predicted-replay.tsv" --kernels "$kernels" --threads "$threads" --replay --jit
clock=$(sed -n 's/^clock.hz=//p' "$work/one-core.properties")
python3 bench/prediction-report.py "$work/measured.tsv" "$work/predicted.tsv" "$clock" "$work/table.md" "$work/rows.tsv"
python3 bench/prediction-report.py "$work/measured.tsv" "$work/predicted-replay.tsv" "$clock" "$work/table-replay.md" "$work/rows-replay.tsv"
java -cp bench/target/wholetrace-bench.jar dev.wholetrace.bench.PredictionChart "$work/rows.tsv" "$out/prediction.png"
echo "prediction: 1-64 processor curves" >&2
for k in $kernels; do
  s=$(profile_steps_of "$k" | cut -d' ' -f1)
  # shellcheck disable=SC2046 # main_of's words are the class and its arguments
  java -jar cli/target/wholetrace.jar record --mode COR -o "$work/rec/$k-64-$s.wtrace" --force -- java -cp "$jar" $(main_of "$k" 64 "$s") >/dev/null 2>"$work/rec/$k-64-$s.record.log" \
      || [[ $? == "$(exit_of "$k")" ]]
  java -jar cli/target/wholetrace.jar simulate "$(graph_of "$k" "$work")" --machine "$work/machine.properties" --profile "$work/rec/$k-64-$s.wtrace" \
      --procs 1,4,8,16,32,64 --runs 3 --format json > "$work/curve-$k.json" 2>"$work/curve-$k.log"
done
python3 bench/prediction-curves.py "$work/curves.tsv" $(for k in $kernels; do echo "$work/curve-$k.json"; done) > "$work/curves.md"
java -cp bench/target/wholetrace-bench.jar dev.wholetrace.bench.PredictionCurves "$work/curves.tsv" "$out/prediction-curves.png"
echo "prediction: tables in $work/table.md, chart $out/prediction.png (docs/results/prediction.md quotes them)" >&2
