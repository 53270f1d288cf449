#!/usr/bin/env bash
# Makes a Debian machine (bookworm or newer, run as root) able to build and run the site's
# image, as CI does: Debian's podman with runc, and podman's Docker-compatible socket for
# testcontainers. Safe to run again: each step is skipped when already done.
#
# It prints the environment the tests need, for the calling shell to take:
#   engine_env=$(bash scripts/container-engine-setup.sh) && eval "$engine_env"
# Everything else it says goes to stderr.
set -euo pipefail

socket_path=/run/podman/podman.sock

missing=()
for command in podman runc debootstrap prlimit curl; do
  command -v "$command" >/dev/null || missing+=("$command")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo >&2 "Installing podman, runc, debootstrap, util-linux and curl from Debian's packages (missing: ${missing[*]})"
  apt-get update -qq
  DEBIAN_FRONTEND=noninteractive apt-get install -y -qq podman runc debootstrap util-linux curl >/dev/null
fi

# crun, podman's default runtime, fails on these machines (hybrid cgroups, and raising
# rlimits inside the container): runc with cgroupfs and no default ulimits runs containers.
conf=/etc/containers/containers.conf
wanted_conf='[containers]
default_ulimits = []

[engine]
cgroup_manager = "cgroupfs"
runtime = "runc"'
if [ "$(cat "$conf" 2>/dev/null)" != "$wanted_conf" ]; then
  if [ -s "$conf" ]; then
    cp "$conf" "$conf.before-municipal-site"
    echo >&2 "Kept the previous $conf as $conf.before-municipal-site"
  fi
  mkdir -p "$(dirname "$conf")"
  printf '%s\n' "$wanted_conf" >"$conf"
fi

# testcontainers speaks the Docker API: podman serves it on a socket while this service runs.
# --time=0 keeps it up however long the build between two calls takes.
if ! curl -sf --unix-socket "$socket_path" http://d/_ping >/dev/null 2>&1; then
  mkdir -p "$(dirname "$socket_path")"
  nohup podman system service --time=0 "unix://$socket_path" >/tmp/podman-service.log 2>&1 &
  # Up to 30 s: on a busy machine podman takes a while to open the socket.
  for _ in $(seq 1 150); do
    curl -sf --unix-socket "$socket_path" http://d/_ping >/dev/null 2>&1 && break
    sleep 0.2
  done
  curl -sf --unix-socket "$socket_path" http://d/_ping >/dev/null ||
    { echo "podman's API socket did not answer; see /tmp/podman-service.log" >&2; exit 1; }
fi

echo "export DOCKER_HOST=unix://$socket_path"
# Ryuk, testcontainers' reaper, is an image pulled from Docker Hub, which CI cannot reach;
# the tests remove their own containers.
echo "export TESTCONTAINERS_RYUK_DISABLED=true"
