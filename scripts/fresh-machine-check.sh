#!/usr/bin/env bash
# The newcomer's path, timed: a fresh clone of this checkout runs `make test`, then a second
# `make test` (everything installed), then `make demo`.
#   bash scripts/fresh-machine-check.sh                    # with this machine's packages as they are
#   bash scripts/fresh-machine-check.sh --remove-packages  # first apt-get remove the project's
#                                                          # Debian packages (root; a scratch machine!)
# The clone sits in a temporary folder with ../shared linked beside it, as in CI.
set -euo pipefail
here=$(cd "$(dirname "$0")/.." && pwd)
if [ "${1:-}" = "--remove-packages" ]; then
  [ "$(id -u)" -eq 0 ] || { echo "fresh-machine-check: --remove-packages needs root." >&2; exit 1; }
  mapfile -t debs < <(sed -n '/^DEBS=(/,/^)/p' "$here/scripts/bootstrap.sh" | sed '1d;$d' \
                      | sed 's/#.*//' | tr ' ' '\n' | grep -v '^$')
  echo "fresh-machine-check: removing ${#debs[@]} Debian packages: ${debs[*]}"
  DEBIAN_FRONTEND=noninteractive apt-get remove -y -q "${debs[@]}" >/dev/null
  DEBIAN_FRONTEND=noninteractive apt-get autoremove -y -q >/dev/null
fi
work=$(mktemp -d /tmp/companion-fresh.XXXXXX)
[ -d "$here/../shared" ] && ln -s "$(cd "$here/../shared" && pwd)" "$work/shared"
git clone -q "$here" "$work/x"
cd "$work/x"
step() {  # step NAME LOG COMMAND...: run it, say how long it took, or show why it failed
  local name=$1 log=$2 start=$SECONDS; shift 2
  if ! "$@" </dev/null >"$log" 2>&1; then
    tail -n 20 "$log"; echo "fresh-machine-check: $name failed (full output: $log)" >&2; exit 1
  fi
  echo "fresh-machine-check: $name: $(( SECONDS - start )) s; last line: $(tail -n 1 "$log")"
}
echo "fresh-machine-check: clone in $work/x"
step "first make test (installs what is missing)" "$work/test1.log" make test
step "second make test" "$work/test2.log" make test
step "make demo" "$work/demo.log" make demo
