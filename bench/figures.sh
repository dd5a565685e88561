# What the load benchmarks share, sourced by them: reading a driver's line and the median.

# The value of `NAME=value` in the line on standard input (examples/load_driver's output): NAME
# whole, so that `p50_ms` is not read from `event_p50_ms`.
field() { sed -n "s/^\(.* \)\{0,1\}$1=\([^ ]*\).*/\2/p"; }
# The median of the numbers on standard input, one a line.
median() { sort -g | awk '{a[NR]=$1} END {print (NR % 2) ? a[(NR+1)/2] : (a[NR/2] + a[NR/2+1]) / 2}'; }
