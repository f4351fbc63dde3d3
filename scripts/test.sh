#!/usr/bin/env bash
# `npm test`: every suite, on a fresh machine. Provisions Chromium and PostgreSQL when missing,
# starts a throwaway PostgreSQL and the Firebase Auth emulator, and runs typecheck, lint, unit,
# integration (SQLite and PostgreSQL; AUTH_PROVIDER=firebase against the emulator)
# and end-to-end tests (every flow with JavaScript on SQLite and without it on PostgreSQL, the account flows
# again with Firebase), and follows docs/deploy.md on a fresh copy of the checkout.
set -euo pipefail
cd "$(dirname "$0")/.."
source scripts/lib/system-deps.sh
source scripts/lib/postgres.sh
source scripts/lib/firebase-emulator.sh
source scripts/lib/node24.sh

# The test run is what CI runs: Playwright retries a failed test once (recording a trace then), forbids
# `test.only`, and gives each test 60 s on a busy machine (playwright.config.ts).
export CI="${CI:-1}"
# Servers the suites start are single processes unless a test is about the cluster (it sets its own).
export WEB_CONCURRENCY="${WEB_CONCURRENCY:-1}"

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

# Work that runs beside the stages (downloads, suites that leave a core idle): `background NAME command…`
# starts it with its output in a file; `await_background NAME` waits for it, prints that output, and fails
# the run with its exit code. Its own duration is listed after the stages' (which add up to the whole run).
declare -A background_pids background_logs
background_times=()
background_dir=$(mktemp -d /tmp/portal-test-background.XXXXXX)
background() {
	local name=$1
	shift
	local log
	log="$background_dir/$(printf '%s' "$name" | tr -c 'A-Za-z0-9' '-').log"
	background_logs[$name]=$log
	# Job control on while it forks: the job gets a process group of its own, which cleanup can stop whole.
	set -m
	(
		set +e
		job_started=$(date +%s)
		"$@" >"$log" 2>&1
		status=$?
		# The CPU seconds (user + system) of everything the job ran: what it took from the stages beside it.
		times >"$log.times"
		cpu=$(awk 'NR == 2 { for (i = 1; i <= 2; i++) { split($i, t, /[ms]/); sum += t[1] * 60 + t[2] } printf "%.0f", sum }' "$log.times")
		echo "$status $(($(date +%s) - job_started)) $cpu" >"$log.status"
		exit "$status"
	) &
	background_pids[$name]=$!
	set +m
	printf '(started in the background: %s)\n' "$name"
}
await_background() {
	local name=$1 status=0 took
	wait "${background_pids[$name]}" || status=$?
	unset "background_pids[$name]"
	printf '\n\033[1m-- %s (in the background)\033[0m\n' "$name"
	cat "${background_logs[$name]}"
	took=$(cut -d' ' -f2 "${background_logs[$name]}.status" 2>/dev/null || echo '?')
	cpu=$(cut -d' ' -f3 "${background_logs[$name]}.status" 2>/dev/null || echo '?')
	background_times+=("$(printf '%5ss  %s (CPU %ss)' "$took" "$name" "$cpu")")
	if [ "$status" -ne 0 ]; then
		printf '\n\033[1;31m%s failed (exit code %s)\033[0m\n' "$name" "$status"
		exit "$status"
	fi
}
# On any exit: the background work that is still running is stopped (its process group), then the servers.
cleanup() {
	local pid
	for pid in "${background_pids[@]}"; do
		kill -TERM -- "-$pid" 2>/dev/null || true
		wait "$pid" 2>/dev/null || true
	done
	stop_auth_emulator
	stop_test_postgres
	remove_node24
	rm -rf "$background_dir"
}
trap cleanup EXIT

# The Firebase provider's integration tests (AUTH_PROVIDER=firebase), once the Auth emulator answers.
firebase_provider_tests() {
	wait_for_auth_emulator
	TEST_DATABASE=sqlite npx vitest run --project firebase
}

step "System packages"
ensure_system_packages
[ -d node_modules ] || npm install

# Started first, waited for when needed: the Node 24 download and firebase-tools (when missing) wait on the
# network, not on the cores.
step "PostgreSQL (the Node 24 download and firebase-tools beside it)"
NODE24_ROOT=$(mktemp -d /tmp/portal-node24.XXXXXX)
background "Node 24 download from the npm registry" download_node24 "$NODE24_ROOT"
background "firebase-tools" install_firebase_tools
start_test_postgres

# The guides followed on fresh copies of the checkout: docs/deploy.md (tests/docs/deploy-guide.test.ts: an install
# with the SQLite driver's compile, from ccache after the first run, and a build) and docs/development.md's "Add a
# catalog" (tests/docs/add-a-catalog.test.ts: the example catalog added, a type check and a build). Minutes of
# mostly one core that no later stage waits for: at the lowest priority they take what the stages leave idle,
# and are waited for at the end.
background "The deploy and add-a-catalog guides on fresh copies (lowest priority)" nice -n 19 npx vitest run --project docs

# tsc and ESLint keep one core each: they run beside the build and the unit tests, which need neither
# (measured on two busy cores: 51 and 56 s one after the other, 42 and 44 s side by side).
background "Typecheck" npm run -s typecheck
background "Lint" npm run -s lint
step "Build (typecheck and lint beside it)"
npm run -s build
step "Unit tests (typecheck and lint beside them)"
npx vitest run --project unit
await_background "Typecheck"
await_background "Lint"

# The Auth emulator takes seconds to start: it does so beside the integration tests, and is waited for
# (wait_for_auth_emulator) by the tests that use it.
await_background "firebase-tools"
launch_auth_emulator

await_background "Node 24 download from the npm registry"

# The integration suite and the SQLite browser suite run on Node 24, the recommended runtime (with its own
# SQLite driver; the servers the tests start run on it too): a fifth less CPU than Node 20. Node 20, at its
# end of life and supported until release 2.0 (decision 0015), runs the unit tests, the bench smoke run and
# the Firebase and PostgreSQL runs, in the browser too: its SQLite driver and PostgreSQL each behind a real
# browser.
step "Integration tests on SQLite (Node 24)"
in_node24 env TEST_DATABASE=sqlite npx vitest run --project integration
# Two short runs that leave a core idle a third to half of their time run beside the PostgreSQL integration
# tests, whose own waits (servers stopping, timers) leave about a tenth of the cores idle: measured on a
# fresh clone, 12 s and 5 s one after the other.
step "Integration tests on PostgreSQL (Node 24; the bench smoke run and the Firebase provider's tests beside it)"
background "Bench smoke run (small data, every phase must answer; no budgets)" npm run -s bench -- --quick
background "Firebase provider against the Auth emulator" firebase_provider_tests
in_node24 env TEST_DATABASE=postgres npx vitest run --project integration
await_background "Bench smoke run (small data, every phase must answer; no budgets)"
await_background "Firebase provider against the Auth emulator"

# Each browser project runs once, each on one database: every flow with JavaScript on SQLite (Node 24), every
# flow without it on PostgreSQL (Node 20), so both databases meet every flow in a browser and no flow runs
# twice on one database; the account flows (tagged @firebase) once more with the Firebase provider (SQLite,
# Node 20's driver), without JavaScript (the provider is the server's: a hydrated form posts to the same
# action), beside the PostgreSQL run on their own port, data folder and report.
step "End-to-end tests with JavaScript on SQLite (Node 24)"
in_node24 env E2E_DATABASE=sqlite npx playwright test --project=js
step "End-to-end tests without JavaScript on PostgreSQL (Node 20; the account flows with the Firebase provider beside them)"
wait_for_auth_emulator
background "End-to-end account flows with the Firebase provider (JS off)" \
	env E2E_DATABASE=sqlite E2E_AUTH_PROVIDER=firebase E2E_PORT=3230 npx playwright test --project=nojs --grep @firebase
E2E_DATABASE=postgres npx playwright test --project=nojs
await_background "End-to-end account flows with the Firebase provider (JS off)"
stop_auth_emulator
await_background "The deploy and add-a-catalog guides on fresh copies (lowest priority)"

step "All suites passed"
printf '%s\n' "Time per stage:" "${stage_times[@]}" "$(printf '%5ss  %s' "$(($(date +%s) - started))" "in all")" \
	"Beside the stages (in the background):" "${background_times[@]}"
