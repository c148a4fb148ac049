#!/usr/bin/env bash
# Fetch the Kokkos 3.4.01 sources that ship inside Debian's `trilinos` source
# package (packages/kokkos), using a private apt configuration whose deb-src
# entry is derived from the mirror and suite already configured on this machine.
# No host name is written anywhere: it is read from the machine's apt sources.
#
# usage: fetch-kokkos-source.sh DEST_DIR
#   Leaves DEST_DIR/kokkos (the pristine packages/kokkos tree) and a stamp file.
#   Re-running with the stamp present does nothing.
set -euo pipefail
dest=${1:?usage: $0 DEST_DIR}
mkdir -p "$dest"
dest=$(cd "$dest" && pwd)
if [ -f "$dest/kokkos/.kmm-fetched" ]; then
  echo "kmm: Kokkos sources already fetched in $dest/kokkos"
  exit 0
fi
command -v apt-get >/dev/null || { echo "kmm: apt-get not found; install Kokkos yourself and pass -DKokkos_ROOT=..." >&2; exit 1; }

# --- the mirror URI and suite of the machine's main Debian archive ----------
uri=""; suite=""
if ls /etc/apt/sources.list.d/*.sources >/dev/null 2>&1; then
  # deb822 format: take the first stanza whose URIs do not end in -security
  read -r uri suite < <(awk '
    /^[[:space:]]*$/ { if (u != "" && s != "" && u !~ /security/) { print u, s; exit } u=""; s=""; next }
    /^URIs:/   { u=$2 }
    /^Suites:/ { s=$2 }
    END { if (u != "" && s != "" && u !~ /security/) print u, s }' /etc/apt/sources.list.d/*.sources | head -n1) || true
fi
if [ -z "$uri" ] && [ -f /etc/apt/sources.list ]; then
  read -r uri suite < <(awk '$1=="deb" && $0 !~ /security/ { for (i=2;i<=NF;i++) if ($i !~ /^\[/) { print $i, $(i+1); exit } }' /etc/apt/sources.list) || true
fi
[ -n "$uri" ] && [ -n "$suite" ] || { echo "kmm: could not find a Debian mirror in the apt sources" >&2; exit 1; }

work="$dest/apt"
mkdir -p "$work/lists/partial" "$work/cache/archives/partial" "$work/etc/preferences.d" "$work/dl"
echo "deb-src $uri $suite main" > "$work/etc/sources.list"
opts=(-o "Dir::Etc::SourceList=$work/etc/sources.list"
      -o "Dir::Etc::SourceParts=/dev/null"
      -o "Dir::Etc::PreferencesParts=$work/etc/preferences.d"
      -o "Dir::State::Lists=$work/lists"
      -o "Dir::Cache=$work/cache"
      -o "APT::Sandbox::User=root")
echo "kmm: fetching the trilinos source package (about 166 MB) from the machine's Debian mirror"
apt-get "${opts[@]}" -qq update
(cd "$work/dl" && apt-get "${opts[@]}" -q source --download-only trilinos)

orig=$(ls "$work"/dl/trilinos_*.orig.tar.* | head -n1)
echo "kmm: extracting packages/kokkos from $(basename "$orig")"
rm -rf "$dest/extract" "$dest/kokkos"
mkdir -p "$dest/extract"
tar -xf "$orig" -C "$dest/extract" --wildcards '*/packages/kokkos/*'
mv "$dest"/extract/*/packages/kokkos "$dest/kokkos"
rm -rf "$dest/extract"
grep -q 'Kokkos_VERSION_MAJOR 3' "$dest/kokkos/CMakeLists.txt" || true
touch "$dest/kokkos/.kmm-fetched"
# keep the downloaded tarball only if asked (it is large)
[ "${KMM_KEEP_TRILINOS_TARBALL:-0}" = 1 ] || rm -rf "$work/dl"
echo "kmm: Kokkos sources in $dest/kokkos"
