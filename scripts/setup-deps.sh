#!/usr/bin/env bash
# Installs the Debian packages kmm's build, tests and benchmarks need, when
# they are missing. As root it runs apt-get; otherwise it prints the command.
#   usage: setup-deps.sh [extra-package ...]
set -euo pipefail
pkgs=(cmake g++ ninja-build patch libgtest-dev libbenchmark-dev libopenblas-dev "$@")
missing=()
for p in "${pkgs[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
[ ${#missing[@]} -eq 0 ] && exit 0
if [ "$(id -u)" -eq 0 ]; then
  echo "kmm: installing ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
else
  echo "kmm: missing Debian packages; install them with:" >&2
  echo "  sudo apt-get install ${missing[*]}" >&2
  exit 1
fi
