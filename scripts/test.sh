#!/usr/bin/env bash
# `npm test`: every suite (typecheck, lint, unit and API, browser with JavaScript on and off, replicas on
# this machine's PostgreSQL, robustness of the web process against generated bodies),
# then one line "N passed, N failed" summing them all. Fails when any suite fails.
set -uo pipefail
cd "$(dirname "$0")/.."
mkdir -p .test-reports
rm -f .test-reports/*.json
# Every process the suites start appends its output here (scripts/check-logs.mjs reads them at the end).
rm -rf .test-reports/logs
status=0
# Each stage's time, printed at the end by scripts/test-times.mjs with the slowest test files.
stage_started=$SECONDS
stage_name=
stage() {
  [ -n "$stage_name" ] && printf '%s\t%s\n' "$stage_name" "$((SECONDS - stage_started))" >> .test-reports/stages.tsv
  stage_name=$1
  stage_started=$SECONDS
  [ -n "$1" ] && echo "== $1${2:+ ($2)}"
}
rm -f .test-reports/stages.tsv

echo "Node.js $(node -v) ($(command -v node))"
stage "Chromium"
bash scripts/ensure-chromium.sh || exit 1

stage "Typecheck"
if npm run --silent typecheck; then echo '{"passed":1,"failed":0}' > .test-reports/typecheck.json
else echo '{"passed":0,"failed":1}' > .test-reports/typecheck.json; status=1; fi

stage "Lint" "import boundaries, floating promises: eslint.config.js"
if npm run --silent lint; then echo '{"passed":1,"failed":0}' > .test-reports/lint.json
else echo '{"passed":0,"failed":1}' > .test-reports/lint.json; status=1; fi

stage "Unit and API tests" "embedded database"
npx vitest run --reporter=default --reporter=json --outputFile.json=.test-reports/vitest.json || status=1

stage "Build"
if ! npm run --silent build; then echo "The build failed: browser tests cannot run." >&2; status=1
else
  stage "Browser tests" "JavaScript on and off"
  PLAYWRIGHT_JSON_OUTPUT_NAME=.test-reports/playwright.json npx playwright test --reporter=list,json || status=1
  stage "Replicas" "several API and web processes on this machine's PostgreSQL"
  npx vitest run --config tests/replicas/vitest.config.ts --reporter=default --reporter=json --outputFile.json=.test-reports/replicas.json || status=1
  stage "Robustness" "generated bodies to every form action of a real web process, decision 131"
  npx vitest run --config tests/robustness/vitest.config.ts --reporter=default --reporter=json --outputFile.json=.test-reports/robustness.json || status=1
fi

stage "Log check" "every line of every process the suites started is JSON and names nobody, decision 145"
node scripts/check-logs.mjs --dir .test-reports/logs --out .test-reports/logs-check.json || status=1

stage ""
node scripts/test-times.mjs
node scripts/test-summary.mjs .test-reports/typecheck.json .test-reports/lint.json .test-reports/vitest.json .test-reports/playwright.json .test-reports/replicas.json .test-reports/robustness.json .test-reports/logs-check.json
exit $status
