# What the PGN benchmarks share; sourced by scripts/bench/validate and scripts/bench/convert.

# corpus_pgn OUT: the shared corpus's master, engine and online games in one file. A blank
# line after each file: some end without a newline, and cat would glue the last
# header-only game of one to the first game of the next.
corpus_pgn() {
  local shared=${CHESS_SHARED_DIR:-../shared} f
  local -a files
  mapfile -t files < <(find "$shared/corpus/pgn/master" "$shared/corpus/pgn/engine" "$shared/corpus/pgn/online" -type f | sort)
  for f in "${files[@]}"; do cat "$f"; printf "\n\n"; done >"$1"
}

# measure RUNS CMD...: the shortest of RUNS runs of CMD, in seconds, and that run's peak
# RSS in KB. Wall time from the shell's microsecond clock (GNU time's %e has 10 ms steps,
# 4% of a quarter-second run); GNU time still gives the peak RSS. Exit status 1 (some game
# invalid) is an answer, not a failure of the benchmark.
measure() {
  local runs=$1 best="" rss="" start t m run timefile
  shift
  timefile=$(mktemp)
  for ((run = 0; run < runs; ++run)); do
    start=$EPOCHREALTIME
    /usr/bin/time -o "$timefile" -f '%M' "$@" >/dev/null 2>&1 || true
    t=$(echo "$EPOCHREALTIME - $start" | bc -l)
    m=$(tail -n1 "$timefile")
    if [ -z "$best" ] || (($(echo "$t < $best" | bc -l))); then best=$t rss=$m; fi
  done
  rm -f "$timefile"
  echo "$best $rss"
}

# measure_jobs RUNS CMD...: CMD with --jobs 1 and with --jobs 2, their runs alternating, so
# that the machine's drift (a shared machine's speed wanders by 10% within minutes) weighs
# on both alike. Prints the best of each with its peak RSS: "T1 RSS1 T2 RSS2".
measure_jobs() {
  local runs=$1 run t m best1="" rss1="" best2="" rss2=""
  shift
  for ((run = 0; run < runs; ++run)); do
    read -r t m <<<"$(measure 1 "$@" --jobs 1)"
    if [ -z "$best1" ] || (($(echo "$t < $best1" | bc -l))); then best1=$t rss1=$m; fi
    read -r t m <<<"$(measure 1 "$@" --jobs 2)"
    if [ -z "$best2" ] || (($(echo "$t < $best2" | bc -l))); then best2=$t rss2=$m; fi
  done
  echo "$best1 $rss1 $best2 $rss2"
}
