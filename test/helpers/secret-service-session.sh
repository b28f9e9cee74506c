#!/usr/bin/env bash
# Runs inside `dbus-run-session`: starts gnome-keyring's Secret Service on that private bus with a fresh login
# keyring that is unlocked from the start (a locked keyring would make every keychain call wait for a prompt),
# prints the bus address, then lives until its stdin closes. dbus-run-session then stops the bus, and the
# keyring daemon, which watches the bus, exits with it.
set -euo pipefail
printf 'vigil-test-keyring\n' | gnome-keyring-daemon --unlock --components=secrets --daemonize >/dev/null
echo "DBUS_SESSION_BUS_ADDRESS=${DBUS_SESSION_BUS_ADDRESS}"
exec cat >/dev/null
