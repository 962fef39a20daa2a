#!/usr/bin/env bash
# The four base images docker/compose.scale.yaml and docker/Dockerfile name (node:20-bookworm-slim,
# postgres:15, redis:7, haproxy:2.8), built from Debian's packages and this machine's Node, for a
# Docker engine that cannot reach Docker Hub but can reach a Debian mirror (as where this was
# written). Each keeps what the compose file uses of the official image: the same names, paths,
# users, variables and health-check commands (see each Dockerfile). Run as root from anywhere:
#   docker/offline-images/build.sh
# then `docker compose -f docker/compose.scale.yaml … up --build` finds them and pulls nothing.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT

if ! docker image inspect debian:bookworm-slim >/dev/null 2>&1; then
  command -v debootstrap >/dev/null || apt-get install -y -qq debootstrap >/dev/null 2>&1 ||
    { apt-get update -qq && apt-get install -y -qq debootstrap >/dev/null; }
  debootstrap --variant=minbase bookworm "$work/rootfs" http://deb.debian.org/debian >/dev/null
  rm -rf "$work"/rootfs/var/cache/apt/archives/*.deb "$work"/rootfs/var/lib/apt/lists/*
  tar -C "$work/rootfs" -c . | docker import - debian:bookworm-slim >/dev/null
fi

# Node as installed here (NodeSource's 20.x: the binary, its headers for native addons, npm), and
# this machine's CA bundle, which its egress proxy's certificate needs.
node_dir="$work/node"
mkdir -p "$node_dir/bin" "$node_dir/include" "$node_dir/lib"
cp "$(command -v node)" "$node_dir/bin/node"
cp -r "$(dirname "$(command -v node)")/../include/node" "$node_dir/include/"
cp -r "$(npm root -g)/npm" "$node_dir/lib/"
cp /etc/ssl/certs/ca-certificates.crt "$node_dir/"
cp "$here/node/Dockerfile" "$node_dir/"

docker build -q -t node:20-bookworm-slim "$node_dir"
docker build -q -t postgres:15 "$here/postgres"
docker build -q -t redis:7 "$here/redis"
docker build -q -t haproxy:2.8 "$here/haproxy"
