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
