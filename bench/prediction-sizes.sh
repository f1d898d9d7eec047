# Sourced by bench/prediction*.sh: the programs' sizes, step counts and command lines (docs/results/prediction.md).
# The kernels (sor lu fft water) run through dev.wholetrace.workloads.Workload and are predicted from its graph;
# the library drivers (math3 guava) run their own main class, whose graph is built from the workloads jar
# (libraries shaded in). A driver's "steps" are its size argument (Math3Driver: rounds; GuavaDriver: the
# multiplier of its hashed items and of each thread's iterations), its thread count the argument after it.
# size_of K: the problem size; steps_of K: the measured step counts (low, high), whose difference is
# 0.7-5 s of one core's CPU in steady state (sessions 35 and 36); profile_steps_of K: the recorded step counts (low, high).
size_of() { case "$1" in sor) echo 256 ;; lu) echo 256 ;; fft) echo 16 ;; water) echo 256 ;; *) echo - ;; esac; }
steps_of() { case "$1" in sor) echo "1000 21000" ;; lu) echo "10 260" ;; fft) echo "10 260" ;; water) echo "10 1010" ;;
  math3) echo "20 720" ;; guava) echo "20 5020" ;; esac; }
# Water's recorded steps are its measured ones (session 45): it starts from a lattice denser than the liquid, and its
# molecule pairs inside the cut-off (the dear branch of pair) fall from 14 862 a step (steps 1-12) to 12 928 (step 1010),
# 13 513 on average over the window: a profile of steps 2-6 priced the window 10 % too many of them. The
# drivers' blocks a round move by 0.4 % or less between rounds 3-6 and 7-20; Sor, Lu and Fft repeat each step's computation.
profile_steps_of() { case "$1" in sor) echo "10 30" ;; lu) echo "1 3" ;; fft) echo "1 3" ;; water) steps_of water ;;
  math3) echo "2 6" ;; guava) echo "2 6" ;; esac; }
# max_steps_of K: the vertices one simulation of K's recordings may run (simulate --max-steps; its default, 200 M, is
# about 195 of Water's steps: its 1010 recorded steps are about 1.0 G vertices, 1 M a step).
max_steps_of() { case "$1" in water) echo 3000000000 ;; *) echo 200000000 ;; esac; }
# jvm_of: the JVM options of every measured run (session 45): the collector pinned to Serial, which HotSpot's ergonomics
# choose on one processor and the one-core calibration runs under; on two processors they choose G1, so before session 45
# the 1-core and 2-core points ran under different collectors (docs/results/prediction.md, sessions 44 and 45).
jvm_of() { echo "-XX:+UseSerialGC"; }
# main_of K THREADS STEPS: the main class and arguments of one run.
main_of() {
  case "$1" in
    math3) echo "dev.wholetrace.workloads.libs.Math3Driver $3 $2" ;;
    guava) echo "dev.wholetrace.workloads.libs.GuavaDriver $3 $2" ;;
    *) echo "dev.wholetrace.workloads.Workload $1 $2 $(size_of "$1") $3" ;;
  esac
}
# graph_of K WORK: the execution graph K is predicted from (bench/prediction.sh builds each one, entry_of K its entry).
graph_of() { case "$1" in math3 | guava) echo "$2/$1.egraph" ;; *) echo "$2/workload.egraph" ;; esac; }
entry_of() { main_of "$1" 1 1 | cut -d' ' -f1; }
# exit_of K: the exit code of a successful run (the drivers end with System.exit of their own code).
exit_of() { case "$1" in math3) echo 5 ;; guava) echo 3 ;; *) echo 0 ;; esac; }
