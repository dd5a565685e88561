# What the load benchmarks share, sourced by them: reading a driver's line, the median, a ratio.

# The value of `NAME=value` in the line on standard input (examples/load_driver's output): NAME
# whole, so that `p50_ms` is not read from `event_p50_ms`.
field() { sed -n "s/^\(.* \)\{0,1\}$1=\([^ ]*\).*/\2/p"; }
# The median of the numbers on standard input, one a line.
median() { sort -g | awk '{a[NR]=$1} END {print (NR % 2) ? a[(NR+1)/2] : (a[NR/2] + a[NR/2+1]) / 2}'; }
# The ratio of field $3 in driver line $1 to the same field in line $2, with $4 decimals (2).
ratio() {
  awk -v a="$(echo "$1" | field "$3")" -v b="$(echo "$2" | field "$3")" -v d="${4:-2}" \
    'BEGIN {printf "%." d "f\n", a / b}'
}
