#!/usr/bin/env bash
# `npm test`: every suite, on a fresh machine. Provisions Chromium and PostgreSQL when missing,
# starts a throwaway PostgreSQL and the Firebase Auth emulator, and runs typecheck, lint, unit,
# integration (SQLite and PostgreSQL; AUTH_PROVIDER=firebase against the emulator)
# and end-to-end tests (JS off and on on SQLite, the account flows again with Firebase; JS off, every
# flow through plain forms, on PostgreSQL).
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib/system-deps.sh
source scripts/lib/postgres.sh
source scripts/lib/firebase-emulator.sh
source scripts/lib/node24.sh

# The test run is what CI runs: Playwright retries a failed test once (recording a trace then), forbids
# `test.only`, and gives each test 60 s on a busy machine (playwright.config.ts).
export CI="${CI:-1}"

started=$(date +%s)
stage_started=$started
stage_name=""
stage_times=()
# Each stage's duration, printed again at the end so that a slow stage stands out.
step() {
	local now
	now=$(date +%s)
	[ -n "$stage_name" ] && stage_times+=("$(printf '%5ss  %s' "$((now - stage_started))" "$stage_name")")
	stage_name=$1
	stage_started=$now
	printf '\n\033[1m== %s (%ss)\033[0m\n' "$1" "$((now - started))"
}

step "System packages"
ensure_system_packages
[ -d node_modules ] || npm install

step "Typecheck"
npm run -s typecheck
step "Lint"
npm run -s lint

step "Build"
npm run -s build

step "Node 24 from the npm registry"
NODE24_ROOT=$(prepare_node24)
trap remove_node24 EXIT

step "Unit tests"
npx vitest run --project unit

step "PostgreSQL"
trap 'stop_auth_emulator; stop_test_postgres; remove_node24' EXIT
start_test_postgres

# Each runtime meets each database: the integration suite runs on SQLite with Node 24 (the recommended
# runtime, with its own SQLite driver; the servers its tests start run on Node 24 too) and on PostgreSQL with
# Node 20; the end-to-end suites run the server on Node 20.
step "Integration tests on SQLite (Node 24)"
in_node24 env TEST_DATABASE=sqlite npx vitest run --project integration
step "Integration tests on PostgreSQL (Node 20)"
TEST_DATABASE=postgres npx vitest run --project integration
step "Bench smoke run (small data, every phase must answer; no budgets)"
npm run -s bench -- --quick >/tmp/portal-bench-quick.log 2>&1 || {
	tail -n 60 /tmp/portal-bench-quick.log
	exit 1
}
tail -n 3 /tmp/portal-bench-quick.log
step "Firebase provider against the Auth emulator"
start_auth_emulator
TEST_DATABASE=sqlite npx vitest run --project firebase

step "End-to-end tests on SQLite (JS off and on)"
E2E_DATABASE=sqlite npx playwright test
step "End-to-end account flows with the Firebase provider (JS off and on)"
E2E_DATABASE=sqlite E2E_AUTH_PROVIDER=firebase npx playwright test \
	tests/e2e/sign-in.spec.ts tests/e2e/sign-out.spec.ts tests/e2e/forced-password-change.spec.ts tests/e2e/password-change-sessions.spec.ts \
	tests/e2e/second-factor.spec.ts tests/e2e/second-factor-required.spec.ts
stop_auth_emulator

# Every HTTP flow runs on PostgreSQL in the integration suite; in a browser, the flows whose queries differ
# most between the databases (lists with search, filters, sorts and pages, bulk actions, saved views, the
# audit log, users, the second factor and the security page). The whole nojs project ran here until the
# suite reached its 20-minute budget; the rest of it (the shell, languages, the axe sweep of the same HTML)
# does not depend on the database.
step "End-to-end tests on PostgreSQL (JS off): the database-heavy flows"
E2E_DATABASE=postgres npx playwright test --project=nojs \
	tests/e2e/catalogs-stations.spec.ts tests/e2e/catalogs-tools.spec.ts tests/e2e/catalogs-bulk.spec.ts tests/e2e/list-views.spec.ts \
	tests/e2e/admin-users.spec.ts tests/e2e/admin-audit.spec.ts tests/e2e/admin-notifications.spec.ts \
	tests/e2e/second-factor.spec.ts tests/e2e/account-security.spec.ts


step "All suites passed"
printf '%s\n' "Time per stage:" "${stage_times[@]}" "$(printf '%5ss  %s' "$(($(date +%s) - started))" "in all")"
