#!/bin/bash
# Look at a result folder's pictures as a person would: headless Chromium screenshots of
# report.html (whole page) and of each SVG at its own size, as PNG files in OUTDIR.
#
#   tools/screenshot.sh DIR [OUTDIR]       (OUTDIR defaults to DIR/screenshots)
#
# Needs Chromium (Debian: `apt-get install -y chromium`); CI does not run this. Open the PNGs
# and check: no overlapping or clipped labels, readable bands and legends, axes that start and
# end where the data does.
set -euo pipefail
dir=${1:?usage: tools/screenshot.sh DIR [OUTDIR]}
out=${2:-$dir/screenshots}
browser=$(command -v chromium || command -v chromium-browser || command -v google-chrome || true)
if [ -z "$browser" ]; then
    echo "no chromium found: apt-get install -y chromium" >&2
    exit 2
fi
if [ ! -f "$dir/report.html" ]; then
    echo "$dir has no report.html: run \`lotr-sim plot $dir\` first" >&2
    exit 2
fi
mkdir -p "$out"
abs=$(cd "$dir" && pwd)
shot() { # FILE WIDTH HEIGHT PNG
    "$browser" --headless --no-sandbox --disable-gpu --hide-scrollbars \
        --window-size="$2,$3" --screenshot="$4" "file://$abs/$1" >/dev/null 2>&1
    echo "$4"
}
shot report.html 1280 3200 "$out/report.png"
for svg in "$abs"/*.svg; do
    [ -e "$svg" ] || continue
    name=$(basename "$svg" .svg)
    # The canvas size is in the SVG's first line: <svg width="W" height="H" ...>.
    read -r w h < <(head -c 200 "$svg" | sed -nE 's/.*width="([0-9]+)" height="([0-9]+)".*/\1 \2/p')
    shot "$name.svg" "${w:-1200}" "${h:-800}" "$out/$name.png"
done
