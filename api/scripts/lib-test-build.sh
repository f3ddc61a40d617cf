# Sourced by run-tests.sh and test-postgres.sh: the api, its tests and @haven/rules transpiled once into
# a temporary directory beside api/ (scripts/test-build.mjs), so that every test file runs on plain node
# instead of loading each module through tsx in each process. The caller removes $TEST_BUILD on exit.
build_api_tests() {
  TEST_BUILD="$(mktemp -d "$(cd .. && pwd)/.api-test.XXXXXX")"
  node scripts/test-build.mjs "$TEST_BUILD"
}
# TEST_ARGS: the arguments with each test/x.test.ts replaced by its JavaScript in the build (the others,
# such as --test-name-pattern=..., kept as they are).
built_test_args() {
  TEST_ARGS=()
  local a
  for a in "$@"; do
    case "$a" in
      *.test.ts) TEST_ARGS+=("$TEST_BUILD/${a%.ts}.js") ;;
      *) TEST_ARGS+=("$a") ;;
    esac
  done
}
