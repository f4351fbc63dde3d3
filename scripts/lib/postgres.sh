# Starts a throwaway PostgreSQL cluster on a loopback port and exports TEST_POSTGRES_URL.
# stop_test_postgres (registered on EXIT by the caller) stops it and deletes its files.
PG_TMP=""
PG_BIN=""

start_test_postgres() {
	PG_BIN=$(dirname "$(ls /usr/lib/postgresql/*/bin/initdb | sort -V | tail -n 1)")
	PG_TMP=$(mktemp -d /tmp/portal-pg.XXXXXX)
	local port
	port=$(node -e "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})")
	local run=()
	# PostgreSQL refuses to run as root: hand the cluster to the postgres account.
	if [ "$(id -u)" -eq 0 ]; then
		chown postgres "$PG_TMP"
		run=(runuser -u postgres --)
	fi
	"${run[@]}" "$PG_BIN/initdb" -D "$PG_TMP/data" -U postgres -A trust --no-sync -E UTF8 --locale=C.UTF-8 >"$PG_TMP/initdb.log" 2>&1 || {
		cat "$PG_TMP/initdb.log" >&2
		return 1
	}
	"${run[@]}" "$PG_BIN/pg_ctl" -D "$PG_TMP/data" -l "$PG_TMP/server.log" -w -t 60 \
		-o "-p $port -k $PG_TMP -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=200" \
		start >/dev/null || {
		cat "$PG_TMP/server.log" >&2
		return 1
	}
	export TEST_POSTGRES_URL="postgres://postgres@127.0.0.1:$port/postgres"
	echo "PostgreSQL $("$PG_BIN/postgres" --version | awk '{print $3}') started on 127.0.0.1:$port"
}

stop_test_postgres() {
	[ -n "$PG_TMP" ] || return 0
	local run=()
	[ "$(id -u)" -eq 0 ] && run=(runuser -u postgres --)
	"${run[@]}" "$PG_BIN/pg_ctl" -D "$PG_TMP/data" -m fast -w stop >/dev/null 2>&1 || true
	rm -rf "$PG_TMP"
	PG_TMP=""
}
