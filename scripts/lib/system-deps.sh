# Makes sure the Debian packages the test suites need are present: chromium-headless-shell (Playwright),
# postgresql (the throwaway server, pg_dump for backups), nginx and openssl (the reverse-proxy test), ccache (the
# deploy guide's test compiles the SQLite driver again on every run). Installs them through apt when running as root; otherwise
# says exactly what to install and stops.
ensure_system_packages() {
	local missing=()
	[ -x /usr/bin/chromium-headless-shell ] || missing+=(chromium-headless-shell)
	compgen -G '/usr/lib/postgresql/*/bin/initdb' >/dev/null || missing+=(postgresql)
	[ -x /usr/sbin/nginx ] || missing+=(nginx)
	command -v openssl >/dev/null || missing+=(openssl)
	command -v ccache >/dev/null || missing+=(ccache)
	[ ${#missing[@]} -eq 0 ] && return 0
	if [ "$(id -u)" -eq 0 ] && command -v apt-get >/dev/null; then
		echo "Installing Debian packages: ${missing[*]}"
		apt-get update -qq
		DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
	else
		echo "The tests need these Debian packages: ${missing[*]}" >&2
		echo "Install them with: sudo apt-get install -y ${missing[*]}" >&2
		exit 1
	fi
}
