#!/bin/sh
# install-deps.sh - the Debian packages hamm needs to build, test and benchmark.
set -e
if [ "$(id -u)" -eq 0 ]; then SUDO=; else SUDO=sudo; fi
export DEBIAN_FRONTEND=noninteractive
$SUDO apt-get update -qq
$SUDO apt-get install -y -qq --no-install-recommends \
    build-essential meson ninja-build pkg-config \
    libjansson-dev libzstd-dev zlib1g-dev liblzma-dev libcmocka-dev \
    zstd gzip xz-utils python3 time jq parallel gnuplot-nox >/dev/null
