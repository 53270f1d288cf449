#!/usr/bin/env bash
# Builds the Dockerfile's base image, debian:trixie-slim, from Debian's packages alone, for
# machines that reach a Debian mirror but no image registry (air-gapped sites, CI). Needs
# root and debootstrap. Usage:
#   scripts/debian-base-image.sh [podman|docker]
# DEBIAN_MIRROR and DEBIAN_SECURITY_MIRROR choose the mirrors; by default, the ones this
# machine's apt uses. The image is named as Docker Hub's, docker.io/library/debian:trixie-slim,
# so that the Dockerfile's FROM finds it without pulling; like Docker's, it is a minimal
# Debian whose apt reads the same mirrors, with documentation and translations left out.
set -euo pipefail

engine=${1:-podman}
image=docker.io/library/debian:trixie-slim
suite=trixie

# The archives this machine's apt reads, one a line (the first Debian one is the default).
apt_uris() {
  { cat /etc/apt/sources.list /etc/apt/sources.list.d/*.list /etc/apt/sources.list.d/*.sources 2>/dev/null || true; } |
    sed -n -e 's/^URIs:[[:space:]]*//p' -e 's/^deb[[:space:]]\+\(\[[^]]*\][[:space:]]\+\)\?\([^[:space:]]\+\).*/\2/p' |
    tr ' ' '\n'
}
mirror=${DEBIAN_MIRROR:-$(apt_uris | grep -E '/debian/?$' | head -n 1 || true)}
mirror=${mirror:-http://deb.debian.org/debian}
security=${DEBIAN_SECURITY_MIRROR-$(apt_uris | grep -E '/debian-security/?$' | head -n 1 || true)}

if [ "$(id -u)" != 0 ]; then
  echo "debootstrap needs root: run this script as root (sudo)" >&2
  exit 1
fi
command -v debootstrap >/dev/null || {
  echo "debootstrap is missing: apt-get install debootstrap" >&2
  exit 1
}

rootfs=$(mktemp -d /var/tmp/debian-rootfs.XXXXXX)
trap 'rm -rf "$rootfs"' EXIT

echo "Building $image from $mirror with debootstrap (about a minute)" >&2
debootstrap --variant=minbase "$suite" "$rootfs" "$mirror" >"$rootfs.log" 2>&1 || {
  cat "$rootfs.log" >&2
  rm -f "$rootfs.log"
  exit 1
}
rm -f "$rootfs.log"

# apt inside the image reads the same mirrors, with the point-release and security updates
# where the mirror has them.
rm -f "$rootfs/etc/apt/sources.list"
{
  printf 'Types: deb\nURIs: %s\nSuites: %s %s-updates\nComponents: main\nSigned-By: /usr/share/keyrings/debian-archive-keyring.gpg\n' \
    "$mirror" "$suite" "$suite"
  if [ -n "$security" ]; then
    printf '\nTypes: deb\nURIs: %s\nSuites: %s-security\nComponents: main\nSigned-By: /usr/share/keyrings/debian-archive-keyring.gpg\n' \
      "$security" "$suite"
  fi
} >"$rootfs/etc/apt/sources.list.d/debian.sources"

# As in Docker's debian images: apt keeps no package files or caches once it is done (they
# would stay in every image layer), downloads no translations, and dpkg skips fsync.
cat >"$rootfs/etc/apt/apt.conf.d/docker-clean" <<'EOF'
DPkg::Post-Invoke { "rm -f /var/cache/apt/archives/*.deb /var/cache/apt/archives/partial/*.deb /var/cache/apt/*.bin || true"; };
APT::Update::Post-Invoke { "rm -f /var/cache/apt/archives/*.deb /var/cache/apt/archives/partial/*.deb /var/cache/apt/*.bin || true"; };
Dir::Cache::pkgcache "";
Dir::Cache::srcpkgcache "";
EOF
echo 'Acquire::Languages "none";' >"$rootfs/etc/apt/apt.conf.d/docker-no-languages"
echo 'force-unsafe-io' >"$rootfs/etc/dpkg/dpkg.cfg.d/docker-apt-speedup"

# What Docker's slim images leave out, now and for every package installed later.
cat >"$rootfs/etc/dpkg/dpkg.cfg.d/slim" <<'EOF'
path-exclude /usr/share/doc/*
path-include /usr/share/doc/*/copyright
path-exclude /usr/share/man/*
path-exclude /usr/share/info/*
path-exclude /usr/share/locale/*
path-include /usr/share/locale/locale.alias
path-exclude /usr/share/lintian/*
EOF
find "$rootfs/usr/share/doc" -mindepth 1 -not -name copyright -not -type d -delete
find "$rootfs/usr/share/locale" -mindepth 1 -maxdepth 1 -not -name locale.alias -exec rm -rf {} +
rm -rf "$rootfs"/usr/share/man/* "$rootfs"/usr/share/info/* \
  "$rootfs"/var/lib/apt/lists/* "$rootfs"/var/cache/apt/*.bin "$rootfs"/var/cache/apt/archives/*.deb \
  "$rootfs"/var/log/*.log "$rootfs"/var/log/apt/* "$rootfs"/tmp/*

tar -C "$rootfs" --numeric-owner -c . | "$engine" import - "$image" >/dev/null
echo "Built $image" >&2
