#!/bin/sh
# As the official image: without a config file, redis-server takes connections from other containers.
set -e
if [ "$1" = redis-server ]; then shift; set -- redis-server --protected-mode no "$@"; fi
exec setpriv --reuid=redis --regid=redis --init-groups "$@"
