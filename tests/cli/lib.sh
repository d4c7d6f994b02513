# Shared by the CLI test scripts: a scratch folder, pass/fail counting, and running the
# program under test with its outputs and status captured.
# Before sourcing: set `bin` to the program; `run_flags` (array) are added to every run.
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
passed=0
failed=0
check() {  # check NAME COMMAND...: the command's success is the check
  local name=$1
  shift
  if "$@"; then passed=$((passed + 1)); else failed=$((failed + 1)); echo "FAIL: $name" >&2; fi
}
run() {  # run ARGS...: sets out, err, status (NUL bytes dropped)
  "$bin" "${run_flags[@]}" "$@" >"$tmp/out" 2>"$tmp/err"
  status=$?
  out=$(tr -d '\0' <"$tmp/out")
  err=$(tr -d '\0' <"$tmp/err")
}
finish() {  # finish NAME: the closing count, and the exit status
  echo "$1: $passed passed, $failed failed"
  [ $failed -eq 0 ]
}
