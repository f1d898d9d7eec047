# Sourced by bench/prediction*.sh: the kernels' sizes and step counts (docs/results/prediction.md).
# size_of K: the problem size; steps_of K: the measured step counts (low, high), whose difference is
# >= 2 s of one core's CPU in steady state; profile_steps_of K: the recorded step counts (low, high).
size_of() { case "$1" in sor) echo 256 ;; lu) echo 256 ;; fft) echo 16 ;; water) echo 256 ;; esac; }
steps_of() { case "$1" in sor) echo "1000 21000" ;; lu) echo "10 260" ;; fft) echo "10 260" ;; water) echo "10 1010" ;; esac; }
profile_steps_of() { case "$1" in sor) echo "10 30" ;; lu) echo "1 3" ;; fft) echo "1 3" ;; water) echo "2 6" ;; esac; }
