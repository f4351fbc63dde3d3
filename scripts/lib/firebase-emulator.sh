# Starts the Firebase Auth emulator on loopback ports and exports FIREBASE_AUTH_EMULATOR_HOST.
# firebase-tools is large and only the tests need it: it is installed once, in its own folder
# (without its optional native addon), not in the project's dependencies.
# stop_auth_emulator (registered on EXIT by the caller) stops it and deletes its files.
# start_auth_emulator is launch_auth_emulator then wait_for_auth_emulator: scripts/test.sh installs
# firebase-tools in the background from the start, launches the emulator well before the stage that needs it
# and only then waits for it, so that its start (seconds of loading firebase-tools) runs beside other stages.
FIREBASE_TOOLS_VERSION=15.34.2
FIREBASE_TOOLS_DIR="${FIREBASE_TOOLS_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/staff-portal/firebase-tools-$FIREBASE_TOOLS_VERSION}"
EMULATOR_TMP=""
EMULATOR_PID=""
EMULATOR_AUTH_PORT=""

free_port() {
	node -e "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})"
}

start_auth_emulator() {
	launch_auth_emulator && wait_for_auth_emulator
}

# Installs firebase-tools when missing (nothing to do when it is there).
install_firebase_tools() {
	if [ ! -x "$FIREBASE_TOOLS_DIR/node_modules/.bin/firebase" ]; then
		echo "Installing firebase-tools $FIREBASE_TOOLS_VERSION into $FIREBASE_TOOLS_DIR"
		mkdir -p "$FIREBASE_TOOLS_DIR"
		echo '{"name":"firebase-tools-for-tests","private":true}' >"$FIREBASE_TOOLS_DIR/package.json"
		npm install --prefix "$FIREBASE_TOOLS_DIR" --omit=optional --no-audit --no-fund --loglevel=error "firebase-tools@$FIREBASE_TOOLS_VERSION" >/dev/null
	fi
}

# Installs firebase-tools when missing and starts the emulator in the background.
launch_auth_emulator() {
	install_firebase_tools || return 1
	EMULATOR_TMP=$(mktemp -d /tmp/portal-firebase.XXXXXX)
	local auth hub logging
	auth=$(free_port)
	hub=$(free_port)
	logging=$(free_port)
	# The UI would be downloaded on first use: it is not needed.
	cat >"$EMULATOR_TMP/firebase.json" <<JSON
{"emulators": {"auth": {"host": "127.0.0.1", "port": $auth}, "hub": {"host": "127.0.0.1", "port": $hub}, "logging": {"host": "127.0.0.1", "port": $logging}, "ui": {"enabled": false}}}
JSON
	(cd "$EMULATOR_TMP" && exec "$FIREBASE_TOOLS_DIR/node_modules/.bin/firebase" emulators:start --only auth --project demo-staff-portal >"$EMULATOR_TMP/emulator.log" 2>&1) &
	EMULATOR_PID=$!
	EMULATOR_AUTH_PORT=$auth
}

# Waits (up to a minute) until the launched emulator answers, then exports FIREBASE_AUTH_EMULATOR_HOST.
wait_for_auth_emulator() {
	local auth=$EMULATOR_AUTH_PORT
	[ -n "$EMULATOR_PID" ] && [ -n "$auth" ] || {
		echo "wait_for_auth_emulator: no emulator launched" >&2
		return 1
	}
	for _ in $(seq 1 120); do
		if node -e "fetch('http://127.0.0.1:$auth/').then(() => process.exit(0), () => process.exit(1))" 2>/dev/null; then
			export FIREBASE_AUTH_EMULATOR_HOST="127.0.0.1:$auth"
			echo "Firebase Auth emulator started on $FIREBASE_AUTH_EMULATOR_HOST"
			return 0
		fi
		if ! kill -0 "$EMULATOR_PID" 2>/dev/null; then break; fi
		sleep 0.5
	done
	cat "$EMULATOR_TMP/emulator.log" >&2
	return 1
}

stop_auth_emulator() {
	if [ -n "$EMULATOR_PID" ]; then
		kill "$EMULATOR_PID" 2>/dev/null || true
		wait "$EMULATOR_PID" 2>/dev/null || true
	fi
	EMULATOR_PID=""
	EMULATOR_AUTH_PORT=""
	if [ -n "$EMULATOR_TMP" ]; then rm -rf "$EMULATOR_TMP"; fi
	EMULATOR_TMP=""
	return 0
}
